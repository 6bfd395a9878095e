/**
 * `reject_reverification`: the proof was refused with a reason the person reads; Rejected lets them
 * resubmit, Rejected_Daily (`daily`: the day's attempts are used up) not before the next day
 * (docs/backoffice.md "Decisions").
 */
import type { Decision, DecisionRequestOf } from './decision.ts';
import { decideReverification } from './reverification-outcome.ts';

export const rejectReverification: Decision<DecisionRequestOf<'reject_reverification'>> = {
  permission: 'decide',
  apply: (ctx, request) =>
    decideReverification(ctx, {
      event: request.daily === true ? 'reject_daily' : 'reject',
      submissionStatus: 'REJECTED_RETRY',
      decision: request.daily === true ? 'reverify_rejected_daily' : 'reverify_rejected',
      outcome: 'rejected',
      reasonCode: request.reasonCode,
      userMessage: request.userMessage,
    }),
};
