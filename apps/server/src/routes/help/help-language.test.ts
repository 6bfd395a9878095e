import { describe, expect, it } from 'vitest';
import { acceptedTags, chooseLanguage, supportedLanguage } from './help-language.ts';

describe('help-centre language choice', () => {
  it('matches a supported code case-insensitively, else by its primary language', () => {
    expect(supportedLanguage('de-de')).toBe('de-DE');
    expect(supportedLanguage('de')).toBe('de-DE');
    expect(supportedLanguage('de-AT')).toBe('de-DE');
    expect(supportedLanguage('zh-hk')).toBe('zh-HK');
    expect(supportedLanguage('zh')).toBe('zh-CN');
    expect(supportedLanguage('ar-EG')).toBe('ar-SA');
    expect(supportedLanguage('en-GB')).toBe('en');
    expect(supportedLanguage('fr-FR')).toBeUndefined();
    expect(supportedLanguage('<script>')).toBeUndefined();
    expect(supportedLanguage(undefined)).toBeUndefined();
  });

  it('orders Accept-Language by quality, keeps the order of equals and drops q=0 and *', () => {
    expect(acceptedTags('fr;q=0.4, de-CH, ja;q=0.9, *;q=0.1, ru;q=0')).toEqual(['de-CH', 'ja', 'fr']);
    expect(acceptedTags(undefined)).toEqual([]);
  });

  it('prefers the lang query, then the i18nextLng cookie, then Accept-Language, else en', () => {
    const all = { query: 'ko-KR', cookie: 'ja-JP', acceptLanguage: 'de' };
    expect(chooseLanguage(all)).toBe('ko-KR');
    expect(chooseLanguage({ ...all, query: 'xx' })).toBe('ja-JP');
    expect(chooseLanguage({ ...all, query: undefined, cookie: undefined })).toBe('de-DE');
    expect(chooseLanguage({ acceptLanguage: 'fr-FR, es;q=0.5' })).toBe('es-ES');
    expect(chooseLanguage({ acceptLanguage: 'fr-FR' })).toBe('en');
    expect(chooseLanguage({})).toBe('en');
    expect(chooseLanguage({ fallback: 'zh-HK' })).toBe('zh-HK');
    expect(chooseLanguage({ acceptLanguage: 'ja', fallback: 'zh-HK' })).toBe('ja-JP');
  });
});
