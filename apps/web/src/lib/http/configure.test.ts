import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/user-accounts/en.json';
import { configureHttp, HTTP_TEXT_FALLBACK, httpConfig } from './configure';

describe('configureHttp (spec §8 translations)', () => {
  it('spec §8: the built-in English texts equal the "http" section of locales/user-accounts/en.json', () => {
    const fromFile = Object.fromEntries(
      Object.entries(en.http).map(([key, value]) => [`http.${key}`, value]),
    );
    expect(HTTP_TEXT_FALLBACK).toEqual(fromFile);
  });

  it('spec §8: until wired, no code has a translation and texts are English with placeholders filled', () => {
    expect(httpConfig().translate(10007)).toBeUndefined();
    expect(httpConfig().text('http.tokenTimeout', { message: 'token error' })).toBe('Timeout, token error.');
  });

  it('spec §8: configuring replaces only the given functions, and the returned function restores', () => {
    const restore = configureHttp({ translate: (code) => `t${code}` });
    expect(httpConfig().translate(1)).toBe('t1');
    expect(httpConfig().text('http.errorTitle')).toBe('Something went wrong');
    restore();
    expect(httpConfig().translate(1)).toBeUndefined();
  });
});
