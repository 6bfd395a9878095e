// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { languagesForRegion } from '@kyc/contracts';
import { detectLanguage, queryLanguageOf, readLanguageSources } from './detect';

const DEFAULT = languagesForRegion('default');
const HONG_KONG = languagesForRegion('hk');
const EMIRATES = languagesForRegion('ae');

describe('detectLanguage (spec §4)', () => {
  it('spec §4: when every source has a supported language, then ?lang= wins, even over the URL segment', () => {
    expect(
      detectLanguage(
        { pathLanguage: 'ja-JP', queryLanguage: 'ko-KR', storedLanguage: 'de-DE', browserLanguage: 'es-ES' },
        DEFAULT,
      ),
    ).toBe('ko-KR');
  });

  it('when ?lang= is missing or not offered, then the URL segment comes next', () => {
    expect(detectLanguage({ pathLanguage: 'ja-JP', storedLanguage: 'de-DE' }, DEFAULT)).toBe('ja-JP');
    expect(detectLanguage({ pathLanguage: 'ja-JP', queryLanguage: 'ar-SA' }, DEFAULT)).toBe('ja-JP');
  });

  it('queryLanguageOf reads a supported ?lang= in its canonical spelling', () => {
    expect(queryLanguageOf('?from=app&lang=ja-jp', DEFAULT.languages)).toBe('ja-JP');
    expect(queryLanguageOf('?lang=xx', DEFAULT.languages)).toBeUndefined();
    expect(queryLanguageOf('', DEFAULT.languages)).toBeUndefined();
  });

  it('when there is no URL segment, then ?lang= comes before storage and the browser', () => {
    expect(
      detectLanguage({ queryLanguage: 'ko-KR', storedLanguage: 'de-DE', browserLanguage: 'es-ES' }, DEFAULT),
    ).toBe('ko-KR');
  });

  it('when there is no query, then localStorage comes before the browser', () => {
    expect(detectLanguage({ storedLanguage: 'de-DE', browserLanguage: 'es-ES' }, DEFAULT)).toBe('de-DE');
  });

  it('when only the browser language is known, then it is used', () => {
    expect(detectLanguage({ browserLanguage: 'es-ES' }, DEFAULT)).toBe('es-ES');
  });

  it('when a source is unsupported, then it is skipped in favour of the next one', () => {
    expect(detectLanguage({ queryLanguage: 'xx-YY', storedLanguage: 'tr-TR' }, DEFAULT)).toBe('tr-TR');
  });

  it('when no source is supported, then the default is used', () => {
    expect(
      detectLanguage({ queryLanguage: 'xx', storedLanguage: 'klingon', browserLanguage: 'pt-BR' }, DEFAULT),
    ).toBe('en');
    expect(detectLanguage({}, DEFAULT)).toBe('en');
  });

  it('when codes differ only in case, then the canonical spelling is returned', () => {
    expect(detectLanguage({ queryLanguage: 'zh-cn' }, DEFAULT)).toBe('zh-CN');
  });

  it('when the browser sends a bare or other-region tag, then the offered language of that family is used', () => {
    expect(detectLanguage({ browserLanguage: 'de' }, DEFAULT)).toBe('de-DE');
    expect(detectLanguage({ browserLanguage: 'en-GB' }, DEFAULT)).toBe('en');
  });

  it('when the host is a Hong Kong one, then only en-HK and zh-HK are offered and zh-HK is the default', () => {
    expect(detectLanguage({ storedLanguage: 'en' }, HONG_KONG)).toBe('zh-HK');
    expect(detectLanguage({ storedLanguage: 'en-HK' }, HONG_KONG)).toBe('en-HK');
  });

  it('when ar-SA is asked for, then only Emirates hosts offer it', () => {
    expect(detectLanguage({ queryLanguage: 'ar-SA' }, DEFAULT)).toBe('en');
    expect(detectLanguage({ queryLanguage: 'ar-SA' }, EMIRATES)).toBe('ar-SA');
  });
});

describe('readLanguageSources', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    window.localStorage.clear();
    vi.restoreAllMocks();
  });

  it('reads ?lang=, localStorage i18nextLng and navigator.language of the page', () => {
    window.history.replaceState(null, '', '/login?lang=ko-KR&redirect_url=%2Fx');
    window.localStorage.setItem('i18nextLng', 'de-DE');
    vi.spyOn(window.navigator, 'language', 'get').mockReturnValue('es-ES');
    expect(readLanguageSources('ja-JP')).toEqual({
      pathLanguage: 'ja-JP',
      queryLanguage: 'ko-KR',
      storedLanguage: 'de-DE',
      browserLanguage: 'es-ES',
    });
  });
});

describe('language detection rules (spec §4, §9)', () => {
  it('spec §4: an unsupported lang query falls back to en', () => {
    expect(detectLanguage({ queryLanguage: 'fr-FR' }, DEFAULT)).toBe('en');
  });

  it('spec §4: the lang query parameter comes first, then localStorage i18nextLng, then the browser language', () => {
    const all = { queryLanguage: 'vi-VN', storedLanguage: 'th-TH', browserLanguage: 'ru-RU' };
    expect(detectLanguage(all, DEFAULT)).toBe('vi-VN');
    expect(detectLanguage({ ...all, queryLanguage: null }, DEFAULT)).toBe('th-TH');
    expect(detectLanguage({ ...all, queryLanguage: null, storedLanguage: null }, DEFAULT)).toBe('ru-RU');
  });

  it('spec §4, §9: on a Hong Kong host an unsupported language falls back to zh-HK, the Hong Kong default', () => {
    expect(detectLanguage({ queryLanguage: 'de-DE', browserLanguage: 'ja-JP' }, HONG_KONG)).toBe('zh-HK');
  });
});
