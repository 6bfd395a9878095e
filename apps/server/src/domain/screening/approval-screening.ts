/**
 * What an approval asks of screening (docs/screening.md "When screening runs", D65): the person is
 * screened first, awaited, when their last run did not use the lists loaded now; then, in the
 * decision's transaction after the case lock, no true match may have frozen the account (61007), no hit
 * may be unresolved (61001), and the lists must still be those the person was screened with (61002).
 */
import type { Repositories, TxRepositories } from '../../data/repositories/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ScreeningState } from './screening-state.ts';

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

const notDone = (why: string) => new AppError('SCREENING_NOT_DONE', `screening not done: ${why}`);

export function approvalScreening(
  { repos, now }: { repos: Repositories; now: () => number },
  state: ScreeningState,
  enabled: boolean,
  runOne: (runId: number, userId: number) => Promise<boolean>,
): ApprovalScreening {
  return {
    async beforeApproval(userId) {
      if (!enabled) return;
      if (state.loaded.length === 0) throw notDone('no screening list is loaded');
      const last = await repos.screening.latestDoneRun(userId);
      if (last && last.lists_key === state.listsKey) return;
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
      if (!last || last.lists_key !== state.listsKey)
        throw notDone('the lists changed since the person was screened');
    },
  };
}
