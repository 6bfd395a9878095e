import { describe, expect, it } from 'vitest';
import {
  ALL_LANGUAGE_CODES,
  formattingLocale,
  DEFAULT_LANGUAGE,
  isRtl,
  languagesForRegion,
  matchLanguage,
  regionFromHost,
} from './languages.ts';

describe('languages (spec §1, §4, §9)', () => {
  it('spec §9: the default list is en, en-US, zh-CN, zh-TW, ja-JP, ko-KR, ru-RU, id-ID, es-ES, tr-TR, th-TH, vi-VN, de-DE; default en', () => {
    const region = languagesForRegion('default');
    expect(region.languages.map((l) => l.code)).toEqual([
      'en',
      'en-US',
      'zh-CN',
      'zh-TW',
      'ja-JP',
      'ko-KR',
      'ru-RU',
      'id-ID',
      'es-ES',
      'tr-TR',
      'th-TH',
      'vi-VN',
      'de-DE',
    ]);
    expect(region.defaultLanguage).toBe('en');
    expect(DEFAULT_LANGUAGE).toBe('en');
  });

  it('spec §4: hosts ending .hk give Hong Kong (en-HK, zh-HK only, default zh-HK); .ae the Emirates variant; others default', () => {
    expect(regionFromHost('kyc.example.hk')).toBe('hk');
    expect(regionFromHost('kyc.example.ae')).toBe('ae');
    expect(regionFromHost('kyc.example.com')).toBe('default');
    expect(languagesForRegion('hk').languages.map((l) => l.code)).toEqual(['en-HK', 'zh-HK']);
    expect(languagesForRegion('hk').defaultLanguage).toBe('zh-HK');
    expect(languagesForRegion('ae').languages.map((l) => l.code)).toEqual([
      ...languagesForRegion('default').languages.map((l) => l.code),
      'ar-SA',
    ]);
  });

  it('spec §1: only ar-SA is right-to-left', () => {
    for (const code of ALL_LANGUAGE_CODES) expect(isRtl(code), code).toBe(code === 'ar-SA');
  });

  it('spec §4: an unsupported code does not match; a supported one matches whatever its case', () => {
    const { languages } = languagesForRegion('default');
    expect(matchLanguage('ZH-tw', languages)).toBe('zh-TW');
    expect(matchLanguage('pt-BR', languages)).toBeUndefined();
    expect(matchLanguage('', languages)).toBeUndefined();
    expect(matchLanguage('zh-HK', languages)).toBeUndefined();
    // ar-SA belongs to the Emirates variant only.
    expect(matchLanguage('ar-SA', languages)).toBeUndefined();
  });
});

describe('formattingLocale (D34: one digit system per page)', () => {
  it('gives every language Western digits and the Gregorian calendar, ar-SA included', () => {
    const when = Date.UTC(2026, 10, 25, 12, 0);
    for (const code of ALL_LANGUAGE_CODES) {
      const date = new Intl.DateTimeFormat(formattingLocale(code), { dateStyle: 'long', timeZone: 'UTC' });
      const number = new Intl.NumberFormat(formattingLocale(code)).format(1234.5);
      expect(date.format(when), code).toMatch(/2026/);
      expect(number, code).toMatch(/1.?234.5/u);
      expect(`${date.format(when)} ${number}`, code).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/u);
    }
  });
});
