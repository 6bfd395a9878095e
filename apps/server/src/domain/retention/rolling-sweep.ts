/**
 * The frequent sweeps of the rolling kinds (issue 20, D106; docs/data-lifecycle.md "The sweeps"): the
 * `abandoned-uploads` sweep (uploads never submitted, drafts) and the `old-security-log-entries` sweep
 * (the security log and sessions) used to delete after fixed periods (24 hours, 180 days) whatever the
 * policies said and whoever was held. They now run the erasure's own rolling pass (rolling.ts) every ten
 * minutes on the scheduler (once across instances, D50): the policy version in force, per person's site,
 * never a held person's row, a redaction record per batch, so a row goes within one sweep of its due time
 * and not before.
 *
 * A sweep takes the erasure job's lease (`retention_lock`) like a run: while a run holds it the sweep does
 * nothing (the run does every rolling kind itself), and a run asked for while a sweep holds it is 62009
 * for the few seconds the sweep lasts. The sweep's run row (`trigger` 'sweep') is written with its first
 * record, so a sweep with nothing to do leaves no trace; the daily schedule does not count sweeps.
 */
import type { Repositories, TxRepositories } from '../../data/repositories/index.ts';
import type { BlobStore } from '../../lib/uploads/blob-store.ts';
import { policyTable } from './due-rules.ts';
import { LEASE_MS, type ErasureOptions } from './erasure.ts';
import type { PolicyUseCases } from './policies.ts';
import { eraseRollingKind, type RollingKind } from './rolling.ts';

/** A sweep stops after this; the next one (ten minutes on) carries on where it stopped. */
export const SWEEP_BUDGET_MS = 50_000;

export interface RollingSweepDeps extends ErasureOptions {
  repos: Repositories;
  blobs: BlobStore;
  policies: PolicyUseCases;
}

export function rollingSweepUseCases(deps: RollingSweepDeps) {
  const { repos, blobs, policies } = deps;
  const now = deps.now ?? Date.now;

  return {
    /**
     * One sweep of these kinds; answers the batches redacted (0 when nothing was due or a run holds the
     * job). A sweep that dies keeps the lease until it ends, like a run; the next sweep finishes its work.
     */
    async sweep(kinds: readonly RollingKind[], budgetMs = SWEEP_BUDGET_MS): Promise<number> {
      const startedAt = now();
      let held = startedAt + LEASE_MS;
      if (!(await repos.retention.claimLock(startedAt, held))) return 0;
      let runId: number | undefined;
      let written: number | undefined;
      let batches = 0;
      let complete = true;
      const counts: Record<string, number> = {};
      try {
        const policy = await policies.inForce(startedAt);
        const run = {
          repos,
          table: policyTable(policy.policies),
          version: policy.version,
          async runIdIn(tx: TxRepositories) {
            // The first batch with changes writes the run in its own transaction (rolled back with it).
            written = runId ?? (await tx.retention.insertRun('sweep', null, startedAt, policy.version));
            return written;
          },
          committed: () => {
            runId ??= written;
          },
          counted: (kind: RollingKind) => {
            batches += 1;
            counts[kind] = (counts[kind] ?? 0) + 1;
          },
          deleteBlobs: async (ids: readonly string[]) => {
            // After the commit; a failure leaves an orphan for the orphan sweep.
            for (const id of ids) await blobs.delete(id).catch(() => false);
          },
          now,
          deadline: startedAt + budgetMs,
          ...(deps.faults ? { faults: deps.faults } : {}),
        };
        for (const kind of kinds) {
          complete = await eraseRollingKind(kind, run);
          const until = now() + LEASE_MS;
          if (!(await repos.retention.renewLock(null, until, held)))
            throw new Error('the retention lease was lost');
          held = until;
          if (!complete) break;
        }
        if (runId !== undefined)
          await repos.retention.finishRun(
            runId,
            JSON.stringify({ people: 0, records: counts, held: 0, webhooks: 0 }),
            complete ? now() : null,
          );
      } finally {
        await repos.retention.releaseClaim(held);
      }
      return batches;
    },
  };
}
export type RollingSweepUseCases = ReturnType<typeof rollingSweepUseCases>;
