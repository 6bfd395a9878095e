import { describe, expect, it } from 'vitest';
import { hostileRedirects } from '@kyc/contracts/hostile-redirects';
import { browserPath, parseUserId, paths, resolveNextPath } from './paths.ts';

const origin = 'https://kyc.example.com';

describe('resolveNextPath', () => {
  it.each([
    ['/backoffice/audit-log', '/audit-log'],
    ['/backoffice/verification-queue?page=2#top', '/verification-queue?page=2#top'],
    ['/backoffice', '/'],
    ['/backoffice/', '/'],
  ])('when next is %s, then it returns the in-app path %s', (next, expected) => {
    expect(resolveNextPath(next, origin)).toBe(expected);
  });

  it.each([
    ['absent', null],
    ['another site', 'https://evil.example/backoffice/'],
    ['protocol-relative', '//evil.example/backoffice/'],
    ['backslash trick', '/\\evil.example/backoffice/'],
    ['the end-user app', '/user/accounts/en/auth/personal'],
    ['a look-alike prefix', '/backoffice-evil/'],
    ['a path escaping with ..', '/backoffice/../user/accounts/'],
    ['the sign-in page itself', '/backoffice/login?next=/backoffice/'],
    ['javascript:', 'javascript:alert(1)'],
    ['too long', `/backoffice/${'a'.repeat(3000)}`],
  ])('when next is %s, then it is refused', (_label, next) => {
    expect(resolveNextPath(next, origin)).toBeNull();
  });

  it('when next is any hostile variant of issue 11, also under the basename, then it is refused', () => {
    for (const value of hostileRedirects(origin)) {
      expect(resolveNextPath(value, origin), value).toBeNull();
      if (value.startsWith('/')) expect(resolveNextPath(`/backoffice${value}`, origin), value).toBeNull();
    }
  });
});

describe('paths', () => {
  it('when linking to sign-in with a return path, then next is encoded as a query parameter', () => {
    expect(paths.login.getHref('/backoffice/audit-log?x=1')).toBe(
      '/login?next=%2Fbackoffice%2Faudit-log%3Fx%3D1',
    );
    expect(paths.login.getHref()).toBe('/login');
  });

  it('when linking to a case, then the user id is in the path', () => {
    expect(paths.reviewCase.getHref(41)).toBe('/cases/41');
    expect(paths.reviewCase.path).toBe('/cases/:userId');
  });

  it('when building ?next= from an in-app location, then the basename is included', () => {
    expect(browserPath({ pathname: '/audit-log', search: '?x=1' })).toBe('/backoffice/audit-log?x=1');
    expect(browserPath({ pathname: '/' })).toBe('/backoffice');
  });
});

describe('parseUserId', () => {
  it('takes a positive whole number from a route parameter, and nothing else', () => {
    expect(parseUserId('41')).toBe(41);
    for (const bad of [undefined, '', '0', '-1', '007', '1.5', '4e2', '1'.repeat(16), '41abc'])
      expect(parseUserId(bad), String(bad)).toBeNull();
  });
});
