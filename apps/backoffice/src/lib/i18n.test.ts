// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_LANGUAGE_CODES } from '@kyc/contracts';
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

// Translation files beside en.json (written by translators) must carry the same keys and placeholders.
const localeFiles = import.meta.glob<Record<string, unknown>>('../../../../locales/backoffice/*.json', {
  eager: true,
  import: 'default',
});

function flatten(tree: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object') {
      for (const [k, v] of flatten(value as Record<string, unknown>, path)) out.set(k, v);
    } else out.set(path, String(value));
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locales/backoffice', () => {
  const byLanguage = new Map(
    Object.entries(localeFiles).map(([file, tree]) => [
      file.replace(/^.*\/(.+)\.json$/, '$1'),
      flatten(tree),
    ]),
  );
  const english = byLanguage.get('en');

  it('when the English source is read, then it exists and every value is a non-empty string', () => {
    expect(english?.size).toBeGreaterThan(0);
    for (const [key, value] of english ?? []) expect(value.trim(), key).not.toBe('');
  });

  it.each([...byLanguage.keys()].filter((lng) => lng !== 'en'))(
    'when %s.json exists, then it is a supported language with the same keys and placeholders as en.json',
    (lng) => {
      expect(ALL_LANGUAGE_CODES).toContain(lng);
      const translated = byLanguage.get(lng) ?? new Map<string, string>();
      expect([...translated.keys()].sort()).toEqual([...(english?.keys() ?? [])].sort());
      for (const [key, value] of english ?? []) {
        expect(placeholders(translated.get(key) ?? ''), `${lng}: ${key}`).toEqual(placeholders(value));
      }
    },
  );
});
