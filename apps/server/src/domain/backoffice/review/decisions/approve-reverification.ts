/**
 * `approve_reverification`: the identity was proven again; the status goes back to No and the panel
 * disappears for the person (docs/backoffice.md "Decisions").
 */
import type { Decision, DecisionRequestOf } from './decision.ts';
import { decideReverification } from './reverification-outcome.ts';

export const approveReverification: Decision<DecisionRequestOf<'approve_reverification'>> = {
  permission: 'decide',
  approves: true,
  apply: (ctx) =>
    decideReverification(ctx, {
      event: 'approve',
      submissionStatus: 'APPROVED',
      decision: 'reverify_approved',
      outcome: 'approved',
    }),
};
