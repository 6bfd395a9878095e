import type { SdkTokenInfo } from '@kyc/contracts';
import { configureSdkSession, getSdkTokenInfo, type RequestOptions } from '../../../lib/http';
import type { SdkLink } from '../../../lib/navigation/page-mode';
import type { GlobalUser } from '../../../lib/store/global-slice';

/** spec §3 "currency_code (empty replaced by USD)"; an SDK user has no profile of its own. */
export const SDK_DEFAULT_CURRENCY = 'USD';

/**
 * spec §4 start-up in SDK mode: the user state before the token info is known — the token is the id,
 * plus the link's lang, from and hidden (spec §3 "User object in state": sdkToken, sdkLang, sdkFrom,
 * hidden).
 */
export function sdkUserFromLink(link: SdkLink): GlobalUser {
  return {
    id: link.token,
    sdkToken: link.token,
    currency_code: SDK_DEFAULT_CURRENCY,
    hidden: link.hidden,
    ...(link.lang ? { sdkLang: link.lang } : {}),
    ...(link.from ? { sdkFrom: link.from } : {}),
  };
}

/**
 * spec §4, §7: the token info merged into the user ("response merged into user state"), then the fields
 * the SPA owns: the token as id and sdkToken, currency USD unless the answer names one, the link's
 * lang / from / hidden when it carried them. accessOrigin and extraParams come from the answer.
 */
export function sdkUserWithTokenInfo(link: SdkLink, info: Partial<SdkTokenInfo>): GlobalUser {
  const base = sdkUserFromLink(link);
  return {
    ...info,
    ...base,
    currency_code: info.currency_code || SDK_DEFAULT_CURRENCY,
    sdkLang: link.lang || info.sdkLang,
    sdkFrom: link.from || info.sdkFrom,
    hidden: link.hidden || info.hidden === true,
  };
}

/**
 * spec §6: from now on calls carry kyc-access-token, kyc-access-origin and kyc-access-business (scene,
 * else business id, else from) and go to the integration endpoints (lib/http).
 */
export function startSdkSession(link: SdkLink, info: Partial<SdkTokenInfo> = {}): void {
  configureSdkSession({
    token: link.token,
    origin: info.accessOrigin || undefined,
    business: info.sdkBusiness || undefined,
    scene: info.sdkScene || undefined,
    from: link.from || info.sdkFrom || undefined,
  });
}

/**
 * spec §4 start-up in SDK mode: configures the SDK session, asks for the token info (type
 * email_update_poi when the link's isUpdatePoi is 'true') and answers the user to store. spec §8 "SDK
 * token info error: silently ignored": a failed call still answers the user known from the link. Only
 * a cancellation by the caller rejects.
 */
export async function loadSdkUser(link: SdkLink, options: RequestOptions = {}): Promise<GlobalUser> {
  startSdkSession(link);
  try {
    const info = await getSdkTokenInfo<Partial<SdkTokenInfo>>(link.isUpdatePoi, options);
    const answer = info !== null && typeof info === 'object' ? info : {};
    // The answer names the business, scene and access origin: the better header values (spec §6).
    startSdkSession(link, answer);
    return sdkUserWithTokenInfo(link, answer);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return sdkUserFromLink(link);
  }
}

let prefetched: { link: SdkLink; user: Promise<GlobalUser> } | null = null;

/** Starts the token-info request at page start, alongside the screen chunk and the translations. */
export function prefetchSdkUser(link: SdkLink): void {
  if (prefetched) return;
  prefetched = { link, user: loadSdkUser(link) };
  prefetched.user.catch(() => undefined);
}

/** The prefetched request for this link when there is one (taken once), otherwise a new request. */
export function takeSdkUser(link: SdkLink, options?: RequestOptions): Promise<GlobalUser> {
  const pending = prefetched;
  prefetched = null;
  return pending && pending.link === link ? pending.user : loadSdkUser(link, options);
}
