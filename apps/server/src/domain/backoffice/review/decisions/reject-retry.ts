/**
 * `reject_retry` a level (docs/backoffice.md "Decisions"): the level becomes FAILED_AND_CAN_RETRY by
 * the state machine's rule, with the reason code and the message the person reads; they may submit again.
 */
import { nextStepStatus } from '../../../kyc/state-machine.ts';
import type { Decision, DecisionRequestOf } from './decision.ts';
import { levelCase, levelRef, notifyLevel, rejectLevel } from './level-case.ts';

export const rejectRetry: Decision<DecisionRequestOf<'reject_retry'>> = {
  permission: 'decide',
  async apply(ctx, request) {
    const { tx, userId, now } = ctx;
    const { reasonCode, userMessage } = request;
    const { level, from } = await levelCase(ctx, request.level);
    const to = nextStepStatus(from, 'reject_retry', { level, actor: ctx.actor, reasonCode });
    await rejectLevel(ctx, level, from, to, 'REJECTED_RETRY', reasonCode, userMessage);
    await tx.review.insertDecision(
      {
        userId,
        level,
        decision: 'reject_retry',
        reasonCode,
        userMessage,
        staffId: ctx.staff.id,
        ...(ctx.decidedByProvider ? { decidedByProvider: ctx.decidedByProvider } : {}),
      },
      now,
    );
    await notifyLevel(ctx, level, 'rejected');
    await ctx.audit(levelRef(ctx, level), { from, to, reasonCode });
  },
};
