/**
 * Screening that runs (issue 18, slice 2; docs/screening.md "When screening runs", D65). The lists of
 * SCREENING_LISTS are loaded into this instance's index when the app is ready (load-lists.ts). A
 * person is screened:
 *
 * - when level 1 is submitted (in-house or the vendor check) and when a vendor reports a verified
 *   identity: the submitting transaction writes a 'due' run (`request`), and after the commit the run
 *   is screened at once in the background (`soon`); a run that fails or is lost with the process stays
 *   due, and the `screening` job screens it (`runDue`). The submission never waits for it or fails by it.
 * - before an approval, when the person's last run did not use the lists loaded now (`beforeApproval`),
 *   awaited; the approval's own transaction then checks, after the case lock, that no hit is open and
 *   that the lists are still those (`assertApprovable`, 61001 / 61002).
 *
 * A run's hits and its completion commit in one transaction that takes the case lock first, so an
 * approval either sees them or committed before them (decide.ts takes the same lock).
 */
import type { CaseScreening, ScreeningStatus } from '@kyc/contracts';
import type { Repositories, TxRepositories } from '../../data/repositories/index.ts';
import type { HitWithStaff } from '../../data/repositories/screening-repo.ts';
import type { ScreeningHitRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import { withDataKey, withStoredDataKey } from '../kyc/data-keys.ts';
import { staffLabel } from '../backoffice/staff-label.ts';
import { listRefresher } from './list-refresh.ts';
import { entryFingerprint, listsKeyOf, type LoadLog, type LoadedListVersion } from './load-lists.ts';
import { NameIndex } from './matching/name-index.ts';
import type { PersonToScreen } from './matching/screen-person.ts';
import { openHit, sealHit } from './sealed-hit.ts';
import { deltaRescreening } from './delta.ts';
import { documentIdentityOf } from './document-identity.ts';
import { alertAssignment } from './alert-assignment.ts';
import { screenIdentities, type IdentityToScreen } from './identities.ts';
import type { RiskRecompute } from '../risk/risk-service.ts';

export type RunReason = 'level_1_submitted' | 'vendor_verified' | 'before_approval' | 'document_read';

/** How long a claimed run is ours before another taker may assume it died. */
export const RUN_LEASE_MS = 2 * 60_000;
/** A run that failed this many times is given up ('failed'; the approval screens again itself). */
export const MAX_ATTEMPTS = 5;
/** Runs the job screens per tick. */
const JOB_BATCH = 200;

/** Document types whose issuing country is the holder's nationality. */
const NATIONALITY_DOCUMENTS: readonly string[] = ['PASSPORT', 'ID_CARD'];

export interface ScreeningOptions {
  repos: Repositories;
  keyring: MasterKeyring;
  /** SCREENING_LISTS (resolved), SCREENING_THRESHOLD and SCREENING_REFRESH_HOURS (0: off). */
  config: { lists: readonly string[]; threshold: number; refreshHours?: number; autoAssign?: boolean };
  /** DATA_DIR: where the last good copies of URL lists are kept. */
  dataDir?: string;
  /** The refresh's HTTP client (tests). */
  fetchImpl?: typeof fetch;
  now?: () => number;
  /** Issue 18 "Risk score": after a run's hits commit, the person's risk is recomputed (in the background). */
  risk?: RiskRecompute;
}

/** What the submitting use-cases ask of screening (kyc, providers). */
export interface ScreeningRequests {
  /** In the caller's transaction: a due run for the person; undefined when no list is configured. */
  request(tx: TxRepositories, userId: number, reason: RunReason, at: number): Promise<number | undefined>;
  /** After the commit: screen the run now, in the background; a failure leaves it due for the job. */
  soon(runId: number | undefined): void;
  /**
   * In a vendor approval's transaction, before the level moves (D105): takes the case lock and says
   * why the approval must wait for a reviewer (a true match froze the account, or a hit is still to
   * resolve); undefined when nothing holds it.
   */
  approvalHold?(tx: TxRepositories, userId: number): Promise<ApprovalHold | undefined>;
}

/** Why a vendor's approval waits for a reviewer (the vendor event's effect, shown on the case). */
export type ApprovalHold = 'held_frozen' | 'held_open_hit';

/** What an approval asks of screening (domain/backoffice/review/decide.ts). */
export interface ApprovalScreening {
  /** Screens the person first when the lists changed since their last run (or they have none). */
  beforeApproval(userId: number): Promise<void>;
  /**
   * In the decision's transaction, after the case lock: 61007 when a true match froze the account,
   * 61001 with a hit still to resolve (open, or a false positive waiting for its second reviewer), 61002
   * if not screened.
   */
  assertApprovable(tx: TxRepositories, userId: number): Promise<void>;
}

class LostClaim extends Error {}

/** A hit whose sealed part does not open (a key erased, a row moved) shows without our name. */
function openedOrNone(
  key: Buffer,
  userId: number,
  row: ScreeningHitRow,
): ReturnType<typeof openHit> | undefined {
  try {
    return openHit(key, userId, row);
  } catch {
    return undefined;
  }
}

/** A staff member's part in a resolution, when there was one. */
function actorOf(
  staffId: HitWithStaff['proposed_by'],
  at: HitWithStaff['proposed_at'],
  name: string | null,
  email: string | null,
) {
  return staffId === null || at === null
    ? null
    : { staffId: Number(staffId), name: staffLabel(name, email), at: Number(at) };
}

const silent: LoadLog = { info() {}, warn() {}, error() {} };

const notDone = (why: string) => new AppError('SCREENING_NOT_DONE', `screening not done: ${why}`);

export function screeningUseCases(options: ScreeningOptions) {
  const { repos, keyring, config } = options;
  const now = options.now ?? Date.now;
  const enabled = config.lists.length > 0;
  let log: LoadLog = silent;
  let loaded: LoadedListVersion[] = [];
  let index = new NameIndex([]);
  let listsKey = '';
  /** Each loaded entry's fingerprint (as screening_list_entries.hash): a resolution holds until it changes. */
  let fingerprints = new Map<string, string>();
  const fingerprintKey = (listId: string, entryId: string) => `${listId}\u0000${entryId}`;
  const inflight = new Set<Promise<void>>();

  /**
   * The person as we hold them: names and date of birth as typed, nationality from the document; and,
   * once the document checks read a valid MRZ, the names and date of birth as on the document when
   * they differ from what was typed (D104).
   */
  async function identitiesOf(userId: number): Promise<IdentityToScreen[] | undefined> {
    const applicant = await repos.kyc.findApplicant(userId);
    const name = [applicant?.first_name ?? '', applicant?.last_name ?? ''].join(' ').trim();
    if (!applicant || !name) return undefined;
    const level1 = [...(await repos.submissions.submissionsOf(userId))]
      .reverse()
      .find((s) => s.level === 1 && NATIONALITY_DOCUMENTS.includes(s.document_type));
    const typed: PersonToScreen = { names: [name] };
    if (applicant.date_of_birth) typed.dateOfBirth = applicant.date_of_birth;
    if (level1?.issuing_country) typed.nationalities = [level1.issuing_country];
    const identities: IdentityToScreen[] = [{ source: 'typed', person: typed }];
    const onDocument = await documentIdentityOf(repos, keyring, userId);
    if (onDocument) {
      const document: PersonToScreen = { ...typed, names: [onDocument.name] };
      if (onDocument.dateOfBirth) document.dateOfBirth = onDocument.dateOfBirth;
      identities.push({ source: 'document', person: document });
    }
    return identities;
  }

  /** Screens one claimed run and commits its hits and its completion together, under the case lock. */
  async function screenRun(runId: number, userId: number): Promise<void> {
    if (loaded.length === 0) throw new Error('no screening list is loaded');
    const identities = await identitiesOf(userId);
    if (!identities) throw new Error('no name on file to screen');
    const found = screenIdentities(index, identities, config.threshold);
    const hits = found.map((f) => f.hit);
    const at = now();
    const sealed = await withDataKey(repos.submissions, keyring, userId, at, (key) =>
      found.map(({ hit, source }) => ({ hit, ...sealHit(key, userId, hit, source) })),
    );
    const lists = runLists();
    await repos.transaction(async (tx) => {
      await tx.review.lockCase(userId);
      for (const { hit, ourNameEnc, explanationEnc } of sealed)
        await tx.screening.upsertHit(
          {
            userId,
            listId: hit.listId,
            listEntryId: hit.entryId,
            runId,
            matchedName: hit.explanation.matchedName,
            ourNameEnc,
            score: hit.score,
            explanationEnc,
            category: hit.category,
            entryHash: fingerprints.get(fingerprintKey(hit.listId, hit.entryId)) ?? '',
          },
          at,
        );
      const finished = await tx.screening.finishRun(runId, {
        screenedAt: at,
        lists,
        listsKey,
        hitCount: hits.length,
      });
      if (!finished) throw new LostClaim();
    });
    log.info({ event: 'screening.run', run: runId, user: userId, hits: hits.length }, 'screening run done');
    if (hits.length > 0) options.risk?.soon(userId, 'screening_hits');
  }

  /** Claims the run and screens it; false when someone else holds it. Errors leave it due (or failed). */
  async function runOne(runId: number, userId: number): Promise<boolean> {
    const at = now();
    if (!(await repos.screening.claimRun(runId, at, at + RUN_LEASE_MS))) return false;
    try {
      await screenRun(runId, userId);
      return true;
    } catch (error) {
      if (error instanceof LostClaim) return false;
      const run = await repos.screening.findRun(runId);
      const message = error instanceof Error ? error.message : String(error);
      await repos.screening.failRun(runId, message, (run?.attempts ?? 0) >= MAX_ATTEMPTS);
      throw error;
    }
  }

  /** The lists as a run records them. */
  const runLists = () =>
    JSON.stringify(
      loaded.map((l) => ({ id: l.listId, hash: l.contentHash, publishedAt: l.metadata.publishedAt ?? null })),
    );

  const deltas = deltaRescreening({
    repos,
    keyring,
    threshold: config.threshold,
    now,
    log: () => log,
    loaded: () => loaded,
    fingerprint: (listId, entryId) => fingerprints.get(fingerprintKey(listId, entryId)) ?? '',
    runLists,
    afterHits: (userId) => options.risk?.soon(userId, 'screening_hits'),
  });

  const refresher = listRefresher({
    repos,
    sources: config.lists,
    refreshHours: config.refreshHours ?? 0,
    now,
    log: () => log,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
    current: () => loaded,
    install(lists) {
      loaded = lists;
      index = new NameIndex(loaded);
      listsKey = listsKeyOf(loaded);
      fingerprints = new Map(
        loaded.flatMap((l) =>
          l.entries.map((e) => [fingerprintKey(l.listId, e.entryId), entryFingerprint(e)]),
        ),
      );
    },
  });

  const assignment = alertAssignment({ repos, enabled: enabled && config.autoAssign === true, now });

  const requests: ScreeningRequests = {
    async request(tx, userId, reason, at) {
      return enabled ? tx.screening.requestRun(userId, reason, at) : undefined;
    },
    soon(runId) {
      if (runId === undefined) return;
      const done = (async () => {
        // After the caller's answer is on its way: the run is read back from the database.
        await new Promise((resolve) => setImmediate(resolve));
        const run = await repos.screening.findRun(runId);
        if (run) await runOne(runId, Number(run.user_id));
      })().catch((error: unknown) => {
        log.error(
          { event: 'screening.run.failed', run: runId, err: error },
          'screening run failed; the screening job retries it',
        );
      });
      inflight.add(done);
      void done.finally(() => inflight.delete(done));
    },
    async approvalHold(tx, userId) {
      await tx.review.lockCase(userId);
      if (await tx.screening.freezeOf(userId)) return 'held_frozen';
      if (enabled && (await tx.screening.unresolvedHitCount(userId)) > 0) return 'held_open_hit';
      return undefined;
    },
  };

  /**
   * The document checks read a valid MRZ (check-runs.ts, after their commit): the person is screened
   * again with the names and date of birth as on the document, at once and to the end, on the check
   * run's own (background) path: the in-house provider may decide the case right after (D102), and a
   * name that only the document shows must have been screened by then. A run that fails stays due for
   * the job, and the automatic decision then leaves the case to a person (auto-decide.ts). Nothing
   * when no list is configured.
   */
  async function documentRead(userId: number): Promise<void> {
    if (!enabled) return;
    try {
      await runOne(await repos.screening.requestRun(userId, 'document_read', now()), userId);
    } catch (error) {
      // The checks are stored; the job retries the run, and an approval screens the person first.
      log.error(
        { event: 'screening.run.failed', user: userId, err: error },
        'document screening did not run',
      );
    }
  }

  const approval: ApprovalScreening = {
    async beforeApproval(userId) {
      if (!enabled) return;
      if (loaded.length === 0) throw notDone('no screening list is loaded');
      const last = await repos.screening.latestDoneRun(userId);
      if (last && last.lists_key === listsKey) return;
      const runId = await repos.screening.requestRun(userId, 'before_approval', now());
      try {
        if (!(await runOne(runId, userId))) throw new Error('the run was taken by another screening');
      } catch (error) {
        throw notDone(error instanceof Error ? error.message : String(error));
      }
    },
    async assertApprovable(tx, userId) {
      if (await tx.screening.freezeOf(userId))
        throw new AppError('ACCOUNT_FROZEN', 'the account is frozen after a true screening match');
      if (!enabled) return;
      if ((await tx.screening.unresolvedHitCount(userId)) > 0)
        throw new AppError('SCREENING_OPEN_HIT', 'open screening hit: resolve it before approving');
      const last = await tx.screening.latestDoneRun(userId);
      if (!last || last.lists_key !== listsKey)
        throw notDone('the lists changed since the person was screened');
    },
  };

  /** The status a person's hits and runs add up to. */
  function statusOf(hits: readonly ScreeningHitRow[], screened: boolean): ScreeningStatus {
    if (hits.some((h) => h.state === 'true_match')) return 'true_match';
    if (hits.some((h) => h.state === 'open' || h.state === 'pending_confirmation')) return 'open_hit';
    return screened ? 'clear' : 'not_screened';
  }

  return {
    ...requests,
    ...approval,

    /** Whether any list is configured (SCREENING_LISTS, or the demo fixtures). */
    enabled,

    documentRead,

    /** The logger in use (the resolutions log their failed compliance mails with it). */
    log: (): LoadLog => log,

    /** The app's logger, for the lists' load and the background runs (app.ts). */
    useLog(logger: LoadLog) {
      log = logger;
    },

    /** Loads the configured lists into this instance's index (app.ts, when the app is ready). */
    async loadLists() {
      return enabled ? refresher.load() : [];
    },

    /** Refresh now (admin, or the scheduled refresh): files read again, URL lists fetched (D95). */
    refreshLists: () => (enabled ? refresher.refresh() : Promise.resolve([])),

    /** The `screening-refresh` job: a refresh when SCREENING_REFRESH_HOURS have passed since the last. */
    refreshDue: () => (enabled ? refresher.refreshDue() : Promise.resolve(0)),

    /** Every instance's poll (app.ts): reloads the index when another instance recorded a change. */
    reloadIfChanged: () => (enabled ? refresher.reloadIfChanged() : Promise.resolve(false)),

    /** The lists loaded here, for the case page and the refresh of a later slice. */
    loadedLists: (): readonly LoadedListVersion[] => loaded,

    /**
     * The `screening` job's delta part (D94): the people re-screened against the entries a list change
     * added or changed, a batch at a time, for up to `tickMs`.
     */
    runDeltas: (tickMs?: number): Promise<number> =>
      enabled && loaded.length > 0 ? deltas.runDue(tickMs) : Promise.resolve(0),

    /** The `screening` job: runs still due (failed, or lost with a process), oldest first. */
    async runDue(): Promise<number> {
      // The runs this instance started after a commit finish first (tests read the outcome after this).
      await Promise.allSettled([...inflight]);
      if (!enabled || loaded.length === 0) return 0;
      let count = 0;
      for (const run of await repos.screening.dueRuns(now(), JOB_BATCH)) {
        try {
          if (await runOne(run.id, run.user_id)) count += 1;
        } catch (error) {
          log.error({ event: 'screening.run.failed', run: run.id, err: error }, 'screening run failed');
        }
      }
      return count;
    },

    /** The `screening` job: new alerts given round-robin when SCREENING_ALERT_AUTO_ASSIGN is on (else 0). */
    assignAlerts: (): Promise<number> => assignment.assignNew(),

    /** Waits for the background runs (app close). */
    async settle(): Promise<void> {
      await Promise.allSettled([...inflight]);
    },

    /** Whether a true match froze the person (kyc-info, every submission: http/account-freeze.ts). */
    async isFrozen(userId: number): Promise<boolean> {
      return (await repos.screening.freezeOf(userId)) !== undefined;
    },

    /**
     * The case page's `screening`: status, the last run's lists, every hit with its explanation opened;
     * `r`: a transaction's repositories (the suspicious-activity export reads what it commits with).
     */
    async caseScreening(userId: number, r: TxRepositories = repos): Promise<CaseScreening> {
      const last = await r.screening.latestDoneRun(userId);
      const rows = await r.screening.hitsOf(userId);
      const freeze = await r.screening.freezeOf(userId);
      const latestExport = freeze ? await r.screening.latestExport(userId) : undefined;
      const runLists = last
        ? (JSON.parse(last.lists) as { id: string; publishedAt: string | null }[]).map((l) => ({
            name: l.id,
            published: l.publishedAt,
          }))
        : [];
      const open = (key: Buffer | undefined) =>
        rows.map((row) => {
          const opened = key ? openedOrNone(key, Number(row.user_id), row) : undefined;
          const e = opened?.explanation;
          return {
            id: Number(row.id),
            list: row.list_id,
            listEntryId: row.list_entry_id,
            matchedName: row.matched_name,
            ourName: opened?.ourName ?? '',
            ourNameSource: e?.ourNameSource ?? 'typed',
            score: Number(row.score),
            state: row.state,
            reason: row.reason,
            explanation: {
              matchedNameWeak: e?.matchedNameWeak ?? false,
              matchedNameScript: e?.matchedNameScript ?? null,
              tokens: e?.tokens ?? [],
              unmatchedOurs: e?.unmatchedOurs ?? [],
              unmatchedTheirs: e?.unmatchedTheirs ?? [],
              baseScore: e?.baseScore ?? Number(row.score),
              adjustments: (e?.adjustments ?? []).map((a) => ({
                code: a.code,
                delta: a.delta,
                detail: a.reason,
              })),
              threshold: e?.threshold ?? config.threshold,
              programmes: e?.programmes ?? [],
              category: e?.category ?? 'sanctions',
              summary: e?.summary ?? '',
            },
            category: row.category,
            version: Number(row.version),
            proposedBy: actorOf(row.proposed_by, row.proposed_at, row.proposed_name, row.proposed_email),
            resolvedBy: actorOf(row.resolved_by, row.resolved_at, row.resolved_name, row.resolved_email),
            entryRemovedAt: row.entry_removed_at === null ? null : Number(row.entry_removed_at),
          };
        });
      const hits = rows.length > 0 ? await withStoredDataKey(r.submissions, keyring, userId, open) : [];
      return {
        status: statusOf(rows, last !== undefined),
        screenedAt: last?.screened_at ?? null,
        lists: runLists,
        hits,
        frozen: freeze
          ? {
              at: Number(freeze.frozen_at),
              hitId: Number(freeze.hit_id),
              exportId: latestExport ? Number(latestExport.id) : null,
              frozenBy: Number(freeze.frozen_by),
            }
          : null,
      };
    },
  };
}
export type ScreeningUseCases = ReturnType<typeof screeningUseCases>;
