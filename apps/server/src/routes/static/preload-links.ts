/**
 * The Link header of an app page (issue 10, docs/decisions.md D34): the page's two translation files
 * are on the critical path of the first screen (nothing is shown until they arrive), yet the SPA can
 * only ask for them once its JavaScript has run. Named in the HTML response, the browser fetches them
 * in parallel with that JavaScript. The language is the one the SPA will choose from the address: a
 * supported ?lang= first (spec §4), else the path's language segment; none, no header.
 */
import { ALL_LANGUAGE_CODES } from '@kyc/contracts';
import type { PublicEnvironment } from '../../config.ts';

/** Mirrors apps/web/src/lib/i18n (create-i18n.ts, namespaces.ts): the files the SPA loads at start. */
const START_NAMESPACES = ['user-accounts', 'inverse-error-code'];
const RELEASE_PATH = '/common-static/i18n-upload';
const APP_PREFIX = '/user/accounts/';

function canonical(candidate: string | null | undefined): string | undefined {
  if (!candidate) return undefined;
  const wanted = candidate.trim().toLowerCase();
  return ALL_LANGUAGE_CODES.find((code) => code.toLowerCase() === wanted);
}

/** The language of an app address ('/user/accounts/ja-JP/auth/kyc?from=app'), or undefined. */
export function pageLanguageOf(url: string): string | undefined {
  const parsed = new URL(url, 'http://localhost');
  if (!parsed.pathname.startsWith(APP_PREFIX)) return undefined;
  const segment = parsed.pathname.slice(APP_PREFIX.length).split('/')[0];
  return canonical(parsed.searchParams.get('lang')) ?? canonical(segment);
}

/** `Link: <…/user-accounts/en.json?v=1>; rel=preload; as=fetch; crossorigin, …`, or undefined. */
export function translationPreloadLinks(url: string, environment: PublicEnvironment): string | undefined {
  const language = pageLanguageOf(url);
  if (!language) return undefined;
  const prefix = environment === 'production' ? '' : `${environment}-`;
  return START_NAMESPACES.map(
    // crossorigin (anonymous): the SPA fetches them with credentials 'same-origin', which it matches.
    (ns) => `<${RELEASE_PATH}/${ns}/${prefix}${language}.json?v=1>; rel=preload; as=fetch; crossorigin`,
  ).join(', ');
}
