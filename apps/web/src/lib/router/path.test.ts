import { describe, expect, it } from 'vitest';
import {
  createPath,
  matchRoutes,
  parsePath,
  prependBasename,
  rankRoutes,
  resolveTo,
  stripBasename,
} from './path';
import type { RouteObject } from './path';

/** The ids of the routes of the branch that renders `pathname` (root first), and its params. */
function match(routes: RouteObject[], pathname: string) {
  const matches = matchRoutes(rankRoutes(routes), pathname);
  if (!matches) return null;
  return {
    ids: matches.map((m) => String(m.route.element)),
    params: { ...matches.at(-1)?.params },
    base: matches.at(-1)?.base,
  };
}

const route = (id: string, extra: Omit<RouteObject, 'element'> = {}): RouteObject => ({
  element: id,
  ...extra,
});

describe('route matching (as React Router 7)', () => {
  const table: RouteObject[] = [
    route('shell', {
      children: [
        route('root-index', { index: true }),
        route('lang', {
          path: ':lang',
          children: [
            route('lang-index', { index: true }),
            route('auth', {
              path: 'auth',
              children: [
                route('auth-index', { index: true }),
                route('kyc', { path: 'kyc' }),
                route('updatePOA', { path: 'updatePOA' }),
                route('auth-missing', { path: '*' }),
              ],
            }),
            route('lang-missing', { path: '*' }),
          ],
        }),
      ],
    }),
  ];

  it('matches nested routes, index routes and the pathless layout', () => {
    expect(match(table, '/')?.ids).toEqual(['shell', 'root-index']);
    expect(match(table, '/en')?.ids).toEqual(['shell', 'lang', 'lang-index']);
    expect(match(table, '/en/')?.ids).toEqual(['shell', 'lang', 'lang-index']);
    expect(match(table, '/en/auth')?.ids).toEqual(['shell', 'lang', 'auth', 'auth-index']);
    expect(match(table, '/en/auth/kyc')?.ids).toEqual(['shell', 'lang', 'auth', 'kyc']);
    expect(match(table, '/en/auth/kyc/')?.ids).toEqual(['shell', 'lang', 'auth', 'kyc']);
  });

  it('ranks static segments before dynamic ones before splats', () => {
    const routes = [
      route('splat', { path: '*' }),
      route('param', { path: ':id' }),
      route('static', { path: 'new' }),
    ];
    expect(match(routes, '/new')?.ids).toEqual(['static']);
    expect(match(routes, '/42')?.ids).toEqual(['param']);
    expect(match(routes, '/42/more')?.ids).toEqual(['splat']);
    // 'auth' under :lang beats the splat beside it; an unknown screen falls to the splat under auth.
    expect(match(table, '/en/auth/nope')?.ids).toEqual(['shell', 'lang', 'auth', 'auth-missing']);
    expect(match(table, '/en/other/x')?.ids).toEqual(['shell', 'lang', 'lang-missing']);
  });

  it('keeps the order of equally ranked siblings', () => {
    const routes = [route('first', { path: ':a' }), route('second', { path: ':b' })];
    expect(match(routes, '/x')?.ids).toEqual(['first']);
  });

  it('merges the params of the branch, with the splat as "*"', () => {
    expect(match(table, '/de-DE/auth/kyc')?.params).toEqual({ lang: 'de-DE' });
    expect(match(table, '/en/auth/a/b')?.params).toEqual({ lang: 'en', '*': 'a/b' });
    expect(match(table, '/en/x')?.params).toEqual({ lang: 'en', '*': 'x' });
  });

  it('matches case-insensitively and decodes the path', () => {
    expect(match(table, '/en/AUTH/KYC')?.ids).toEqual(['shell', 'lang', 'auth', 'kyc']);
    expect(match(table, '/en/auth/updatepoa')?.ids).toEqual(['shell', 'lang', 'auth', 'updatePOA']);
    expect(match(table, '/%65n/auth')?.params).toEqual({ lang: 'en' });
    expect(match(table, '/a%2Fb/auth')?.params).toEqual({ lang: 'a/b' });
  });

  it('gives the pathname relative paths resolve against: the last route with a path', () => {
    expect(match(table, '/en')?.base).toBe('/en');
    expect(match(table, '/en/auth')?.base).toBe('/en/auth');
    expect(match(table, '/en/auth/x/y')?.base).toBe('/en/auth/x/y');
  });

  it('returns null when nothing matches; absolute child paths are accepted', () => {
    expect(match([route('a', { path: 'a' })], '/b')).toBeNull();
    expect(
      match([route('a', { path: '/a', children: [route('b', { path: '/a/b' })] })], '/a/b')?.ids,
    ).toEqual(['a', 'b']);
    expect(match([route('a', { path: 'a', children: [route('b', { path: 'b' })] })], '/a')?.ids).toEqual([
      'a',
    ]);
  });
});

describe('paths', () => {
  it('parses and creates paths', () => {
    expect(parsePath('/a/b?x=1#h')).toEqual({ pathname: '/a/b', search: '?x=1', hash: '#h' });
    expect(parsePath('?x')).toEqual({ search: '?x' });
    expect(createPath({ pathname: '/a', search: 'x=1', hash: 'h' })).toBe('/a?x=1#h');
    expect(createPath({ pathname: '/a', search: '?', hash: '#' })).toBe('/a');
  });

  it('strips and prepends the basename (case-insensitively, only at a segment boundary)', () => {
    expect(stripBasename('/user/accounts/en/auth', '/user/accounts')).toBe('/en/auth');
    expect(stripBasename('/user/accounts', '/user/accounts')).toBe('/');
    expect(stripBasename('/user/accounts/', '/user/accounts')).toBe('/');
    expect(stripBasename('/USER/Accounts/en', '/user/accounts')).toBe('/en');
    expect(stripBasename('/user/accountsx', '/user/accounts')).toBeNull();
    expect(stripBasename('/login', '/user/accounts')).toBeNull();
    expect(stripBasename('/x', '/')).toBe('/x');
    expect(prependBasename('/en', '/user/accounts')).toBe('/user/accounts/en');
    expect(prependBasename('/', '/user/accounts')).toBe('/user/accounts');
    expect(prependBasename('/en', '/')).toBe('/en');
  });

  it('resolves `to` like React Router', () => {
    expect(resolveTo('/de/auth?x=1', '/en', '/en/auth')).toEqual({
      pathname: '/de/auth',
      search: '?x=1',
      hash: '',
    });
    expect(resolveTo('auth/personal', '/en', '/en')).toMatchObject({ pathname: '/en/auth/personal' });
    expect(resolveTo('auth/personal', '/en/', '/en/')).toMatchObject({ pathname: '/en/auth/personal' });
    expect(resolveTo('../kyc', '/en/auth/step1', '/en/auth/step1')).toMatchObject({
      pathname: '/en/auth/kyc',
    });
    expect(resolveTo('./a/', '/en', '/en')).toMatchObject({ pathname: '/en/a/' });
    expect(resolveTo('//a//b', '/', '/')).toMatchObject({ pathname: '/a/b' });
    expect(resolveTo('?q=1', '/en', '/en/auth/kyc')).toEqual({
      pathname: '/en/auth/kyc',
      search: '?q=1',
      hash: '',
    });
    expect(resolveTo({ pathname: '/a', search: 'b', hash: 'c' }, '/', '/')).toEqual({
      pathname: '/a',
      search: '?b',
      hash: '#c',
    });
    expect(resolveTo('', '/en', '/en/x/')).toMatchObject({ pathname: '/en/' });
  });
});
