import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/user-accounts/en.json';
import { createTestI18n } from '../../test/i18n';
import { errorText } from './error-text';

describe('the text of a ret_code (spec §8) in and out of SDK mode', () => {
  const i18n = createTestI18n({ '10007': 'Your session has ended. Please sign in again.', '10006': 'Wait.' });

  it('10007 in a portal session says to sign in again', () => {
    expect(errorText(i18n, 10007, false)).toBe('Your session has ended. Please sign in again.');
  });

  it("10007 in SDK mode never asks a partner's user to sign in: it sends them back to their app", () => {
    const text = errorText(i18n, 10007, true);
    expect(text).toBe(en.sdk.errors.linkExpired);
    expect(text).not.toMatch(/sign in/i);
  });

  it('other codes read the same in both modes; an unknown code has no text', () => {
    expect(errorText(i18n, 10006, true)).toBe('Wait.');
    expect(errorText(i18n, 424242, true)).toBeUndefined();
  });
});
