import { describe, expect, it } from 'vitest';
import { RET_CODES } from '@kyc/contracts';
import { retCodeOf as codeOf } from '../../lib/testing/ret-code-of.ts';
import { checkSupportRequest } from './support-requests.ts';

const VALID = { topic: 'documents', message: '  My upload fails.  ', language: 'de-DE' };

describe('checkSupportRequest (Report a problem)', () => {
  it('signed in: keeps topic and language, trims the message and ignores any email', () => {
    expect(checkSupportRequest({ ...VALID, email: 'x@example.com' }, true)).toEqual({
      topic: 'documents',
      message: 'My upload fails.',
      email: null,
      language: 'de-DE',
    });
  });

  it('signed out: requires a valid email, stored lower-cased', () => {
    expect(checkSupportRequest({ ...VALID, email: ' Ana@Example.COM ' }, false).email).toBe(
      'ana@example.com',
    );
    expect(codeOf(() => checkSupportRequest(VALID, false))).toBe(RET_CODES.SUPPORT_EMAIL_REQUIRED.code);
    expect(codeOf(() => checkSupportRequest({ ...VALID, email: 'nope' }, false))).toBe(52003);
  });

  it('names the field in its ret_code: topic 52001, message 52002 (10 to 4000 after trimming), language 52007', () => {
    expect(codeOf(() => checkSupportRequest({ ...VALID, topic: 'billing' }, true))).toBe(52001);
    expect(codeOf(() => checkSupportRequest({ ...VALID, message: `   ${'x'.repeat(9)}   ` }, true))).toBe(
      52002,
    );
    expect(codeOf(() => checkSupportRequest({ ...VALID, message: 'x'.repeat(4001) }, true))).toBe(52002);
    expect(codeOf(() => checkSupportRequest({ ...VALID, message: 'x'.repeat(4000) }, true))).toBeUndefined();
    expect(codeOf(() => checkSupportRequest({ ...VALID, language: 'fr-FR' }, true))).toBe(52007);
  });
});
