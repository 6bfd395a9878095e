import { clearRequestCache } from './client';

/** spec §6 SDK mode: what the tokenised link (or the embedding app) hands the page. */
export interface SdkSession {
  /** The SDK token (URL parameter `token`). */
  token: string;
  /** kyc-access-origin; 'bybit' when absent (spec §6). */
  origin?: string;
  business?: string;
  scene?: string;
  /** The URL parameter `from`. */
  from?: string;
}

/** spec §6: kyc-access-origin when the session names none. */
export const DEFAULT_ACCESS_ORIGIN = 'bybit';

let session: SdkSession | null = null;

/**
 * Enters SDK mode (spec §6, §7): from now on calls made through the endpoint table go to the integration
 * endpoints with the SDK headers. null leaves SDK mode. Cached answers belong to the previous identity,
 * so the response cache is cleared.
 */
export function configureSdkSession(next: SdkSession | null): void {
  session = next && next.token ? { ...next } : null;
  clearRequestCache();
}

export function sdkSession(): SdkSession | null {
  return session;
}

/**
 * spec §6: kyc-access-token, kyc-access-origin (default 'bybit') and kyc-access-business (scene, else
 * business id, else from; left out when none is known).
 */
export function sdkHeaders(sdk: SdkSession): Record<string, string> {
  const headers: Record<string, string> = {
    'kyc-access-token': sdk.token,
    'kyc-access-origin': sdk.origin || DEFAULT_ACCESS_ORIGIN,
  };
  const business = sdk.scene || sdk.business || sdk.from;
  if (business) headers['kyc-access-business'] = business;
  return headers;
}
