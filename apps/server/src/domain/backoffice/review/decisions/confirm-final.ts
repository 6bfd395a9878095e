/**
 * `confirm_final`: a senior reviewer confirms a proposed final rejection (docs/backoffice.md "Decisions",
 * four eyes). The level becomes FAILED_AND_CAN_NOT_RETRY by the state machine's rule, which refuses the
 * proposer confirming their own proposal; the decision row names both. A proposal by a verification
 * vendor (staff 0, `decided_by_provider`) is confirmed the same way, and the vendor stays named.
 */
import { AppError } from '../../../../lib/app-error.ts';
import { nextStepStatus } from '../../../kyc/state-machine.ts';
import type { Decision, DecisionRequestOf } from './decision.ts';
import { levelCase, levelRef, notifyLevel, rejectLevel } from './level-case.ts';

export const confirmFinal: Decision<DecisionRequestOf<'confirm_final'>> = {
  permission: 'confirm_final',
  async apply(ctx, request) {
    const { tx, userId, now } = ctx;
    const { level, from, proposal } = await levelCase(ctx, request.level, true);
    if (!proposal) throw new AppError('KYC_ILLEGAL_TRANSITION', 'no final rejection awaits confirmation');
    const proposedBy = Number(proposal.staff_id);
    const { reason_code: reasonCode, user_message: userMessage } = proposal;
    const proposedByProvider = proposal.decided_by_provider;
    const to = nextStepStatus(from, 'reject_final', {
      level,
      actor: ctx.actor,
      reasonCode,
      proposedBy,
      confirmedBy: ctx.staff.id,
    });
    await rejectLevel(ctx, level, from, to, 'REJECTED_FINAL', reasonCode, userMessage);
    await tx.review.insertDecision(
      {
        userId,
        level,
        decision: 'reject_final_confirmed',
        reasonCode,
        userMessage,
        staffId: proposedBy,
        confirmedBy: ctx.staff.id,
        decidedByProvider: proposedByProvider,
      },
      now,
    );
    await notifyLevel(ctx, level, 'rejected');
    await ctx.audit(levelRef(ctx, level), {
      from,
      to,
      proposedBy,
      ...(proposedByProvider ? { proposedByProvider } : {}),
      reasonCode,
    });
  },
};
