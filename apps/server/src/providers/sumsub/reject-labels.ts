/**
 * Sumsub's rejection labels (docs.sumsub.com/docs/rejection-labels) mapped to our reject reason codes,
 * which the person reads translated. The vendor's label is kept beside ours for staff. A label not in the
 * table (Sumsub adds labels) falls back to INCOMPLETE_DOCUMENTS: "send your documents again" is the
 * one request that is never wrong for a RETRY.
 */
import type { KycRejectReasonCode } from '@kyc/contracts';
import type { MappedRejectReason } from '../provider.ts';

export const SUMSUB_REJECT_LABELS: Readonly<Record<string, KycRejectReasonCode>> = {
  // The picture cannot be used: take it again.
  UNSATISFACTORY_PHOTOS: 'BLURRY_IMAGE',
  SCREENSHOTS: 'BLURRY_IMAGE',
  LOW_QUALITY: 'BLURRY_IMAGE',
  BLACK_AND_WHITE: 'BLURRY_IMAGE',
  BAD_PROOF_OF_IDENTITY: 'BLURRY_IMAGE',
  // The document is out of date.
  EXPIRATION_DATE: 'DOCUMENT_EXPIRED',
  // The data given does not match the document.
  PROBLEMATIC_APPLICANT_DATA: 'NAME_MISMATCH',
  REQUESTED_DATA_MISMATCH: 'NAME_MISMATCH',
  INCONSISTENT_PROFILE: 'NAME_MISMATCH',
  // The document is not one that is accepted.
  ID_INVALID: 'UNSUPPORTED_DOCUMENT',
  WRONG_USER_REGION: 'UNSUPPORTED_DOCUMENT',
  NOT_DOCUMENT: 'UNSUPPORTED_DOCUMENT',
  DIGITAL_DOCUMENT: 'UNSUPPORTED_DOCUMENT',
  DOCUMENT_DAMAGED: 'UNSUPPORTED_DOCUMENT',
  // The face does not match, or the selfie is unusable.
  SELFIE_MISMATCH: 'SELFIE_MISMATCH',
  BAD_FACE_MATCHING: 'SELFIE_MISMATCH',
  BAD_SELFIE: 'SELFIE_MISMATCH',
  BAD_VIDEO_SELFIE: 'SELFIE_MISMATCH',
  // Fraud: forged or edited documents, known bad actors, repeated accounts.
  FRAUDULENT_PATTERNS: 'SUSPECTED_FRAUD',
  FRAUDULENT_LIVENESS: 'SUSPECTED_FRAUD',
  FORGERY: 'SUSPECTED_FRAUD',
  GRAPHIC_EDITOR: 'SUSPECTED_FRAUD',
  DOCUMENT_TEMPLATE: 'SUSPECTED_FRAUD',
  BLACKLIST: 'SUSPECTED_FRAUD',
  BLOCKLIST: 'SUSPECTED_FRAUD',
  DUPLICATE: 'SUSPECTED_FRAUD',
  SPAM: 'SUSPECTED_FRAUD',
  // Something is missing.
  DOCUMENT_MISSING: 'INCOMPLETE_DOCUMENTS',
  INCOMPLETE_DOCUMENT: 'INCOMPLETE_DOCUMENTS',
  DOCUMENT_PAGE_MISSING: 'INCOMPLETE_DOCUMENTS',
  FRONT_SIDE_MISSING: 'INCOMPLETE_DOCUMENTS',
  BACK_SIDE_MISSING: 'INCOMPLETE_DOCUMENTS',
  ADDITIONAL_DOCUMENT_REQUIRED: 'INCOMPLETE_DOCUMENTS',
  UNFILLED_ID: 'INCOMPLETE_DOCUMENTS',
};

/** Our reasons of Sumsub's labels, in the vendor's order (the first one is what the person reads). */
export function mapRejectLabels(labels: readonly string[]): MappedRejectReason[] {
  const reasons = labels.map((label) => ({
    code: SUMSUB_REJECT_LABELS[label] ?? 'INCOMPLETE_DOCUMENTS',
    vendorLabel: label,
  }));
  return reasons.length > 0 ? reasons : [{ code: 'INCOMPLETE_DOCUMENTS', vendorLabel: '' }];
}
