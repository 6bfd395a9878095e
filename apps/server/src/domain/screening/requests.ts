/**
 * When a person is screened outside an approval (docs/screening.md "When screening runs", D65): the
 * submitting transaction writes a due run (`request`) and after the commit the run is screened in the
 * background (`soon`); a vendor's approval first asks what holds it (`approvalHold`, D105); the
 * document checks screen again with the names read from the MRZ (`documentRead`, D104); the
 * `screening` job screens the runs still due (`runDue`). A failure never fails the caller: the run
 * stays due for the job.
 */
import type { TxRepositories } from '../../data/repositories/index.ts';
import type { RunDeps } from './runs.ts';
import type { ScreeningState } from './screening-state.ts';

export type RunReason = 'level_1_submitted' | 'vendor_verified' | 'before_approval' | 'document_read';

/** Runs the job screens per tick. */
const JOB_BATCH = 200;

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

export function screeningRequests(
  { repos, now }: Pick<RunDeps, 'repos' | 'now'>,
  state: ScreeningState,
  enabled: boolean,
  runOne: (runId: number, userId: number) => Promise<boolean>,
) {
  const inflight = new Set<Promise<void>>();

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
        state.log.error(
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
      state.log.error(
        { event: 'screening.run.failed', user: userId, err: error },
        'document screening did not run',
      );
    }
  }

  return {
    requests,
    documentRead,

    /** The `screening` job: runs still due (failed, or lost with a process), oldest first. */
    async runDue(): Promise<number> {
      // The runs this instance started after a commit finish first (tests read the outcome after this).
      await Promise.allSettled([...inflight]);
      if (!enabled || state.loaded.length === 0) return 0;
      let count = 0;
      for (const run of await repos.screening.dueRuns(now(), JOB_BATCH)) {
        try {
          if (await runOne(run.id, run.user_id)) count += 1;
        } catch (error) {
          state.log.error({ event: 'screening.run.failed', run: run.id, err: error }, 'screening run failed');
        }
      }
      return count;
    },

    /** Waits for the background runs (app close). */
    async settle(): Promise<void> {
      await Promise.allSettled([...inflight]);
    },
  };
}
