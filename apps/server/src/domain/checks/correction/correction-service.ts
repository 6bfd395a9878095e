/**
 * The person's correction step (issue 19; docs/checks.md "The correction step", D100–D101): what the
 * document checks of their level-1 submission ask of them (`asked`), and their answer (`answer`): a
 * field corrected or kept with a reason, the zone's lines typed (their ICAO check digits decide) or
 * declined. An answer evaluates data_match again without OCR and replaces the stored results, in one
 * transaction whose first writes hold the submission under review (a decision made first refuses the
 * answer) and insert the answer at the next revision (the unique revision lets exactly one of two
 * concurrent answers win). Corrected names and a date of birth become the applicant's, a corrected
 * nationality or document number the submission's sealed details (D125); what was typed before is kept,
 * sealed, in the answer. Idempotency-Key: a retry answers the first result. Once committed, the provider
 * may decide the case itself (`afterAnswer`: D112 — a corrected field leaves it to a person, a typed zone
 * that agrees may be approved, the hard rules apply), before the answer is returned.
 */
import type {
  CaseCheck,
  DocumentCorrectionAsk,
  DocumentCorrectionResult,
  DocumentType,
  SubmitDocumentCorrectionRequest,
  SubmitDocumentCorrectionResult,
} from '@kyc/contracts';
import type { Repositories } from '../../../data/repositories/index.ts';
import type { ReplacedResult } from '../../../data/repositories/document-corrections-repo.ts';
import type { KycSubmissionRow } from '../../../data/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { encryptBlob, type MasterKeyring } from '../../../lib/crypto/envelope.ts';
import { openDetails, sealDetails, withDataKey, withStoredDataKey } from '../../kyc/data-keys.ts';
import { idempotent } from '../../kyc/idempotency.ts';
import type { TypedIdentity } from '../mrz/compare-typed.ts';
import { typedIdentityOf } from '../run/typed-identity.ts';
import { readMrz } from '../mrz/read-mrz.ts';
import { caseChecksOf, evidenceObject } from '../run/case-checks.ts';
import { documentHashes } from '../run/document-hash.ts';
import { clearDetail, hasEvidence, type EvaluatedCheck } from '../run/evaluate.ts';
import { askOf, checkFieldAnswers, storedZone, typedAfter, type CheckedAnswer } from './correction-rules.ts';
import { correctionObject, type SealedAnswer } from './case-corrections.ts';
import { comparedChecks, typedZoneCheck } from './reevaluate.ts';
import { isVendorSubmission } from '../vendor/vendor-checks.ts';

export interface CorrectionDeps {
  repos: Repositories;
  keyring: MasterKeyring;
  now?: () => number;
  /**
   * After an answer commits (D112): the names as on a typed zone screened, then the automatic
   * decision (auto-decide.ts `afterChecks`). Its failure never fails the answer: the case stays with a
   * person.
   */
  afterAnswer?: (submissionId: number, userId: number, answer: { zoneTyped: boolean }) => Promise<unknown>;
}

/** Accounts named by one duplicate_document result at most (as check-runs.ts). */
const DUPLICATE_LIMIT = 10;

interface Current {
  ask: DocumentCorrectionAsk | null;
  pending: boolean;
  submission?: KycSubmissionRow;
  checks?: CaseCheck[];
}

const notAsked = (message: string) => new AppError('KYC_CORRECTION_NOT_ASKED', message);
const invalid = (message: string) => new AppError('KYC_CORRECTION_INVALID', message);
const APPLICANT_COLUMN = {
  firstName: 'first_name',
  lastName: 'last_name',
  dateOfBirth: 'date_of_birth',
} as const;

export function correctionUseCases(deps: CorrectionDeps) {
  const { repos, keyring } = deps;
  const now = deps.now ?? Date.now;
  let log: { error(details: object, message: string): void } = { error: () => {} };

  /** The question of the person's latest level-1 submission under review, if any. */
  async function current(userId: number): Promise<Current> {
    const run = await repos.documentChecks.runForCase(userId, null);
    if (!run) return { ask: null, pending: false };
    const submission = await repos.submissions.findSubmission(userId, run.submission_id);
    // A vendor's submission (D112: its checks are the vendor's reading) asks the person nothing, nor
    // does a re-verification or an ID update (D124: the correction step is level 1's only, so far).
    if (
      !submission ||
      submission.kind !== 'level' ||
      submission.level !== 1 ||
      submission.status !== 'PENDING' ||
      isVendorSubmission(submission)
    )
      return { ask: null, pending: false };
    if (run.status === 'due' || run.status === 'running') return { ask: null, pending: true };
    if (run.status !== 'done') return { ask: null, pending: false };
    const { checks } = await caseChecksOf(repos, keyring, userId, submission.id);
    const answers = (await repos.documentCorrections.answersOf(submission.id)).map((r) => ({
      kind: r.kind,
      fields: JSON.parse(r.fields) as { field: string; action: 'correct' | 'keep' }[],
    }));
    const ask = askOf({
      submissionId: submission.id,
      documentType: submission.document_type as DocumentType,
      checks,
      answers,
    });
    return { ask, pending: false, submission, checks };
  }

  /**
   * What the person typed, as the run compared it (typed-identity.ts): the record's names and date of
   * birth, the submission's country and type, and its sealed nationality and document number (D125),
   * with those details opened (null when the submission has none).
   */
  async function typedOf(userId: number, submission: KycSubmissionRow) {
    const applicant = await repos.kyc.findApplicant(userId);
    const sealed = submission.details_enc;
    const details = sealed
      ? await withStoredDataKey(repos.submissions, keyring, userId, (key) =>
          key ? openDetails(key, userId, submission.idempotency_key, Buffer.from(sealed)) : null,
        )
      : null;
    return { typed: typedIdentityOf(submission, applicant, details), details };
  }

  interface Evaluated {
    checks: EvaluatedCheck[];
    answers: CheckedAnswer[];
    mrzLines: string[] | null;
    documentKey: { issuingState: string; documentNumber: string } | null;
  }

  /** The checks the answer evaluates again; refused input throws 63006 before anything is written. */
  function evaluated(
    request: SubmitDocumentCorrectionRequest,
    state: Current,
    typed: TypedIdentity & { documentType: DocumentType },
    at: number,
  ): Evaluated {
    const ask = state.ask as DocumentCorrectionAsk;
    if (request.kind === 'fields') {
      const answers = checkFieldAnswers(ask, request.answers, at);
      const reading = readMrz(storedZone(state.checks ?? []) ?? [], { now: at });
      if (!reading.valid) throw new Error('the stored zone is no longer valid');
      const { dataMatch } = comparedChecks(
        reading,
        { ...typedAfter(typed, answers), documentType: typed.documentType },
        at,
      );
      return { checks: [dataMatch], answers, mrzLines: null, documentKey: null };
    }
    if (request.kind === 'mrz') {
      const reading = readMrz(request.lines, { now: at });
      if (!reading.valid) throw invalid(`lines: ${reading.reason}: ${reading.detail}`);
      const { dataMatch, expiry } = comparedChecks(reading, typed, at);
      return {
        checks: [typedZoneCheck(reading, typed.documentType), dataMatch, expiry],
        answers: [],
        mrzLines: reading.lines,
        documentKey: { issuingState: reading.issuingState, documentNumber: reading.documentNumber },
      };
    }
    return { checks: [], answers: [], mrzLines: null, documentKey: null };
  }

  async function attempt(
    userId: number,
    request: SubmitDocumentCorrectionRequest,
    idempotencyKey: string,
  ): Promise<SubmitDocumentCorrectionResult> {
    const at = now();
    const state = await current(userId);
    const ask = state.ask;
    if (
      !ask ||
      !state.submission ||
      ask.submissionId !== request.submissionId ||
      ask.revision !== request.revision
    )
      throw notAsked('nothing is asked of this submission at this revision: read the question again');
    if ((request.kind === 'fields') !== (ask.kind === 'fields'))
      throw invalid(
        `kind: the question asks for ${ask.kind === 'fields' ? 'fields' : 'the zone (mrz or mrz_declined)'}`,
      );
    const submission = state.submission;
    const { typed, details } = await typedOf(userId, submission);
    const result = evaluated(request, state, typed, at);

    // A typed zone looks for the same document on other accounts, as the run does.
    let duplicate: Pick<ReplacedResult, 'relatedUserId' | 'documentHash'> | null = null;
    if (result.documentKey) {
      const hashes = documentHashes(keyring, result.documentKey);
      const others = await repos.documentChecks.otherHolders(hashes.lookup, userId, DUPLICATE_LIMIT);
      result.checks.push({
        name: 'duplicate_document',
        outcome: others.length > 0 ? 'fail' : 'pass',
        score: null,
        threshold: null,
        detail: { code: 'duplicate_document', otherAccounts: others.length },
      });
      duplicate = { relatedUserId: others[0] ?? null, documentHash: hashes.stored };
    }
    const revision = ask.revision + 1;
    const sealedAnswer: SealedAnswer = { fields: result.answers, mrzLines: result.mrzLines };
    const corrected = result.answers.filter((a) => a.action === 'correct' && a.value !== null);
    // D125: a corrected nationality or document number replaces the submission's sealed one; what was
    // typed before stays in the answer.
    const detailChanges = corrected.filter((a) => a.field === 'nationality' || a.field === 'documentNumber');
    const newDetails =
      detailChanges.length > 0
        ? { ...details, ...Object.fromEntries(detailChanges.map((a) => [a.field, a.value as string])) }
        : null;
    const { rows, answerEnc, detailsEnc } = await withDataKey(
      repos.submissions,
      keyring,
      userId,
      at,
      (key) => ({
        rows: result.checks.map((c) => ({
          name: c.name,
          result: {
            outcome: c.outcome,
            score: c.score,
            threshold: c.threshold,
            detail: JSON.stringify(clearDetail(c.detail)),
            evidenceEnc: hasEvidence(c.detail)
              ? encryptBlob(key, Buffer.from(JSON.stringify(c.detail), 'utf8'), {
                  userId,
                  objectId: evidenceObject(submission.id, c.name),
                })
              : null,
            relatedUserId: c.name === 'duplicate_document' ? (duplicate?.relatedUserId ?? null) : null,
            documentHash: c.name === 'duplicate_document' ? (duplicate?.documentHash ?? null) : null,
          } satisfies ReplacedResult,
        })),
        answerEnc: encryptBlob(key, Buffer.from(JSON.stringify(sealedAnswer), 'utf8'), {
          userId,
          objectId: correctionObject(submission.id, revision),
        }),
        detailsEnc: newDetails ? sealDetails(key, userId, submission.idempotency_key, newDetails) : null,
      }),
    );
    const storedMatch = state.checks?.find((c) => c.name === 'data_match')?.outcome;
    const newMatch = result.checks.find((c) => c.name === 'data_match')?.outcome ?? storedMatch;
    const dataMatch = newMatch === 'pass' || newMatch === 'fail' ? newMatch : 'not_run';

    await repos.transaction(async (tx) => {
      if (!(await tx.documentCorrections.holdPending(userId, submission.id)))
        throw notAsked('the review of this submission has been decided');
      await tx.documentCorrections.insert({
        submissionId: submission.id,
        userId,
        revision,
        kind: request.kind,
        fields: JSON.stringify(result.answers.map((a) => ({ field: a.field, action: a.action }))),
        answerEnc,
        dataMatch,
        idempotencyKey,
        createdAt: at,
      });
      for (const row of rows)
        await tx.documentCorrections.replaceResult(submission.id, row.name, row.result, at);
      const fields: Record<string, string> = {};
      for (const a of corrected)
        if (a.field in APPLICANT_COLUMN)
          fields[APPLICANT_COLUMN[a.field as keyof typeof APPLICANT_COLUMN]] = a.value as string;
      if (Object.keys(fields).length > 0) await tx.kyc.upsertApplicant(userId, fields, at);
      if (detailsEnc)
        await tx.documentCorrections.replaceSubmissionDetails(userId, submission.id, detailsEnc);
    });
    try {
      await deps.afterAnswer?.(submission.id, userId, { zoneTyped: request.kind === 'mrz' });
    } catch (error) {
      log.error(
        { event: 'auto-decision.failed', submission: submission.id, err: error },
        'automatic decision failed',
      );
    }
    return { revision, dataMatch, next: (await current(userId)).ask };
  }

  return {
    /** POST document-correction: what is asked now. */
    async asked(userId: number): Promise<DocumentCorrectionResult> {
      const { ask, pending } = await current(userId);
      return { correction: ask, pending };
    },

    /** POST submit-document-correction. */
    answer(
      userId: number,
      request: SubmitDocumentCorrectionRequest,
      idempotencyKey: string,
    ): Promise<SubmitDocumentCorrectionResult> {
      return idempotent({
        async earlier() {
          const row = await repos.documentCorrections.byKey(userId, idempotencyKey);
          if (!row) return undefined;
          return { revision: row.revision, dataMatch: row.data_match, next: (await current(userId)).ask };
        },
        attempt: () => attempt(userId, request, idempotencyKey),
        conflict: () => notAsked('this question was answered meanwhile: read it again'),
      });
    },

    useLog(logger: typeof log) {
      log = logger;
    },
  };
}
export type CorrectionUseCases = ReturnType<typeof correctionUseCases>;
