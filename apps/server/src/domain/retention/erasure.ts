/**
 * The erasure (redaction) job of issue 20 (docs/data-lifecycle.md "Erasure and crypto-shredding", D72):
 * what the policy version in force says is due goes, person by person and kind by kind, and the rolling
 * records (uploads never submitted, drafts, the security log, settled partner deliveries) site by site
 * in batches.
 *
 * - **One run at a time.** A run takes the job's lease (`retention_lock`, compare-and-set, renewed per
 *   batch); a second `run` (another admin, the schedule, another instance) is answered 62009. A run that
 *   dies keeps the lease until it ends (five minutes); then any instance may run again.
 * - **Idempotent, resumable.** What is due of a person is redacted in one transaction that takes the
 *   person's case lock, checks the hold, re-reads their records, changes the rows (each statement a
 *   compare-and-set on what it removes), makes the partners' `verification.redacted` deliveries and writes
 *   a redaction record per kind, unique per person and kind: a second writer finds one and rolls its own
 *   changes back. Nothing is kept
 *   in memory between batches that the database does not hold, so a run killed anywhere is finished by
 *   the next one without doing anything twice. Blobs are deleted after the commit; a crash between the two
 *   leaves a blob no row holds, which the orphan sweep removes (docs/operations.md) and which no key opens
 *   once the person's data key is destroyed.
 * - **Crypto-shredding.** When every kind sealed under the person's data key is redacted, the wrapped key
 *   itself is deleted (its own record, kind `data_key`): any copy of their ciphertext is unreadable with
 *   the database as it is now. What this does and does not do to backups: D72.
 * - **Never early, never held.** A kind is due when its clock's event plus the period has passed
 *   (due-rules.ts); a person with an active hold is skipped entirely, and the hold is re-read under the
 *   lock inside each transaction.
 */
import {
  PERSON_RETENTION_KINDS,
  SITE_CODES,
  type PersonRetentionKind,
  type RetentionRunResult,
  type StaffMe,
} from '@kyc/contracts';
import type { Repositories, TxRepositories } from '../../data/repositories/index.ts';
import type { NewDelivery } from '../../data/repositories/partner-webhooks-repo.ts';
import type { PendingClosure } from '../../data/repositories/retention-repo.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BlobStore } from '../../lib/uploads/blob-store.ts';
import { requirePermission } from '../backoffice/permissions.ts';
import { newEventId } from '../partner-webhooks/dispatch.ts';
import { redactedEventBody } from '../partner-webhooks/webhook-rules.ts';
import {
  DAY_MS,
  cutoffFor,
  dueKinds,
  policyOf,
  policyTable,
  siteOf,
  type DueKind,
  type PolicyTable,
} from './due-rules.ts';
import type { PolicyUseCases } from './policies.ts';
import {
  ERASURE_BATCH,
  ROLLING_KINDS,
  eraseRollingKind,
  type RollingFaults,
  type RollingRun,
} from './rolling.ts';

/** How long a run holds the job without renewing it (a dead run's lease ends after this). */
export const LEASE_MS = 5 * 60_000;
/** The schedule starts a run when the last one started this long ago (or did not finish). */
export const SCHEDULE_EVERY_MS = DAY_MS;
/** A run asked for by staff answers within this; the rest is done by the `retention` job. */
export const STAFF_RUN_BUDGET_MS = 20_000;
/** A scheduled run stops after this, and the next tick carries on. */
export const JOB_RUN_BUDGET_MS = 50_000;

/** The kinds sealed under the person's data key: once all are redacted, the key goes. */
export const SEALED_KINDS: readonly PersonRetentionKind[] = [
  'identity_documents',
  'personal_data',
  'questionnaire_answers',
  'screening_results',
  'vendor_events',
];
/** The kinds whose erasure partners are told about (`verification.redacted`). */
const TOLD_KINDS: readonly PersonRetentionKind[] = ['identity_documents', 'personal_data'];

/**
 * Test seams: a fault thrown at a point of a person's redaction (inside the transaction after its
 * changes, or after the commit before the blobs go) stands for the process dying there.
 */
export interface ErasureFaults extends RollingFaults {
  beforeCommit?(userId: number, kind: string): void;
  afterCommit?(userId: number, kind: string): void;
}

export interface ErasureOptions {
  now?: () => number;
  faults?: ErasureFaults;
}

export interface ErasureDeps extends ErasureOptions {
  repos: Repositories;
  blobs: BlobStore;
  policies: PolicyUseCases;
}

/** Thrown inside a transaction to roll it back: another writer redacted this kind first. */
class AlreadyRedacted extends Error {}

interface Tally {
  people: Set<number>;
  records: Record<string, number>;
  held: Set<number>;
  webhooks: number;
}

const tallyJson = (t: Tally) =>
  JSON.stringify({ people: t.people.size, records: t.records, held: t.held.size, webhooks: t.webhooks });

export function erasureUseCases(deps: ErasureDeps) {
  const { repos, blobs, policies } = deps;
  const now = deps.now ?? Date.now;
  const faults = deps.faults ?? {};

  const deleteBlobs = async (blobIds: readonly string[]) => {
    // After the commit; a failure leaves an orphan for the orphan sweep (nothing refers to it any more).
    for (const id of blobIds) await blobs.delete(id).catch(() => false);
  };

  const count = (tally: Tally, kind: string, n = 1) => {
    tally.records[kind] = (tally.records[kind] ?? 0) + n;
  };

  /** The changes of one kind of one person, inside the transaction; answers blobs and counts. */
  async function redactKindIn(
    tx: TxRepositories,
    userId: number,
    kind: PersonRetentionKind,
    at: number,
  ): Promise<{ blobIds: string[]; counts: Record<string, number> }> {
    switch (kind) {
      case 'identity_documents': {
        const { blobIds } = await tx.retention.redactIdentityDocuments(userId);
        // Issue 19: the checks read from those documents go with them.
        const documentChecks = await tx.retention.redactDocumentChecks(userId);
        return { blobIds, counts: { documents: blobIds.length, documentChecks } };
      }
      case 'personal_data':
        return { blobIds: [], counts: await tx.retention.redactPersonalData(userId, at) };
      case 'questionnaire_answers':
        return tx.retention.redactQuestionnaireAnswers(userId);
      case 'decisions_audit':
        return { blobIds: [], counts: await tx.retention.redactDecisions(userId) };
      case 'screening_results':
        return { blobIds: [], counts: await tx.retention.redactScreening(userId) };
      case 'vendor_events':
        return { blobIds: [], counts: await tx.retention.redactVendorEvents(userId) };
    }
  }

  /** The partners' `verification.redacted` deliveries of one kind, inside the transaction; answers how many. */
  async function tellPartners(tx: TxRepositories, userId: number, kind: PersonRetentionKind, at: number) {
    if (!TOLD_KINDS.includes(kind)) return 0;
    const deliveries: NewDelivery[] = (await tx.retention.partnersLinkedTo(userId)).map((p) => {
      const eventId = newEventId();
      return {
        businessId: p.businessId,
        userId,
        eventId,
        eventType: 'verification.redacted',
        body: JSON.stringify(redactedEventBody(eventId, p.partnerRef, kind, at)),
      };
    });
    await tx.partnerWebhooks.insertDeliveries(deliveries, at);
    return deliveries.length;
  }

  /**
   * Everything of one person that is due, in ONE transaction (one per person rather than one per kind
   * since the volume bench, docs/data-lifecycle.md "Throughput"): the case lock, the hold and the records
   * re-read under it, each due kind not yet redacted with its record, then the data key when every
   * sealed kind is gone, then the closure marked erased when everything is. Answers `held`, `taken` (a
   * record was there already: someone else redacted meanwhile, everything rolled back), or the kinds
   * this call redacted.
   */
  async function erasePerson(
    person: PendingClosure,
    due: readonly DueKind[],
    version: number,
    runId: number,
    tally: Tally,
  ): Promise<'held' | 'taken' | string[]> {
    const at = now();
    const site = siteOf(person.site);
    const userId = person.userId;
    let outcome: { blobIds: string[]; kinds: string[]; webhooks: number } | 'held';
    try {
      outcome = await repos.transaction(async (tx) => {
        await tx.review.lockCase(userId);
        if (await tx.retention.isHeld(userId)) return 'held' as const;
        const redacted = (await tx.retention.redactedKinds([userId])).get(userId) ?? new Set<string>();
        const done = { blobIds: [] as string[], kinds: [] as string[], webhooks: 0 };
        const record = async (kind: string, clock: string, dueAt: number, counts: Record<string, number>) => {
          const id = await tx.retention.recordRedaction({
            userId,
            kind,
            site,
            policyVersion: version,
            clock,
            dueAt,
            redactedAt: at,
            runId,
            counts,
          });
          if (id === undefined) throw new AlreadyRedacted();
          faults.beforeCommit?.(userId, kind);
          redacted.add(kind);
          done.kinds.push(kind);
        };
        for (const kind of due) {
          if (redacted.has(kind.kind)) continue;
          const { blobIds, counts } = await redactKindIn(tx, userId, kind.kind, at);
          const webhooks = await tellPartners(tx, userId, kind.kind, at);
          await record(kind.kind, kind.clock, kind.dueAt, { ...counts, blobs: blobIds.length, webhooks });
          done.blobIds.push(...blobIds);
          done.webhooks += webhooks;
        }
        // Crypto-shredding: the wrapped key goes once nothing sealed under it is kept.
        if (SEALED_KINDS.every((k) => redacted.has(k)) && !redacted.has('data_key')) {
          const destroyed = await tx.retention.destroyDataKey(userId);
          await record('data_key', 'relationship_end', at, { keys: destroyed ? 1 : 0 });
        }
        if (PERSON_RETENTION_KINDS.every((k) => redacted.has(k)) && redacted.has('data_key'))
          await tx.retention.markErased(userId, at);
        return done;
      });
    } catch (error) {
      if (error instanceof AlreadyRedacted) return 'taken';
      throw error;
    }
    if (outcome === 'held') return 'held';
    for (const kind of outcome.kinds) count(tally, kind);
    tally.webhooks += outcome.webhooks;
    for (const kind of outcome.kinds) faults.afterCommit?.(userId, kind);
    await deleteBlobs(outcome.blobIds);
    return outcome.kinds;
  }

  /** The closed people whose kinds are due; false when the budget ran out before the end. */
  async function erasePeople(
    table: PolicyTable,
    version: number,
    runId: number,
    tally: Tally,
    deadline: number,
    renew: () => Promise<void>,
  ): Promise<boolean> {
    const at = now();
    // No closure after the latest cut-off of any site and kind can be due for anything.
    const closedBefore = Math.max(
      ...SITE_CODES.flatMap((site) =>
        PERSON_RETENTION_KINDS.map((kind) => cutoffFor(at, policyOf(table, site, kind).period)),
      ),
    );
    let after: [number, number] | undefined;
    for (;;) {
      const page = await repos.retention.pendingClosures(closedBefore, after, ERASURE_BATCH);
      if (page.length === 0) return true;
      const last = page[page.length - 1];
      if (last) after = [last.closedAt, last.userId];
      const ids = page.map((p) => p.userId);
      const held = await repos.retention.heldAmong(ids);
      const done = await repos.retention.redactedKinds(ids);
      const decisions = await repos.retention.lastDecisions(ids);
      for (const person of page) {
        if (held.has(person.userId)) {
          tally.held.add(person.userId);
          continue;
        }
        const redacted = done.get(person.userId) ?? new Set<string>();
        const due = dueKinds(
          {
            site: person.site,
            relationshipEnd: person.closedAt,
            decision: decisions.get(person.userId) ?? null,
            creation: person.createdAt,
            lastActivity: person.lastLoginAt,
          },
          table,
          now(),
        ).filter((kind) => !redacted.has(kind.kind));
        // Nothing due, and no key or closure left to finish (a run that died after its last commit).
        const keyDue = SEALED_KINDS.every((k) => redacted.has(k)) && !redacted.has('data_key');
        const allDone = PERSON_RETENTION_KINDS.every((k) => redacted.has(k)) && redacted.has('data_key');
        if (due.length === 0 && !keyDue && !allDone) continue;
        const result = await erasePerson(person, due, version, runId, tally);
        if (result === 'held') tally.held.add(person.userId);
        else if (result !== 'taken' && result.length > 0) tally.people.add(person.userId);
      }
      await renew();
      if (now() >= deadline) return false;
    }
  }

  /**
   * One run: the lease, the policy version in force, the people, then the rolling kinds. Answers what it
   * did, or undefined when another run holds the job.
   */
  async function run(
    trigger: 'schedule' | 'staff',
    staff: StaffMe | undefined,
    budgetMs: number,
  ): Promise<RetentionRunResult | undefined> {
    const startedAt = now();
    const claimedUntil = startedAt + LEASE_MS;
    if (!(await repos.retention.claimLock(startedAt, claimedUntil))) return undefined;
    const policy = await policies.inForce(startedAt);
    const runId = await repos.transaction(async (tx) => {
      const id = await tx.retention.insertRun(trigger, staff?.id ?? null, startedAt, policy.version);
      if (staff)
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'retention.run',
            caseRef: `retention-run:${id}`,
            details: { runId: id, policyVersion: policy.version },
          },
          startedAt,
        );
      return id;
    });
    if (!(await repos.retention.renewLock(runId, startedAt + LEASE_MS, claimedUntil))) return undefined;
    const renew = async () => {
      if (!(await repos.retention.renewLock(runId, now() + LEASE_MS)))
        throw new Error('the retention lease was lost');
    };
    const tally: Tally = { people: new Set(), records: {}, held: new Set(), webhooks: 0 };
    const deadline = startedAt + budgetMs;
    const table = policyTable(policy.policies);
    let complete: boolean;
    try {
      complete = await erasePeople(table, policy.version, runId, tally, deadline, renew);
      const rolling: RollingRun = {
        repos,
        table,
        version: policy.version,
        runIdIn: () => Promise.resolve(runId),
        counted: (kind) => count(tally, kind),
        deleteBlobs,
        now,
        deadline,
        faults,
      };
      for (const kind of ROLLING_KINDS) {
        if (!complete) break;
        complete = await eraseRollingKind(kind, rolling);
        await renew();
      }
      await repos.retention.finishRun(runId, tallyJson(tally), complete ? now() : null);
    } finally {
      await repos.retention.releaseLock(runId);
    }
    return {
      runId,
      policyVersion: policy.version,
      startedAt,
      complete,
      people: tally.people.size,
      records: tally.records,
      held: tally.held.size,
      webhooks: tally.webhooks,
    };
  }

  return {
    /** POST /backoffice/api/retention/run (`edit_retention`, admin): a run now, answered within 20 s. */
    async runNow(staff: StaffMe, budgetMs = STAFF_RUN_BUDGET_MS): Promise<RetentionRunResult> {
      requirePermission(staff, 'edit_retention');
      const result = await run('staff', staff, budgetMs);
      if (!result) throw new AppError('RETENTION_RUN_IN_PROGRESS', undefined, 409);
      return result;
    },

    /**
     * The `retention` job (every JOB_INTERVAL_SECONDS, once across instances): a run when the last one
     * started a day ago or did not finish; answers the records written (0 when nothing was to do).
     */
    async runScheduled(budgetMs = JOB_RUN_BUDGET_MS): Promise<number> {
      const latest = await repos.retention.latestRun();
      if (latest && latest.finished_at !== null && now() - latest.started_at < SCHEDULE_EVERY_MS) return 0;
      const result = await run('schedule', undefined, budgetMs);
      return result ? Object.values(result.records).reduce((sum, n) => sum + n, 0) : 0;
    },
  };
}
export type ErasureUseCases = ReturnType<typeof erasureUseCases>;
