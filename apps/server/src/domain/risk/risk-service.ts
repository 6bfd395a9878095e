/**
 * The risk score in the product (docs/screening.md "Risk score", D90–D91): a person's assessment is
 * recomputed when one of its factors may have changed, and a changed result is appended to their
 * history; a move to high opens an EDD case (the compliance task of the personal page) in the same
 * transaction.
 *
 * Recomputed on: a level-1 submission (submission-service.ts), a questionnaire submission or review
 * decision (submit.ts, questionnaire review), a screening run's hits (screening-service.ts) and a hit's
 * resolution (resolution.ts), each after its own commit; and by the `risk` job, a batch at a time, for
 * everyone whose current assessment predates the weights in force (a new weights version; D91, D93: a
 * change of the country lists in the back office is saved as a new version with the same weights).
 * Never a query per person in a request.
 */
import { checkDetail } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { RiskAssessmentRow } from '../../data/schema/index.ts';
import { decryptBlob, type MasterKeyring } from '../../lib/crypto/envelope.ts';
import { withStoredDataKey } from '../kyc/data-keys.ts';
import type { LoadLog } from '../screening/load-lists.ts';
import { answersObject } from '../questionnaires/sealed-answers.ts';
import { nextEddStatus } from '../questionnaires/status-machine.ts';
import {
  assessRisk,
  sameResult,
  type CountryListing,
  type CountryRiskList,
  type RiskFactor,
  type RiskInputs,
  type RiskLevel,
  type RiskResult,
  type RiskDocumentCheck,
  type SubmittedAnswers,
} from './assess.ts';
import { parseWeights, type RiskWeights } from './weights.ts';

export type RiskTrigger =
  | 'level_1_submitted'
  | 'vendor_verified'
  | 'questionnaire_submitted'
  | 'questionnaire_decided'
  | 'screening_hits'
  | 'screening_hit_resolved'
  | 'weights_changed'
  | 'document_checks';

/** The templates whose answers are factors (assess.ts answerFactors). */
export const RISK_TEMPLATES = ['aml-200', 'residence-info', 'edd'] as const;
/** Document types whose issuing country is the holder's nationality (as screening reads it). */
const NATIONALITY_DOCUMENTS: readonly string[] = ['PASSPORT', 'ID_CARD'];
/** The EDD trigger recorded on the case (edd_cases.trigger_reason). */
export const RISK_EDD_TRIGGER = 'risk_score_high';
/** People the job recomputes per tick. */
const JOB_BATCH = 200;

/** A stored factor: `about` is null in assessments stored before factors carried it. */
export type StoredRiskFactor = Omit<RiskFactor, 'about'> & { about: RiskFactor['about'] | null };

export interface StoredRisk {
  level: RiskLevel;
  points: number;
  factors: StoredRiskFactor[];
  computedAt: number;
  weightsVersion: number;
}

export function storedRiskOf(row: RiskAssessmentRow): StoredRisk {
  return {
    level: row.level as RiskLevel,
    points: Number(row.points),
    factors: (JSON.parse(row.factors) as StoredRiskFactor[]).map((f) => ({ ...f, about: f.about ?? null })),
    computedAt: Number(row.computed_at),
    weightsVersion: Number(row.weights_version),
  };
}

export interface RiskOptions {
  repos: Repositories;
  keyring: MasterKeyring;
  now?: () => number;
}

/** What happened: a new row (and whether it opened the EDD case), or nothing because nothing changed. */
export interface Recomputed {
  changed: boolean;
  level: RiskLevel;
  eddOpened: boolean;
}

const silent: LoadLog = { info() {}, warn() {}, error() {} };

export function riskUseCases(options: RiskOptions) {
  const { repos, keyring } = options;
  const now = options.now ?? Date.now;
  let log: LoadLog = silent;
  const inflight = new Set<Promise<void>>();

  async function weightsInForce(): Promise<RiskWeights> {
    const row = await repos.risk.currentWeights();
    if (!row) throw new Error('risk_weights holds no version (migration 038 ships version 1)');
    return parseWeights(Number(row.version), row.weights);
  }

  /** The submitted answers of the risk templates, opened under the person's data key. */
  async function answersOf(userId: number): Promise<SubmittedAnswers[]> {
    const rows = await repos.risk.latestSubmissions(userId, RISK_TEMPLATES);
    if (rows.length === 0) return [];
    return withStoredDataKey(repos.submissions, keyring, userId, (key) => {
      if (!key) return [];
      return rows.map((r) => ({
        templateCode: r.template_code,
        version: Number(r.template_version),
        submittedAt: Number(r.created_at),
        answers: JSON.parse(
          decryptBlob(key, Buffer.from(r.answers_enc), {
            userId,
            objectId: answersObject(r.idempotency_key),
          }).toString('utf8'),
        ) as Record<string, unknown>,
      }));
    });
  }

  /** The latest checked submission's results (clear detail: no personal value is needed to score). */
  async function documentChecksOf(userId: number): Promise<RiskDocumentCheck[]> {
    const run = await repos.documentChecks.runForCase(userId, null);
    if (run?.status !== 'done') return [];
    return (await repos.documentChecks.resultsOf(run.submission_id)).map((r) => ({
      submissionId: r.submission_id,
      checkedAt: r.checked_at,
      name: r.name,
      outcome: r.outcome,
      detail: checkDetail.parse(JSON.parse(r.detail)),
    }));
  }

  async function inputsOf(userId: number): Promise<RiskInputs> {
    const applicant = await repos.kyc.findApplicant(userId);
    const level1 = [...(await repos.submissions.submissionsOf(userId))].reverse().find((s) => s.level === 1);
    const questionnaires = await answersOf(userId);
    const countries: RiskInputs['countries'] = [];
    const add = (role: RiskInputs['countries'][number]['role'], country: unknown) => {
      if (typeof country === 'string' && /^[A-Za-z]{2}$/.test(country))
        countries.push({ role, country: country.toUpperCase() });
    };
    add('document', level1?.issuing_country);
    if (level1 && NATIONALITY_DOCUMENTS.includes(level1.document_type))
      add('nationality', level1.issuing_country);
    add('residence', applicant?.residence_country);
    add(
      'residence',
      questionnaires.find((q) => q.templateCode === 'residence-info')?.answers.residence_country,
    );
    const distinct = [...new Set(countries.map((c) => c.country))];
    const listings: CountryListing[] = (await repos.risk.listingsOf(distinct)).map((l) => ({
      list: l.list as CountryRiskList,
      country: l.country,
      listedSince: l.listed_since,
      published: l.published,
      source: l.source,
    }));
    const hits = (await repos.screening.hitsOf(userId)).map((h) => ({
      id: Number(h.id),
      list: h.list_id,
      entryId: h.list_entry_id,
      category: h.category,
      state: h.state as RiskInputs['hits'][number]['state'],
    }));
    return { countries, listings, questionnaires, hits, documentChecks: await documentChecksOf(userId) };
  }

  /**
   * Appends the result unless it equals the current one, and opens the EDD case on a move to high; one
   * transaction. Of two concurrent recomputations that read the same current row, the second's append
   * finds the seq taken and writes nothing (its EDD move rolls back with it): it reads again.
   */
  async function store(userId: number, result: RiskResult, trigger: RiskTrigger): Promise<Recomputed> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const outcome = await repos.transaction(async (tx): Promise<Recomputed | 'lost'> => {
        const currentRow = await tx.risk.currentAssessment(userId);
        const current = currentRow ? storedRiskOf(currentRow) : undefined;
        if (current && sameResult(current, result))
          return { changed: false, level: current.level, eddOpened: false };
        const at = now();
        const appended = await tx.risk.appendAssessment({
          userId,
          seq: (currentRow ? Number(currentRow.seq) : 0) + 1,
          level: result.level,
          points: result.points,
          factors: JSON.stringify(result.factors),
          weightsVersion: result.weightsVersion,
          trigger,
          computedAt: at,
        });
        if (!appended) return 'lost';
        let eddOpened = false;
        if (result.level === 'high' && current?.level !== 'high')
          eddOpened = await openEdd(tx, userId, result, at);
        return { changed: true, level: result.level, eddOpened };
      });
      if (outcome !== 'lost') return outcome;
    }
    throw new Error(`risk assessment of user ${userId}: lost three times to concurrent recomputations`);
  }

  /** The EDD case from Unknown or Pass to UnSubmit, by compare-and-set; false when one is open already. */
  async function openEdd(
    tx: Parameters<Parameters<Repositories['transaction']>[0]>[0],
    userId: number,
    result: RiskResult,
    at: number,
  ): Promise<boolean> {
    await tx.questionnaires.ensureEddCase(userId, at);
    const from = (await tx.questionnaires.findEddCase(userId))?.status ?? 'Unknown';
    if (from !== 'Unknown' && from !== 'Pass') return false;
    const to = nextEddStatus(from, 'start', { actor: 'system', reason: RISK_EDD_TRIGGER });
    const pep = result.factors.some((f) => f.code === 'pep');
    return tx.questionnaires.casEddStatus(
      userId,
      from,
      to,
      { triggerReason: RISK_EDD_TRIGGER, pep, reason: '' },
      at,
    );
  }

  async function recompute(userId: number, trigger: RiskTrigger): Promise<Recomputed> {
    const [weights, inputs] = await Promise.all([weightsInForce(), inputsOf(userId)]);
    const outcome = await store(userId, assessRisk(inputs, weights), trigger);
    if (outcome.changed)
      log.info(
        { event: 'risk.assessed', user: userId, level: outcome.level, trigger, eddOpened: outcome.eddOpened },
        'risk assessment changed',
      );
    return outcome;
  }

  return {
    recompute,

    /** After the caller's commit: recompute in the background; a failure is logged, never the caller's. */
    soon(userId: number, trigger: RiskTrigger): void {
      const done = (async () => {
        await new Promise((resolve) => setImmediate(resolve));
        await recompute(userId, trigger);
      })().catch((error: unknown) => {
        log.error(
          { event: 'risk.recompute.failed', user: userId, trigger, err: error },
          'risk recompute failed',
        );
      });
      inflight.add(done);
      void done.finally(() => inflight.delete(done));
    },

    /** The person's current assessment for the case page; null before the first. */
    async current(userId: number): Promise<StoredRisk | null> {
      const row = await repos.risk.currentAssessment(userId);
      return row ? storedRiskOf(row) : null;
    },

    /**
     * The `risk` job: everyone whose current assessment predates the weights in force, a batch per tick
     * (keyset by user id, so a person whose recomputation fails does not hold the batch); the count done.
     */
    async runDue(): Promise<number> {
      const version = (await weightsInForce()).version;
      let done = 0;
      let after = 0;
      for (;;) {
        const batch = await repos.risk.staleAssessments(version, after, JOB_BATCH);
        for (const userId of batch) {
          try {
            await recompute(userId, 'weights_changed');
            done++;
          } catch (error) {
            log.error({ event: 'risk.recompute.failed', user: userId, err: error }, 'risk recompute failed');
          }
        }
        if (batch.length < JOB_BATCH || done >= JOB_BATCH) return done;
        after = batch.at(-1) ?? after;
      }
    },

    /** Waits for the background recomputations (app close, tests). */
    async settle(): Promise<void> {
      await Promise.all([...inflight]);
    },

    useLog(logger: LoadLog) {
      log = logger;
    },
  };
}
export type RiskUseCases = ReturnType<typeof riskUseCases>;

/** What a use-case whose change may move a factor asks of the risk score, after its commit. */
export interface RiskRecompute {
  soon(userId: number, trigger: RiskTrigger): void;
}
