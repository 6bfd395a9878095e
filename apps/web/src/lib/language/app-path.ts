import { APP_BASE_PATH, matchLanguage, type Language } from '@kyc/contracts';

/** The router basename: APP_BASE_PATH without its trailing slash ('/user/accounts'). */
export const ROUTER_BASENAME = APP_BASE_PATH.replace(/\/$/, '');

/** The first segment of a router path ('/en/auth/kyc' → 'en'); '' for '/'. */
export function firstSegment(routerPath: string): string {
  return routerPath.split('/').filter(Boolean)[0] ?? '';
}

/** The language segment of a full browser path ('/user/accounts/en/auth' → 'en'), or null outside the app. */
export function languageSegmentOf(pathname: string): string | null {
  if (!pathname.startsWith(APP_BASE_PATH)) return null;
  return firstSegment(pathname.slice(ROUTER_BASENAME.length)) || null;
}

/**
 * What the first segment of an app URL means: a supported language (returned in its canonical
 * spelling), 'auth' with no language in front (/user/accounts/auth/…), or anything else.
 */
export type LanguageSegment =
  { kind: 'language'; code: string } | { kind: 'missing' } | { kind: 'unsupported' };

export function classifyLanguageSegment(segment: string, languages: readonly Language[]): LanguageSegment {
  const code = matchLanguage(segment, languages);
  if (code) return { kind: 'language', code };
  if (segment === '' || segment.toLowerCase() === 'auth') return { kind: 'missing' };
  return { kind: 'unsupported' };
}

/**
 * The same router path in another language: '/en/auth/kyc' → '/de-DE/auth/kyc'. A path without a
 * language segment gets one in front ('/auth/kyc' → '/de-DE/auth/kyc').
 */
export function withLanguage(routerPath: string, code: string, hasLanguageSegment = true): string {
  const segments = routerPath.split('/').filter(Boolean);
  if (hasLanguageSegment) segments.shift();
  return '/' + [code, ...segments].join('/');
}

/**
 * spec §2, §4: the address after choosing another language in the switcher. The screen, the query and
 * the hash stay, and the URL keeps its shape (/{lang}/auth/{screen}); only the language segment
 * changes. An explicit ?lang= is updated too, since it outranks the remembered language (spec §4) and
 * an SDK link's lang is carried on (spec §2 SDK landing path).
 */
export function switchLanguageLocation(
  location: { pathname: string; search: string; hash: string },
  code: string,
  hasLanguageSegment = true,
): { pathname: string; search: string; hash: string } {
  const query = new URLSearchParams(location.search);
  let search = location.search;
  if (query.has('lang')) {
    query.set('lang', code);
    search = `?${query.toString()}`;
  }
  return { pathname: withLanguage(location.pathname, code, hasLanguageSegment), search, hash: location.hash };
}
