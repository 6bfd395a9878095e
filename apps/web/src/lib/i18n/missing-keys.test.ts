// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { MISSING_KEYS_ATTRIBUTE, missingKeyOptions } from './missing-keys';

function instanceWith(enabled: boolean) {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['user-accounts'],
    defaultNS: 'user-accounts',
    resources: { en: { 'user-accounts': { profile: { retry: 'Try again' } } } },
    initAsync: false,
    ...missingKeyOptions(enabled, i18n),
  });
  return i18n;
}

describe('missing translation keys (non-production builds)', () => {
  afterEach(() => {
    document.documentElement.removeAttribute(MISSING_KEYS_ATTRIBUTE);
    vi.restoreAllMocks();
  });

  it('when a key resolves to nothing, then it is logged once and listed on <html>', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const i18n = instanceWith(true);
    expect(i18n.t('profile.retry')).toBe('Try again');
    expect(document.documentElement.hasAttribute(MISSING_KEYS_ATTRIBUTE)).toBe(false);
    i18n.t('http.tokenTimeout');
    i18n.t('http.tokenTimeout');
    expect(document.documentElement.getAttribute(MISSING_KEYS_ATTRIBUTE)).toBe(
      'user-accounts:http.tokenTimeout',
    );
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('when reporting is off (production builds), then nothing is recorded', () => {
    const i18n = instanceWith(false);
    i18n.t('http.tokenTimeout');
    expect(document.documentElement.hasAttribute(MISSING_KEYS_ATTRIBUTE)).toBe(false);
  });
});
