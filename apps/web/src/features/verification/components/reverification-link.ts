import { APP_ROUTES } from '../../../lib/navigation/routes';

/**
 * spec §4 "on success with an accessToken the browser is redirected to the SDK page": the SDK landing
 * address of a re-verification session, /user/accounts/{lang}/auth/sdk?token=…&from=web&lang={lang}
 * &isUpdatePoi=true (shapes: isUpdatePoi=true because the session's reason is UPDATE_KYC).
 */
export function reverificationSdkHref(lang: string, accessToken: string): string {
  const query = new URLSearchParams({ token: accessToken, from: 'web', lang, isUpdatePoi: 'true' });
  return APP_ROUTES.sdk.getHref(lang, `?${query.toString()}`);
}
