import { describe, expect, it } from 'vitest';
import { countryCode, flowNameOf, kycInfoRequest, secondFlowNameOf } from './kyc.ts';

describe('KYC contracts (spec §3, §7)', () => {
  it('LEVEL_1 → Level1_web, LEVEL_2 → Level2_web, any other level → Level1_web', () => {
    expect([1, 2, 0, 3, -1].map(flowNameOf)).toEqual([
      'Level1_web',
      'Level2_web',
      'Level1_web',
      'Level1_web',
      'Level1_web',
    ]);
  });

  it('the second-flow helper gives Level2_web for both levels', () => {
    expect([1, 2].map(secondFlowNameOf)).toEqual(['Level2_web', 'Level2_web']);
  });

  it('kyc-info body defaults: obtain_kyc_token false, every other flag true', () => {
    expect(kycInfoRequest.parse({})).toEqual({
      obtain_kyc_token: false,
      obtain_current: true,
      obtain_quotas: true,
      obtain_state: true,
      obtain_aml_questionnaire: true,
      obtain_verification_process: true,
    });
    expect(kycInfoRequest.safeParse({ obtain_state: 'true' }).success).toBe(false);
    expect(kycInfoRequest.safeParse({ unknown: true }).success).toBe(false);
  });

  it('country codes are two letters, upper-cased', () => {
    expect(countryCode.parse('tr')).toBe('TR');
    for (const bad of ['TUR', 'T', '12', '']) expect(countryCode.safeParse(bad).success, bad).toBe(false);
  });
});
