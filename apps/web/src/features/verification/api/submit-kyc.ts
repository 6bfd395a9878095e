import type { SubmitKycRequest, SubmitKycResult, SupportedDocumentTypeResult } from '@kyc/contracts';
import { callEndpoint, withIdempotencyKey, type RequestOptions } from '../../../lib/http';

/**
 * POST /v3/private/kyc/submit (SDK mode: /v1/s1/kyc/integration/submit). The caller keeps
 * `idempotencyKey` for every retry of one attempt, so a retry after a lost answer never makes a second
 * submission (docs/kyc.md "Idempotency").
 */
export function submitKyc(
  body: SubmitKycRequest,
  idempotencyKey: string,
  options: RequestOptions = {},
): Promise<SubmitKycResult> {
  return callEndpoint<SubmitKycResult>('submitKyc', { ...body }, withIdempotencyKey(options, idempotencyKey));
}

/** POST supported-document-type (SDK variant through the table): the documents a country issues. */
export function getSupportedDocumentTypes(
  country: string,
  options?: RequestOptions,
): Promise<SupportedDocumentTypeResult> {
  return callEndpoint<SupportedDocumentTypeResult>('supportedDocumentType', { country }, options);
}
