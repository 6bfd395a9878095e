import { z } from 'zod';
import { DOCUMENT_TYPES, KYC_STEP_STATUSES, countryCode } from './kyc.ts';

/**
 * The write side of verification with the in-house provider (docs/kyc.md "Submitting a level"):
 * upload-document, submit, self-reset and kyc-personal-info.
 */

/** What a document shows: the identity document's front or back, a selfie, or a proof of address. */
export const DOCUMENT_SIDES = ['front', 'back', 'selfie', 'poa'] as const;
export type DocumentSide = (typeof DOCUMENT_SIDES)[number];

/** Multipart form field names of upload-document. */
export const UPLOAD_FILE_FIELD = 'file';
export const UPLOAD_SIDE_FIELD = 'side';

/** Header of POST submit: one key per attempt; the same key answers the first result again. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,128}$/, '1 to 128 characters A-Z, a-z, 0-9, - and _');

/** A document id as upload-document answers it (random, 32 hex digits). */
export const documentId = z.string().regex(/^[0-9a-f]{32}$/, 'a document id from upload-document');

export const uploadDocumentResult = z.object({
  documentId: z.string(),
  side: z.enum(DOCUMENT_SIDES),
  mime: z.enum(['image/jpeg', 'image/png', 'application/pdf']),
  size: z.number().int(),
  sha256: z.string(),
});
export type UploadDocumentResult = z.infer<typeof uploadDocumentResult>;

/** POST /v3/private/kyc/submit. */
export const submitKycRequest = z.strictObject({
  level: z.union([z.literal(1), z.literal(2)]),
  documentType: z.enum(DOCUMENT_TYPES),
  country: countryCode,
  documentIds: z.array(documentId).min(1).max(8),
});
export type SubmitKycRequest = z.infer<typeof submitKycRequest>;

export const submitKycResult = z.object({
  submissionId: z.number().int(),
  level: z.number().int(),
  /** The level's step status after the submission (PENDING). */
  status: z.enum(KYC_STEP_STATUSES),
});
export type SubmitKycResult = z.infer<typeof submitKycResult>;

/** POST self-reset: the stored step statuses after the reset, and the level (0). */
export const selfResetResult = z.object({
  level: z.number().int(),
  state: z.array(z.object({ level: z.number().int(), status: z.enum(KYC_STEP_STATUSES) })),
});
export type SelfResetResult = z.infer<typeof selfResetResult>;

/** A calendar date YYYY-MM-DD that exists. */
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, 'a date that exists');

const personName = z.string().trim().min(1).max(100);

/** POST kyc-personal-info: no field reads the details; any field updates it (before submitting). */
export const kycPersonalInfoRequest = z.strictObject({
  firstName: personName.optional(),
  lastName: personName.optional(),
  dateOfBirth: calendarDate.optional(),
  residenceCountry: countryCode.optional(),
});
export type KycPersonalInfoRequest = z.infer<typeof kycPersonalInfoRequest>;

export const kycPersonalInfo = z.object({
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  residenceCountry: z.string(),
  /** Issuing country of the identity document, set by submit. */
  country: z.string(),
  /** false while a level is PENDING or verified: the details then belong to the reviewed identity. */
  editable: z.boolean(),
});
export type KycPersonalInfo = z.infer<typeof kycPersonalInfo>;
