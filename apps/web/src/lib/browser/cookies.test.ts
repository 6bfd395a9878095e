// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { readCookie, serializeCookie, writeCookie } from './cookies';

afterEach(() => {
  document.cookie = 'c=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('cookies', () => {
  it('reads a cookie among others, URI-decoded; null when absent', () => {
    expect(readCookie('b', 'a=1; b=x%2Fy; c=3')).toBe('x/y');
    expect(readCookie('d', 'a=1')).toBeNull();
  });

  it('spec §3, §9: serializes path, lifetime in days, SameSite and Secure', () => {
    const now = Date.UTC(2025, 0, 1);
    expect(serializeCookie('guid', 'a b', { path: '/', days: 120, sameSite: 'Lax', secure: true }, now)).toBe(
      'guid=a%20b; Max-Age=10368000; Expires=Thu, 01 May 2025 00:00:00 GMT; Path=/; SameSite=Lax; Secure',
    );
    expect(serializeCookie('s', 'v')).toBe('s=v');
  });

  it('writes a cookie the page can read back', () => {
    writeCookie('c', 'value/1', { path: '/', days: 1, sameSite: 'Lax' });
    expect(readCookie('c')).toBe('value/1');
  });
});
