import { APP_BASE_PATH, ROUTE_PERSONAL, ROUTE_SDK } from '@kyc/contracts';
import { browserLocation } from '../browser/location';

/** The router basename: APP_BASE_PATH without its trailing slash ('/user/accounts'). */
const BASENAME = APP_BASE_PATH.replace(/\/$/, '');

/**
 * spec §2 "Route constants /auth/personal and /auth/sdk": each with the router path in a language
 * (`to`, for navigate) and the full address (`getHref`), so no screen writes another screen's URL.
 */
export const APP_ROUTES = {
  personal: {
    path: ROUTE_PERSONAL,
    to: (lang: string) => `/${lang}${ROUTE_PERSONAL}`,
    getHref: (lang: string) => `${BASENAME}/${lang}${ROUTE_PERSONAL}`,
  },
  sdk: {
    path: ROUTE_SDK,
    to: (lang: string, search = '') => `/${lang}${ROUTE_SDK}${search}`,
    getHref: (lang: string, search = '') => `${BASENAME}/${lang}${ROUTE_SDK}${search}`,
  },
} as const;

/**
 * spec §2 "A redirect helper sends the browser to /user/accounts/auth/personal": a full page load of
 * the personal screen without a language segment, which the SPA then gives the detected language.
 */
export const PERSONAL_REDIRECT_PATH = `${BASENAME}${ROUTE_PERSONAL}`;

export function redirectToPersonal(): void {
  browserLocation.assign(PERSONAL_REDIRECT_PATH);
}
