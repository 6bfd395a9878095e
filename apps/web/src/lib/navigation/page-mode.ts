import { ROUTE_SDK } from '@kyc/contracts';

/**
 * spec §2, §6: the two ways the page can be embedded, decided once at start-up from the address the
 * page was opened with (navigating inside the SPA keeps them):
 *
 * - SDK mode: the route /auth/sdk or a `token` query parameter (a tokenised link from a mobile or
 *   partner app). Calls go to the integration endpoints with the kyc-access-* headers; no header.
 * - App mode: the exchange's own mobile app shows the page in a web view and draws its own chrome, so
 *   the header and footer are hidden. The app says so with the query parameter `mode=app` or by adding
 *   `ExchangeApp/{version}` to its web view's user agent (docs/architecture.md).
 */

/** spec §2 route `sdk`: the query parameters of the SDK landing link. */
export interface SdkLink {
  /** The SDK token ('' when the link opened /auth/sdk without one). */
  token: string;
  /** 'true' when the link is a re-verification (update proof of identity) link; kept as given (spec §7). */
  isUpdatePoi: string | null;
  site: string | null;
  update: string | null;
  lang: string | null;
  from: string | null;
  /** The link carried hidden=true. */
  hidden: boolean;
}

export interface PageMode {
  /** The SDK link the page started from; null outside SDK mode. */
  sdk: SdkLink | null;
  /** App mode: header and footer hidden. */
  app: boolean;
}

/** Query parameter and value that turn on app mode. */
export const APP_MODE_PARAM = 'mode';
export const APP_MODE_VALUE = 'app';
/** The marker the exchange's app adds to its web view's user agent. */
export const APP_USER_AGENT_MARKER = /\bExchangeApp\/\d/;

const SDK_PATH = new RegExp(`${ROUTE_SDK.replace(/\//g, '\\/')}\\/?$`, 'i');

/** The SDK link of an address, or null when it is not one (neither /auth/sdk nor a token). */
export function readSdkLink(pathname: string, search: string): SdkLink | null {
  const query = new URLSearchParams(search);
  const token = query.get('token') ?? '';
  if (!SDK_PATH.test(pathname) && token === '') return null;
  return {
    token,
    isUpdatePoi: query.get('isUpdatePoi'),
    site: query.get('site'),
    update: query.get('update'),
    lang: query.get('lang'),
    from: query.get('from'),
    hidden: query.get('hidden') === 'true',
  };
}

export function isAppMode(search: string, userAgent: string): boolean {
  return (
    new URLSearchParams(search).get(APP_MODE_PARAM) === APP_MODE_VALUE ||
    APP_USER_AGENT_MARKER.test(userAgent)
  );
}

export function detectPageMode(location: { pathname: string; search: string }, userAgent: string): PageMode {
  return { sdk: readSdkLink(location.pathname, location.search), app: isAppMode(location.search, userAgent) };
}

let current: PageMode = { sdk: null, app: false };

/** Decides the page mode from the address the page was opened with; main.tsx calls it first. */
export function startPageMode(
  location: { pathname: string; search: string } = window.location,
  userAgent: string = navigator.userAgent,
): PageMode {
  current = detectPageMode(location, userAgent);
  return current;
}

export function pageMode(): PageMode {
  return current;
}

/**
 * SDK mode entered after start-up (a screen sending the user to the SDK landing path inside the SPA):
 * the first SDK link seen wins for the rest of the page's life.
 */
export function enterSdkMode(link: SdkLink): PageMode {
  if (!current.sdk) current = { ...current, sdk: link };
  return current;
}

/** Tests only. */
export function setPageModeForTests(mode: Partial<PageMode> = {}): void {
  current = { sdk: null, app: false, ...mode };
}

export interface ChromeVisibility {
  header: 'shown' | 'hidden' | 'absent';
  footer: 'shown' | 'hidden';
}

/**
 * spec §2 "The header is hidden in app mode and absent in SDK mode. The footer is hidden in app mode."
 * (In SDK mode outside the app the footer, with its help-center links, stays.)
 */
export function chromeVisibility({ sdk, app }: { sdk: boolean; app: boolean }): ChromeVisibility {
  return { header: sdk ? 'absent' : app ? 'hidden' : 'shown', footer: app ? 'hidden' : 'shown' };
}
