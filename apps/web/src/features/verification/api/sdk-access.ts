import type { SdkAccessRequest, SdkAccessResult } from '@kyc/contracts';
import { callEndpoint, type RequestOptions } from '../../../lib/http';

/**
 * POST /v3/private/kyc/sdk-access (spec §7 "Body: level, isSecondary, from, action,
 * extraParams.reason=UPDATE_KYC. Returns accessToken"): a 30-minute SDK access token for the signed-in
 * user (docs/sdk.md). Failures are reported as every call's are (spec §8).
 */
export function postSdkAccess(body: SdkAccessRequest, options?: RequestOptions): Promise<SdkAccessResult> {
  return callEndpoint<SdkAccessResult>('sdkAccess', { ...body }, options);
}
