import { describe, expect, it } from 'vitest';
// Test only: React Router is the reference the app's own router (lib/router, decision D21) follows;
// it never reaches the bundle (eslint.config.js allows it in apps/web test files alone).
import { matchRoutes as referenceMatchRoutes, type RouteObject as ReferenceRoute } from 'react-router';
import { SCREENS } from '@kyc/contracts';
import { ROUTER_BASENAME } from '../lib/language/app-path';
import { matchRoutes, rankRoutes, stripBasename, type RouteObject } from '../lib/router/path';
import { createRoutes } from './routes';

const ROUTES = createRoutes();
const BRANCHES = rankRoutes(ROUTES);

/** The same table for React Router: path, index and children, each route knowing its original. */
const ORIGINAL = new WeakMap<ReferenceRoute, RouteObject>();
function reference(routes: RouteObject[]): ReferenceRoute[] {
  return routes.map((route) => {
    const copy: ReferenceRoute = route.index
      ? { index: true, path: route.path }
      : { path: route.path, children: route.children ? reference(route.children) : undefined };
    ORIGINAL.set(copy, route);
    return copy;
  });
}
const REFERENCE = reference(ROUTES);

/** What a match decides: which routes render (root first) and with which params. */
function ours(pathname: string) {
  const stripped = stripBasename(pathname, ROUTER_BASENAME);
  const matches = stripped === null ? null : matchRoutes(BRANCHES, stripped);
  return matches && { routes: matches.map((m) => m.route), params: { ...matches.at(-1)?.params } };
}
function theirs(pathname: string) {
  const matches = referenceMatchRoutes(REFERENCE, pathname, ROUTER_BASENAME);
  return (
    matches && {
      routes: matches.map((m) => ORIGINAL.get(m.route)),
      params: { ...matches.at(-1)?.params },
    }
  );
}

const at = (path: string) => `${ROUTER_BASENAME}${path}`;

const PATHS = [
  ...SCREENS.map((screen) => at(`/en/auth/${screen.path}`)),
  at(''),
  at('/'),
  at('/en'),
  at('/en/'),
  at('/en/auth'),
  at('/en/auth/'),
  at('/ar-SA/auth/personal'),
  at('/EN/AUTH/KYC'),
  at('/en/auth/updatepoa'),
  at('/en/auth/step2/'),
  at('/en/auth/kyc/extra'),
  at('/en/auth/unknown-screen'),
  at('/en/other'),
  at('/en/other/deep/path'),
  at('/xx-XX/auth/kyc'),
  at('/zh-HK/auth/sdk'),
  at('/en/auth/%6Byc'),
  at('/en/auth/crypto%20knowledge'),
  '/user/accountsX/en/auth/kyc',
  '/elsewhere/en/auth/kyc',
];

describe('lib/router agrees with React Router on the route table (decision D21)', () => {
  it('checks at least 20 paths that the table renders, and some that it does not', () => {
    expect(PATHS.filter((path) => ours(path) !== null).length).toBeGreaterThanOrEqual(20);
    expect(PATHS.filter((path) => ours(path) === null).length).toBeGreaterThan(0);
  });

  it.each(PATHS)('%s: the same routes render, with the same params', (pathname) => {
    expect(ours(pathname)).toEqual(theirs(pathname));
  });
});
