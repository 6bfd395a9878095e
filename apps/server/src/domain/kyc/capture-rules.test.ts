import { describe, expect, it } from 'vitest';
import { CAPTURE_CONSENT_VERSION, RET_CODES } from '@kyc/contracts';
import { AppError } from '../../lib/app-error.ts';
import { checkedConsent, residenceDetails } from './capture-rules.ts';

const given = { privacy: true, declaration: true, version: CAPTURE_CONSENT_VERSION, language: 'ar-SA' };

function codeOf(run: () => unknown): number | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.retCode : undefined;
  }
  return undefined;
}

describe('capture consent and declaration (issue 10)', () => {
  it('when both boxes are ticked for the current version, then version, language and time are recorded', () => {
    expect(checkedConsent(given, 1234)).toEqual({
      version: CAPTURE_CONSENT_VERSION,
      language: 'ar-SA',
      at: 1234,
    });
  });

  it('when the consent is missing or a box is not ticked, then 30041', () => {
    expect(codeOf(() => checkedConsent(undefined, 1))).toBe(RET_CODES.KYC_CONSENT_REQUIRED.code);
    expect(codeOf(() => checkedConsent({ ...given, privacy: false }, 1))).toBe(30041);
    expect(codeOf(() => checkedConsent({ ...given, declaration: false }, 1))).toBe(30041);
  });

  it('when it was given to another version of the texts, then 30042; an unknown language is 10001', () => {
    expect(codeOf(() => checkedConsent({ ...given, version: '0' }, 1))).toBe(30042);
    expect(codeOf(() => checkedConsent({ ...given, language: 'xx-XX' }, 1))).toBe(10001);
  });
});

describe('level 2 residence address', () => {
  it('when given, then it becomes the details to seal; when missing, 10001', () => {
    expect(residenceDetails({ country: 'DE', line1: 'Unter den Linden 1', city: 'Berlin' })).toEqual({
      residenceCountry: 'DE',
      residenceLine1: 'Unter den Linden 1',
      residenceLine2: '',
      residenceCity: 'Berlin',
      residencePostalCode: '',
    });
    expect(codeOf(() => residenceDetails(undefined))).toBe(10001);
  });
});
