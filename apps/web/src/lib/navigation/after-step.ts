import { useCallback } from 'react';
import { safeRedirectTarget } from '@kyc/contracts';
import { useNavigate } from '../router';
import { browserLocation } from '../browser/location';
import { currentLanguage } from '../language/current';
import type { GlobalUser } from '../store/global-slice';
import { selectUser, useAppSelector } from '../store/hooks';
import { pageMode } from './page-mode';
import { APP_ROUTES } from './routes';

export type SdkUserFields = Pick<GlobalUser, 'sdkToken' | 'sdkLang' | 'sdkFrom' | 'hidden' | 'extraParams'>;

export interface AfterStepInput {
  /** The page language (the language segment of the target). */
  language: string;
  /** SDK mode (spec §6). */
  sdk: boolean;
  user: SdkUserFields;
  /** The caller asks to go to the session's extraParams.redirect_url when there is one. */
  useRedirectUrl?: boolean;
}

export type AfterStepTarget =
  /** Inside the SPA: `to` for navigate(), `href` the full address. */
  | { kind: 'app'; to: string; href: string }
  /** Another page (the partner's redirect_url): a full navigation. */
  | { kind: 'external'; url: string };

/**
 * A redirect_url is followed only by the product's one redirect rule (contracts redirects.ts, issue 11):
 * a place on this site, or an https address. The server already limited it to the business's allowed
 * origins; this refuses javascript:, data:, '//host', '/..//host' and the like once more.
 */
function safeRedirectUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return safeRedirectTarget(value.trim(), browserLocation.origin(), { allowedOrigins: () => true });
}

/**
 * spec §2 "After a verification step the user goes to the default page, or to the SDK landing path with
 * lang, from, optional hidden=true and token. If the SDK session has a redirect URL
 * (extraParams.redirect_url) and the caller asks for it, the user goes there instead."
 *
 * The default page is /user/accounts/{lang}/auth/personal; the SDK landing path is
 * /user/accounts/{lang}/auth/sdk?lang={sdkLang or lang}&from={sdkFrom}[&hidden=true]&token={sdkToken}.
 */
export function afterVerificationStepTarget({
  language,
  sdk,
  user,
  useRedirectUrl,
}: AfterStepInput): AfterStepTarget {
  if (sdk) {
    const redirectUrl = useRedirectUrl ? safeRedirectUrl(user.extraParams?.redirect_url) : null;
    if (redirectUrl) return { kind: 'external', url: redirectUrl };
    const query = new URLSearchParams();
    query.set('lang', user.sdkLang || language);
    query.set('from', user.sdkFrom ?? '');
    if (user.hidden) query.set('hidden', 'true');
    query.set('token', user.sdkToken ?? '');
    const search = `?${query.toString()}`;
    return {
      kind: 'app',
      to: APP_ROUTES.sdk.to(language, search),
      href: APP_ROUTES.sdk.getHref(language, search),
    };
  }
  return { kind: 'app', to: APP_ROUTES.personal.to(language), href: APP_ROUTES.personal.getHref(language) };
}

/** What screens call after a verification step: goes to the target above. */
export function useAfterVerificationStep(): (options?: { useRedirectUrl?: boolean }) => void {
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  return useCallback(
    (options = {}) => {
      const target = afterVerificationStepTarget({
        language: currentLanguage(),
        sdk: pageMode().sdk !== null || Boolean(user.sdkToken),
        user,
        useRedirectUrl: options.useRedirectUrl,
      });
      if (target.kind === 'external') browserLocation.assign(target.url);
      else navigate(target.to);
    },
    [navigate, user],
  );
}
