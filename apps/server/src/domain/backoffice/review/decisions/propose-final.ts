/**
 * `propose_final`: a reviewer proposes rejecting a PENDING level for good (docs/backoffice.md
 * "Decisions"). Nothing changes for the person, who keeps seeing PENDING, until a senior reviewer
 * confirms; the level's pending submission carries the mark the queue filters and badges on.
 */
import { AppError } from '../../../../lib/app-error.ts';
import { alreadyDecided } from '../../decision-conflicts.ts';
import type { Decision, DecisionRequestOf } from './decision.ts';
import { LEVEL_KINDS, levelCase, levelRef } from './level-case.ts';

export const proposeFinal: Decision<DecisionRequestOf<'propose_final'>> = {
  permission: 'decide',
  async apply(ctx, request) {
    const { tx, userId, now } = ctx;
    const { reasonCode, userMessage } = request;
    const { level, from, proposal } = await levelCase(ctx, request.level);
    if (from !== 'PENDING') throw new AppError('KYC_ILLEGAL_TRANSITION', `LEVEL_${level}: not PENDING`);
    if (proposal) throw alreadyDecided(`LEVEL_${level}, a final rejection is proposed`);
    // Compare-and-set: of two concurrent proposals one marks the submission, the other rolls back.
    const pending = await tx.submissions.pendingSubmission(userId, LEVEL_KINDS, level);
    if (pending && !(await tx.submissions.markFinalProposed(Number(pending.id), now)))
      throw alreadyDecided(`LEVEL_${level}, a final rejection is proposed`);
    await tx.review.insertDecision(
      { userId, level, decision: 'reject_final_proposed', reasonCode, userMessage, staffId: ctx.staff.id },
      now,
    );
    await ctx.audit(levelRef(ctx, level), { reasonCode });
  },
};
