/**
 * `approve` a level (docs/backoffice.md "Decisions"): the level becomes SUCCESS by the state machine's
 * rule, the applicant's level rises to it, and approving level 1 unlocks level 2 when it was locked.
 * The reviewer's optional comment goes into the decision history and the audit entry.
 */
import { nextStepStatus } from '../../../kyc/state-machine.ts';
import type { Decision, DecisionRequestOf } from './decision.ts';
import { closeLevelSubmission, levelCase, levelRef, moveLevel, notifyLevel } from './level-case.ts';

export const approve: Decision<DecisionRequestOf<'approve'>> = {
  permission: 'decide',
  approves: true,
  async apply(ctx, request) {
    const { tx, userId, now } = ctx;
    const { level, from } = await levelCase(ctx, request.level);
    const to = nextStepStatus(from, 'approve', { level, actor: ctx.actor });
    await moveLevel(ctx, level, from, { status: to });
    await tx.kyc.upsertApplicant(userId, { level: Math.max(ctx.applicant?.level ?? 0, level) }, now);
    if (level === 1 && ctx.statusOf(2) === 'NOT_ALLOW') {
      const next = nextStepStatus('NOT_ALLOW', 'unlock', { level: 2, actor: 'system', level1Status: to });
      await tx.kyc.setLevelState(userId, 2, { status: next }, now);
    }
    await closeLevelSubmission(ctx, level, 'APPROVED');
    const comment = request.comment ?? '';
    await tx.review.insertDecision(
      {
        userId,
        level,
        decision: 'approve',
        staffId: ctx.staff.id,
        comment,
        ...(ctx.decidedByProvider ? { decidedByProvider: ctx.decidedByProvider } : {}),
      },
      now,
    );
    await notifyLevel(ctx, level, 'approved');
    await ctx.audit(levelRef(ctx, level), { from, to, ...(comment ? { comment } : {}) });
  },
};
