/**
 * The structured reasons a reviewer gives when rejecting a verification level (back office), which the
 * person reads translated (user-accounts `next.reasons.<code>`, issue 10). One list for both apps.
 */
export const KYC_REJECT_REASON_CODES = [
  'BLURRY_IMAGE',
  'DOCUMENT_EXPIRED',
  'NAME_MISMATCH',
  'SELFIE_MISMATCH',
  'UNSUPPORTED_DOCUMENT',
  'SUSPECTED_FRAUD',
  'INCOMPLETE_DOCUMENTS',
] as const;
export type KycRejectReasonCode = (typeof KYC_REJECT_REASON_CODES)[number];
