import { callEndpoint } from './endpoints';
import type { RequestOptions } from './client';

/** spec §7: the query value sent when the SDK link carries isUpdatePoi=true. */
export const UPDATE_POI_TOKEN_TYPE = 'email_update_poi';

/**
 * spec §4, §7: GET /v1/s1/kyc/integration/token-info, with `type=email_update_poi` when the update-POI
 * flag (the URL's isUpdatePoi) is the string 'true', else no query. Silent by default: spec §8 "SDK
 * token info error | silently ignored" — the caller ignores the rejection and nothing is shown.
 */
export function getSdkTokenInfo<T = Record<string, unknown>>(
  isUpdatePoi: string | null | undefined,
  options: RequestOptions = {},
): Promise<T> {
  const query = isUpdatePoi === 'true' ? { type: UPDATE_POI_TOKEN_TYPE } : undefined;
  return callEndpoint<T>('sdkTokenInfo', query, { silent: true, ...options });
}
