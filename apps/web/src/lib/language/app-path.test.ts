import { describe, expect, it } from 'vitest';
import { languagesForRegion } from '@kyc/contracts';
import { classifyLanguageSegment, languageSegmentOf, switchLanguageLocation, withLanguage } from './app-path';

const { languages } = languagesForRegion('default');

describe('app paths', () => {
  it('finds the language segment of a full browser path', () => {
    expect(languageSegmentOf('/user/accounts/de-DE/auth/kyc')).toBe('de-DE');
    expect(languageSegmentOf('/user/accounts/')).toBeNull();
    expect(languageSegmentOf('/login')).toBeNull();
  });

  it('classifies the first segment as a language, missing (auth) or unsupported', () => {
    expect(classifyLanguageSegment('EN-us', languages)).toEqual({ kind: 'language', code: 'en-US' });
    expect(classifyLanguageSegment('auth', languages)).toEqual({ kind: 'missing' });
    expect(classifyLanguageSegment('xx', languages)).toEqual({ kind: 'unsupported' });
  });

  it('swaps only the language segment, or puts one in front', () => {
    expect(withLanguage('/en/auth/crypto-knowledge-test', 'ja-JP')).toBe('/ja-JP/auth/crypto-knowledge-test');
    expect(withLanguage('/auth/kyc', 'ja-JP', false)).toBe('/ja-JP/auth/kyc');
  });
});

describe('switching language (spec §2, §4)', () => {
  it('spec §2: switching keeps the screen, the query, the hash and the /{lang}/auth/{screen} shape', () => {
    expect(
      switchLanguageLocation({ pathname: '/en/auth/kyc', search: '?from=app&x=1', hash: '#top' }, 'de-DE'),
    ).toEqual({ pathname: '/de-DE/auth/kyc', search: '?from=app&x=1', hash: '#top' });
  });

  it('spec §4: an explicit lang query parameter follows the chosen language, since it outranks storage', () => {
    expect(
      switchLanguageLocation(
        { pathname: '/en/auth/sdk', search: '?lang=en&token=t&from=app', hash: '' },
        'ja-JP',
      ),
    ).toEqual({ pathname: '/ja-JP/auth/sdk', search: '?lang=ja-JP&token=t&from=app', hash: '' });
  });
});
