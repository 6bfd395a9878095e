import type {
  VendorTokenRequest,
  VendorTokenResult,
  VendorVerifyRequest,
  VendorVerifyResult,
} from '@kyc/contracts';
import { callEndpoint, withIdempotencyKey, type RequestOptions } from '../../../lib/http';

/** POST vendor-token: a 15-minute, single-use vendor session for level 1 (docs/kyc.md). */
export function getVendorToken(
  body: VendorTokenRequest,
  options?: RequestOptions,
): Promise<VendorTokenResult> {
  return callEndpoint<VendorTokenResult>('vendorToken', { ...body }, options);
}

/** POST vendor-verify (header Idempotency-Key, kept by the caller across retries of one attempt). */
export function verifyWithVendor(
  body: VendorVerifyRequest,
  idempotencyKey: string,
  options: RequestOptions = {},
): Promise<VendorVerifyResult> {
  return callEndpoint<VendorVerifyResult>(
    'vendorVerify',
    { ...body },
    withIdempotencyKey(options, idempotencyKey),
  );
}
