import type { VerificationSdkInfo, VerificationSdkInfoRequest } from '@kyc/contracts';
import { callEndpoint, type RequestOptions } from '../../../lib/http';

/**
 * POST /v3/private/kyc/get-verification-sdk-info (docs/kyc.md "Verification at a vendor, in the
 * browser"): a level's flow and, for a vendor provider, a fresh vendor SDK session (`vendorSdk`). Asked
 * again for a new token when the vendor's expires. SDK mode goes to the integration path of the table.
 */
export function getVerificationSdkInfo(
  body: VerificationSdkInfoRequest,
  options?: RequestOptions,
): Promise<VerificationSdkInfo> {
  return callEndpoint<VerificationSdkInfo>('verificationSdkInfo', { ...body }, options);
}
