// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createTestI18n } from '../test/i18n.ts';
import { applyDocumentLanguage, detectLanguage, LANGUAGE_STORAGE_KEY, selectLanguage } from './i18n.ts';

afterEach(() => {
  localStorage.clear();
  applyDocumentLanguage('en');
});

describe('detectLanguage', () => {
  it('when a supported language is stored, then it wins over the browser', () => {
    expect(detectLanguage('ja-JP', ['de-DE'])).toBe('ja-JP');
  });

  it('when the stored value differs only in case, then the supported spelling is used', () => {
    expect(detectLanguage('zh-cn', [])).toBe('zh-CN');
  });

  it('when nothing usable is stored, then the first browser language that matches is used', () => {
    expect(detectLanguage('xx-XX', ['fr-FR', 'ko-KR', 'de-DE'])).toBe('ko-KR');
  });

  it('when the browser only names a language without region, then its regional variant is used', () => {
    expect(detectLanguage(null, ['de'])).toBe('de-DE');
    expect(detectLanguage(null, ['en-GB'])).toBe('en');
  });

  it('when nothing matches, then English', () => {
    expect(detectLanguage(null, ['fr-FR', 'pl'])).toBe('en');
  });
});

describe('document language', () => {
  it('when the language is ar-SA, then the page is right-to-left; any other language left-to-right', () => {
    applyDocumentLanguage('ar-SA');
    expect(document.documentElement.lang).toBe('ar-SA');
    expect(document.documentElement.dir).toBe('rtl');

    applyDocumentLanguage('zh-HK');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('when a language is selected, then it is stored under i18nextLng and set on <html>', async () => {
    const i18n = createTestI18n();

    await selectLanguage(i18n, 'ar-SA');

    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar-SA');
    expect(i18n.language).toBe('ar-SA');
    expect(document.documentElement.lang).toBe('ar-SA');
    expect(document.documentElement.dir).toBe('rtl');
    // No Arabic file in the test resources: English shows in its place.
    expect(i18n.t('language.label')).toBe('Language');
  });
});

// The translation files themselves (every key, each language's plural forms, placeholders, no English
// copies) are checked for every namespace by packages/contracts/src/locales.test.ts.
