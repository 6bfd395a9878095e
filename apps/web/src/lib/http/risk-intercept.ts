import { GUID_COOKIE } from '@kyc/contracts';
import { requestGuid } from '../browser/guid';
import type { RequestOptions } from './client';
import { callEndpoint } from './endpoints';

/**
 * spec §7: POST /user/public/risk/default-intercept with the form-encoded body `sence` (the service's
 * spelling) and the request guid (spec §3) in the header `guid`. The answer's fields are not given by
 * the spec, hence the caller's type.
 */
export function postRiskDefaultIntercept<T = unknown>(
  sence: string,
  options: RequestOptions = {},
): Promise<T> {
  return callEndpoint<T>(
    'riskDefaultIntercept',
    { sence },
    { ...options, headers: { ...options.headers, [GUID_COOKIE]: requestGuid() } },
  );
}
