/**
 * The rolling kinds of issue 20 (docs/data-lifecycle.md "Erasure and crypto-shredding", step 3; D106):
 * uploads never submitted, drafts, the security log and sessions, settled partner deliveries. Each row
 * counts from its own creation or last change, under the policy of its person's site, and never a row of
 * a held person. Shared by the daily erasure run (every rolling kind) and the frequent sweeps that
 * replaced the fixed-period `abandoned-uploads` and `old-security-log-entries` (rolling-sweep.ts).
 *
 * A batch is one transaction: at most ERASURE_BATCH rows per table, each statement a compare-and-set on
 * what it removes, and the batch's redaction record (`user_id` null, the site, the cut-off). Nothing lives
 * between batches but the database: a batch killed before its commit leaves every row and no record, one
 * killed after it leaves blobs no row refers to (the orphan sweep's), so a re-run does nothing twice.
 */
import { SITE_CODES, type PersonRetentionKind, type RetentionKind } from '@kyc/contracts';
import type { Repositories, TxRepositories } from '../../data/repositories/index.ts';
import { cutoffFor, policyOf, type PolicyTable } from './due-rules.ts';

/** People read per batch, and rolling rows changed per transaction. */
export const ERASURE_BATCH = 200;

export type RollingKind = Exclude<RetentionKind, PersonRetentionKind>;
export const ROLLING_KINDS: readonly RollingKind[] = [
  'unsubmitted_uploads',
  'drafts',
  'sessions_security_log',
  'partner_webhook_deliveries',
];

/** Test seams: a fault at a point of a rolling batch stands for the process dying there. */
export interface RollingFaults {
  /** Inside the batch's transaction, after its changes and record (the batch rolls back). */
  rollingBeforeCommit?(kind: string, site: string): void;
  /** After the batch's commit, before its blobs are deleted. */
  rollingAfterCommit?(kind: string, site: string): void;
}

/** What a pass over one kind needs of its run. */
export interface RollingRun {
  repos: Repositories;
  table: PolicyTable;
  version: number;
  /** The run the records name, inside the batch's transaction (a sweep writes its run with its first record). */
  runIdIn(tx: TxRepositories): Promise<number>;
  /** After each batch's commit (the sweep learns its run row is committed). */
  committed?(): void;
  /** A batch with changes was committed (for the run's tally). */
  counted(kind: RollingKind): void;
  deleteBlobs(blobIds: readonly string[]): Promise<void>;
  now(): number;
  deadline: number;
  faults?: RollingFaults;
}

interface BatchResult {
  changed: number;
  blobIds: string[];
  counts: Record<string, number>;
}

async function batchOf(
  tx: TxRepositories,
  kind: RollingKind,
  scope: { site: string; before: number; limit: number },
): Promise<BatchResult> {
  switch (kind) {
    case 'unsubmitted_uploads': {
      const { blobIds } = await tx.retention.deleteUnsubmittedUploads(scope);
      return { changed: blobIds.length, blobIds, counts: { uploads: blobIds.length } };
    }
    case 'drafts': {
      const n = await tx.retention.clearDrafts(scope);
      return { changed: n, blobIds: [], counts: { drafts: n } };
    }
    case 'sessions_security_log': {
      const n = await tx.retention.deleteSecurityLog(scope);
      return { changed: n, blobIds: [], counts: { entries: n } };
    }
    case 'partner_webhook_deliveries': {
      const n = await tx.retention.deleteSettledDeliveries(scope);
      return { changed: n, blobIds: [], counts: { deliveries: n } };
    }
  }
}

/** One rolling kind on every site, batch by batch; false when the deadline came before the end. */
export async function eraseRollingKind(kind: RollingKind, r: RollingRun): Promise<boolean> {
  const at = r.now();
  const sites = [...SITE_CODES];
  for (const site of sites) {
    const policy = policyOf(r.table, site, kind);
    const before = cutoffFor(at, policy.period);
    for (;;) {
      const scope = { site, before, limit: ERASURE_BATCH };
      const { changed, blobIds } = await r.repos.transaction(async (tx) => {
        const result = await batchOf(tx, kind, scope);
        if (result.changed > 0) {
          await tx.retention.recordRedaction({
            userId: null,
            kind,
            site,
            policyVersion: r.version,
            clock: policy.clock,
            dueAt: before,
            redactedAt: r.now(),
            runId: await r.runIdIn(tx),
            counts: result.counts,
          });
          r.faults?.rollingBeforeCommit?.(kind, site);
        }
        return result;
      });
      r.committed?.();
      if (changed > 0) {
        r.counted(kind);
        r.faults?.rollingAfterCommit?.(kind, site);
      }
      await r.deleteBlobs(blobIds);
      if (r.now() >= r.deadline) return false;
      // Uploads read two tables of up to a batch each: only an empty batch says the site is done.
      if (changed === 0 || (changed < ERASURE_BATCH && kind !== 'unsubmitted_uploads')) break;
    }
  }
  if (kind === 'partner_webhook_deliveries') return eraseUnattributedDeliveries(r);
  return true;
}

/** Deliveries of no known person (made before migration 029): after the longest period of any site. */
async function eraseUnattributedDeliveries(r: RollingRun): Promise<boolean> {
  const kind = 'partner_webhook_deliveries';
  const at = r.now();
  const before = Math.min(...SITE_CODES.map((site) => cutoffFor(at, policyOf(r.table, site, kind).period)));
  for (;;) {
    const n = await r.repos.transaction(async (tx) => {
      const deleted = await tx.retention.deleteSettledDeliveries(
        { site: 'GLOBAL', before, limit: ERASURE_BATCH },
        true,
      );
      if (deleted > 0)
        await tx.retention.recordRedaction({
          userId: null,
          kind,
          site: '*',
          policyVersion: r.version,
          clock: 'creation',
          dueAt: before,
          redactedAt: r.now(),
          runId: await r.runIdIn(tx),
          counts: { deliveries: deleted },
        });
      return deleted;
    });
    r.committed?.();
    if (n > 0) r.counted(kind);
    if (n < ERASURE_BATCH || r.now() >= r.deadline) return n < ERASURE_BATCH;
  }
}
