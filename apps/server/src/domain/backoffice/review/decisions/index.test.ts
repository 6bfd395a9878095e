import { describe, expect, it } from 'vitest';
import { roleCan, type DecisionRequest } from '@kyc/contracts';
import { decisionOf } from './index.ts';

const requests: DecisionRequest[] = [
  { decision: 'approve', level: 1 },
  { decision: 'reject_retry', level: 1, reasonCode: 'BLURRY', userMessage: 'Blurry photo' },
  { decision: 'propose_final', level: 2, reasonCode: 'FORGED', userMessage: 'Not accepted' },
  { decision: 'confirm_final', level: 2 },
  { decision: 'request_reverification', deadline: 1 },
  { decision: 'approve_reverification' },
  { decision: 'reject_reverification', reasonCode: 'BLURRY', userMessage: 'Blurry photo' },
  { decision: 'approve_update', submissionId: 1 },
  { decision: 'reject_update', submissionId: 1, reasonCode: 'BLURRY', userMessage: 'Blurry photo' },
];

describe('the decision table', () => {
  it('when any request kind is looked up, then a module answers it', () => {
    for (const request of requests) expect(typeof decisionOf(request).apply).toBe('function');
  });

  it('when a final rejection is confirmed, then only roles that may confirm it may; every other kind needs decide', () => {
    for (const request of requests)
      expect(decisionOf(request).permission).toBe(
        request.decision === 'confirm_final' ? 'confirm_final' : 'decide',
      );
    expect(roleCan('reviewer', decisionOf({ decision: 'confirm_final', level: 1 }).permission)).toBe(false);
    expect(roleCan('senior_reviewer', decisionOf({ decision: 'confirm_final', level: 1 }).permission)).toBe(
      true,
    );
  });
});
