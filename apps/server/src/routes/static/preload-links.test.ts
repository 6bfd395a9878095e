import { describe, expect, it } from 'vitest';
import { pageLanguageOf, translationPreloadLinks } from './preload-links.ts';

describe('translation preload links of an app page (issue 10)', () => {
  it('spec §4: the language is a supported ?lang= first, else the path segment, in its canonical spelling', () => {
    expect(pageLanguageOf('/user/accounts/en/auth/personal?lang=ja-jp')).toBe('ja-JP');
    expect(pageLanguageOf('/user/accounts/de-DE/auth/kyc?lang=xx')).toBe('de-DE');
    expect(pageLanguageOf('/user/accounts/auth/kyc')).toBeUndefined();
    expect(pageLanguageOf('/login?lang=en')).toBeUndefined();
  });

  it('names both start namespaces with the environment prefix and ?v=1, as the SPA asks for them', () => {
    expect(translationPreloadLinks('/user/accounts/ar-SA/auth/personal', 'production')).toBe(
      '</common-static/i18n-upload/user-accounts/ar-SA.json?v=1>; rel=preload; as=fetch; crossorigin, ' +
        '</common-static/i18n-upload/inverse-error-code/ar-SA.json?v=1>; rel=preload; as=fetch; crossorigin',
    );
    expect(translationPreloadLinks('/user/accounts/en/auth', 'testnet')).toContain(
      '/user-accounts/testnet-en.json?v=1>',
    );
    expect(translationPreloadLinks('/user/accounts/', 'production')).toBeUndefined();
  });
});
