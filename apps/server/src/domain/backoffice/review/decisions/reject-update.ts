/**
 * `reject_update`: an ID or address update is refused with a reason the person reads; nothing else
 * changes, and a new update may be sent (docs/backoffice.md "Decisions").
 */
import type { Decision, DecisionRequestOf } from './decision.ts';
import { closeUpdate, pendingUpdate } from './update-outcome.ts';

export const rejectUpdate: Decision<DecisionRequestOf<'reject_update'>> = {
  permission: 'decide',
  async apply(ctx, request) {
    const submission = await pendingUpdate(ctx, request.submissionId);
    await closeUpdate(ctx, submission, {
      approved: false,
      reasonCode: request.reasonCode,
      userMessage: request.userMessage,
    });
  },
};
