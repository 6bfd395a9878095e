/**
 * `request_reverification`: the person must prove their identity again by a deadline in the future
 * (docs/backoffice.md "Decisions"). The re-verification machine's rule (level 1 approved, deadline)
 * decides whether it may be asked; the site and country are copied for the person's panel. A request
 * finding one already Needed (another reviewer's, a moment ago) is 30081 (issue 14); the case's lock
 * (decide.ts) keeps two requests from both reading No.
 */
import { AppError } from '../../../../lib/app-error.ts';
import { alreadyDecided } from '../../decision-conflicts.ts';
import { nextPoiStatus } from '../../../kyc/state-machine.ts';
import type { Decision, DecisionRequestOf } from './decision.ts';

export const requestReverification: Decision<DecisionRequestOf<'request_reverification'>> = {
  permission: 'decide',
  async apply(ctx, request) {
    const { tx, userId, now } = ctx;
    const { deadline } = request;
    if (deadline <= now) throw new AppError('PARAMS_ERROR', 'deadline: must be in the future', 400);
    const poi = await tx.kyc.findReverification(userId);
    if (poi?.status === 'DisplayUpdatePOIStatus_Needed') throw alreadyDecided('the re-verification (Needed)');
    nextPoiStatus(poi?.status ?? 'DisplayUpdatePOIStatus_No', 'request', {
      actor: ctx.actor,
      level1Status: ctx.statusOf(1),
      deadline,
    });
    await tx.kyc.setReverification(
      userId,
      {
        status: 'DisplayUpdatePOIStatus_Needed',
        deadline,
        site: ctx.user.site,
        country: ctx.applicant?.country ?? '',
      },
      now,
    );
    await tx.review.insertDecision(
      { userId, level: 0, decision: 'reverify_requested', staffId: ctx.staff.id },
      now,
    );
    await tx.notices.insert(
      { userId, kind: 'reverification', ref: 'REVERIFICATION', outcome: 'info_requested' },
      now,
    );
    await ctx.audit(`user:${userId}/level:0`, { deadline });
  },
};
