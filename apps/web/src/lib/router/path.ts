import type { ReactNode } from 'react';

/**
 * The path and route matching rules of React Router 7 (declarative mode) that the app relies on,
 * written out small (docs/decisions.md D21): ranking static > dynamic > splat, case-insensitive
 * matching, `:param`, `*`, index routes, basename stripping and relative `to` resolution.
 */

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

/** What navigate(), <Navigate> and <Link> accept: a string ('/en/auth?x=1#h') or parts of a path. */
export type To = string | Partial<Path>;

/** A route of the table given to useRoutes(). */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
}

export type Params = Readonly<Record<string, string | undefined>>;

export interface RouteMatch {
  route: RouteObject;
  /** The params of the whole matched branch (shared by every match, as in React Router). */
  params: Params;
  /** The pathname relative `to` values resolve against (the last route with a path, up to this one). */
  base: string;
}

const removeDoubleSlashes = (path: string) => path.replace(/[\\/]{2,}/g, '/');

export const joinPaths = (paths: string[]): string => removeDoubleSlashes(paths.join('/'));

export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  const hashIndex = path.indexOf('#');
  if (hashIndex >= 0) {
    parsed.hash = path.slice(hashIndex);
    path = path.slice(0, hashIndex);
  }
  const searchIndex = path.indexOf('?');
  if (searchIndex >= 0) {
    parsed.search = path.slice(searchIndex);
    path = path.slice(0, searchIndex);
  }
  if (path) parsed.pathname = path;
  return parsed;
}

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  if (search && search !== '?') pathname += search[0] === '?' ? search : '?' + search;
  if (hash && hash !== '#') pathname += hash[0] === '#' ? hash : '#' + hash;
  return pathname;
}

/** '/user/accounts/en' → '/en' for the basename '/user/accounts'; null when the path is outside it. */
export function stripBasename(pathname: string, basename: string): string | null {
  if (basename === '/') return pathname;
  if (!pathname.toLowerCase().startsWith(basename.toLowerCase())) return null;
  const start = basename.endsWith('/') ? basename.length - 1 : basename.length;
  const next = pathname.charAt(start);
  if (next && next !== '/') return null;
  return pathname.slice(start) || '/';
}

/** '/en' → '/user/accounts/en'; '/' → '/user/accounts'. */
export const prependBasename = (pathname: string, basename: string): string =>
  basename === '/' ? pathname : pathname === '/' ? basename : joinPaths([basename, pathname]);

function resolvePathname(relative: string, from: string): string {
  const segments = from.replace(/\/+$/, '').split('/');
  for (const segment of relative.split('/')) {
    if (segment === '..') {
      if (segments.length > 1) segments.pop();
    } else if (segment !== '.') segments.push(segment);
  }
  return segments.length > 1 ? segments.join('/') : '/';
}

const withPrefix = (value: string | undefined, prefix: string): string =>
  !value || value === prefix ? '' : value[0] === prefix ? value : prefix + value;

/**
 * React Router's resolveTo: an absolute pathname is kept (normalised), a relative one is resolved
 * against `base` (the route's pathname), a `to` without a pathname keeps the current one.
 * '..' removes one path segment (React Router removes one route level; the app uses neither).
 */
export function resolveTo(to: To, base: string, current: string): Path {
  const path = typeof to === 'string' ? parsePath(to) : to;
  const empty = to === '' || path.pathname === '';
  const toPathname = empty ? '/' : path.pathname;
  const from = toPathname == null ? current : base;
  let pathname = from;
  if (path.pathname) {
    const target = removeDoubleSlashes(path.pathname);
    pathname = /^[\\/]/.test(target) ? resolvePathname(target.slice(1), '/') : resolvePathname(target, from);
  }
  const trailingSlash =
    (toPathname && toPathname !== '/' && toPathname.endsWith('/')) ||
    ((empty || toPathname === '.') && current.endsWith('/'));
  if (trailingSlash && !pathname.endsWith('/')) pathname += '/';
  return { pathname, search: withPrefix(path.search, '?'), hash: withPrefix(path.hash, '#') };
}

interface Branch {
  score: number;
  routes: { path: string; order: number; route: RouteObject }[];
}

const isSplat = (segment: string) => segment === '*';

/** React Router's computeScore: static segment 10, dynamic 3, empty 1, index +2, splat −2. */
function computeScore(path: string, index: boolean | undefined): number {
  const segments = path.split('/');
  let score = segments.length + (segments.some(isSplat) ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (!isSplat(segment)) score += /^:[\w-]+$/.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

function flatten(routes: RouteObject[], branches: Branch[], parents: Branch['routes'], parentPath: string) {
  routes.forEach((route, order) => {
    let path = route.path ?? '';
    if (path.startsWith('/')) path = path.slice(parentPath.length);
    const fullPath = joinPaths([parentPath, path]);
    const chain = [...parents, { path, order, route }];
    if (route.children?.length) flatten(route.children, branches, chain, fullPath);
    if (route.path != null || route.index)
      branches.push({ score: computeScore(fullPath, route.index), routes: chain });
  });
  return branches;
}

/**
 * Every route with a path or index, as the chain of routes from the root, best-ranked first. Ties keep
 * the flattened order (the sort is stable), which for siblings is their order in the table, as in
 * React Router.
 */
export const rankRoutes = (routes: RouteObject[]): Branch[] =>
  flatten(routes, [], [], '').sort((a, b) => b.score - a.score);

interface PathMatch {
  params: Record<string, string>;
  pathname: string;
  pathnameBase: string;
}

/** React Router's matchPath (compilePath), without optional segments; always case-insensitive. */
function matchPath(path: string, end: boolean, pathname: string): PathMatch | null {
  const names: string[] = [];
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)/g, (_, name: string) => {
        names.push(name);
        return '/([^\\/]+)';
      });
  if (path.endsWith('*')) {
    names.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else if (end) source += '\\/*$';
  else if (path !== '' && path !== '/') source += '(?:(?=\\/|$))';
  const match = new RegExp(source, 'i').exec(pathname);
  if (!match) return null;
  const matched = match[0];
  let pathnameBase = matched.replace(/(.)\/+$/, '$1');
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    const value = match[i + 1] ?? '';
    if (name === '*') pathnameBase = matched.slice(0, matched.length - value.length).replace(/(.)\/+$/, '$1');
    params[name] = value.replace(/%2F/g, '/');
  });
  return { params, pathname: matched, pathnameBase };
}

function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

function matchBranch(branch: Branch, pathname: string): RouteMatch[] | null {
  const params: Record<string, string> = {};
  const matches: RouteMatch[] = [];
  let matched = '/';
  let base = '/';
  for (const [i, { path, route }] of branch.routes.entries()) {
    const remaining = matched === '/' ? pathname : pathname.slice(matched.length) || '/';
    const match = matchPath(path, i === branch.routes.length - 1, remaining);
    if (!match) return null;
    Object.assign(params, match.params);
    if (i === 0 || route.path) base = joinPaths([matched, match.pathname]);
    matches.push({ route, params, base });
    if (match.pathnameBase !== '/') matched = joinPaths([matched, match.pathnameBase]);
  }
  return matches;
}

/** The chain of routes (root first) that renders `pathname`, or null when none matches. */
export function matchRoutes(branches: Branch[], pathname: string): RouteMatch[] | null {
  const decoded = decodePath(pathname || '/');
  for (const branch of branches) {
    const matches = matchBranch(branch, decoded);
    if (matches) return matches;
  }
  return null;
}
