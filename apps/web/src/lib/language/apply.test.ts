// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ALL_LANGUAGE_CODES } from '@kyc/contracts';
import type { KeyValueStorage } from '../browser/storage';
import { applyLanguage, directionOf } from './apply';
import { currentLanguage } from './current';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, get: (key) => data.get(key) ?? null, set: (key, value) => void data.set(key, value) };
}

describe('directionOf (spec §1)', () => {
  it('is rtl for ar-SA and ltr for every other language', () => {
    for (const code of ALL_LANGUAGE_CODES) expect(directionOf(code)).toBe(code === 'ar-SA' ? 'rtl' : 'ltr');
  });
});

describe('applyLanguage (spec §4)', () => {
  it('when a language is applied, then it is saved under i18nextLng and language and set on <html>', () => {
    const storage = memoryStorage();
    const root = document.createElement('html');
    applyLanguage('ar-SA', { hostname: 'www.example.ae', root, storage });
    expect(storage.data.get('i18nextLng')).toBe('ar-SA');
    expect(storage.data.get('language')).toBe('ar-SA');
    expect(root.lang).toBe('ar-SA');
    expect(root.dir).toBe('rtl');
    expect(currentLanguage()).toBe('ar-SA');

    applyLanguage('de-DE', { hostname: 'www.example.com', root, storage });
    expect(root.lang).toBe('de-DE');
    expect(root.dir).toBe('ltr');
  });

  it.each([
    ['announcements.example.com', 'xx'],
    ['learn.example.com', 'xx'],
    ['blog.example.com', 'xx'],
    ['www.example.com', 'ja-JP'],
  ])(
    'when the host is %s, then <html lang> becomes %s (announcements, learn and blog keep theirs)',
    (hostname, lang) => {
      const storage = memoryStorage();
      const root = document.createElement('html');
      root.lang = 'xx';
      applyLanguage('ja-JP', { hostname, root, storage });
      expect(storage.data.get('i18nextLng')).toBe('ja-JP');
      expect(root.lang).toBe(lang);
    },
  );
});
