import {
  RET_CODES,
  type DocumentCorrectionResult,
  type SubmitDocumentCorrectionRequest,
  type SubmitDocumentCorrectionResult,
} from '@kyc/contracts';
import { http, withIdempotencyKey } from '../../../lib/http';

/**
 * The correction step of the document checks (docs/checks.md "The correction step"): what is asked of
 * the person's level-1 submission, and their answer (Idempotency-Key kept across retries of one attempt).
 */
export const DOCUMENT_CORRECTION_PATH = '/v3/private/kyc/document-correction';
export const SUBMIT_DOCUMENT_CORRECTION_PATH = '/v3/private/kyc/submit-document-correction';
/** Answered already or nothing asked: the step reads the question again. */
export const CORRECTION_NOT_ASKED_CODE = RET_CODES.KYC_CORRECTION_NOT_ASKED.code;
/** The answer is refused: the step says so inline. */
export const CORRECTION_INVALID_CODE = RET_CODES.KYC_CORRECTION_INVALID.code;

/** Silent: the personal page works without it, so a failure only leaves the step out. */
export function getDocumentCorrection(signal?: AbortSignal): Promise<DocumentCorrectionResult> {
  return http.post<DocumentCorrectionResult>(
    DOCUMENT_CORRECTION_PATH,
    {},
    { silent: true, readOnly: true, ...(signal ? { signal } : {}) },
  );
}

export function postDocumentCorrection(
  body: SubmitDocumentCorrectionRequest,
  idempotencyKey: string,
): Promise<SubmitDocumentCorrectionResult> {
  return http.post<SubmitDocumentCorrectionResult>(
    SUBMIT_DOCUMENT_CORRECTION_PATH,
    { ...body },
    withIdempotencyKey({ silent: [CORRECTION_NOT_ASKED_CODE, CORRECTION_INVALID_CODE] }, idempotencyKey),
  );
}
