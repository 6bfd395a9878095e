import { z } from 'zod';
import { ALL_LANGUAGES, matchLanguage } from '../languages.ts';
import { URL_MAX_LENGTH } from '../validation.ts';
import { DOCUMENT_ID_PATTERN } from '../questionnaire-rules.ts';
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
export const documentId = z.string().regex(DOCUMENT_ID_PATTERN, 'a document id from upload-document');

/**
 * The multipart form of upload-document, for the API description only: the route reads the parts as a
 * stream (the body is never parsed into an object), so this schema documents and never validates.
 */
export const uploadDocumentForm = z
  .object({
    side: z.enum(DOCUMENT_SIDES),
    file: z.string().meta({ format: 'binary' }).describe('JPEG or PNG (PDF for poa), at most 10 MB'),
  })
  .optional();

export const uploadDocumentResult = z.object({
  documentId: z.string(),
  side: z.enum(DOCUMENT_SIDES),
  mime: z.enum(['image/jpeg', 'image/png', 'application/pdf']),
  size: z.number().int(),
  sha256: z.string(),
});
export type UploadDocumentResult = z.infer<typeof uploadDocumentResult>;

/** extraParams.reason of sdk-access and submit: a re-verification (update of the proof of identity). */
export const UPDATE_KYC_REASON = 'UPDATE_KYC';

/**
 * What a submission is (docs/kyc.md "Submission kinds"): a level, a re-verification, an update of the
 * identity document or of the proof of address, or an identity-number check with a vendor.
 */
export const SUBMISSION_KINDS = ['level', 'reverification', 'update_id', 'update_poa', 'vendor'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

/**
 * The version of the texts a person consents to before an ID and selfie are submitted (locales
 * user-accounts `captureConsent.v1.*`, docs/kyc.md "Consent and declaration"). A changed text is a new
 * version with new keys; the server refuses a consent to another version (30042).
 */
export const CAPTURE_CONSENT_VERSION = '1';

/** The consent given at the capture's consent step: both boxes ticked, the version and language shown. */
export const captureConsent = z.strictObject({
  /** Consent to the processing of personal and biometric data (face image) for the verification. */
  privacy: z.boolean(),
  /** The declaration that the information and documents are true, complete and the person's own. */
  declaration: z.boolean(),
  version: z.string().max(16),
  /** The language the texts were shown in. */
  language: z.string().max(16),
});
export type CaptureConsent = z.infer<typeof captureConsent>;

/** One line of a postal address: trimmed, 1 to 120 characters, no control characters. */
const addressLine = (max = 120) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'no control characters');

/** The residence address asked at level 2 before the proof of address (sealed at rest, docs/kyc.md). */
export const residenceAddress = z.strictObject({
  country: countryCode,
  line1: addressLine(),
  line2: z.union([addressLine(), z.literal('')]).optional(),
  city: addressLine(80),
  postalCode: z.union([addressLine(20), z.literal('')]).optional(),
});
export type ResidenceAddress = z.infer<typeof residenceAddress>;

/**
 * POST /v3/private/kyc/submit (and the SDK variant). With `reason: 'UPDATE_KYC'` it is a
 * re-verification: level 1 document sides, displayUpdatePOI Needed/Rejected → Pending.
 */
export const submitKycRequest = z.strictObject({
  level: z.union([z.literal(1), z.literal(2)]),
  documentType: z.enum(DOCUMENT_TYPES),
  country: countryCode,
  documentIds: z.array(documentId).min(1).max(8),
  reason: z.literal(UPDATE_KYC_REASON).optional(),
  /** Level 1 and re-verification (an ID and a selfie): required, both true, current version (30041/30042). */
  consent: captureConsent.optional(),
  /** Level 2: the residence address the proof of address shows (required, 10001 without it). */
  residence: residenceAddress.optional(),
  /**
   * Level 1 and re-verification (ours, D125; the spec does not show the payload): the person's
   * nationality as typed, ISO 3166-1 alpha-2 (63012 otherwise). Compared with the document's MRZ;
   * sealed with the submission. Optional: a client that leaves it out gets it not compared.
   */
  nationality: z.string().max(8).optional(),
  /**
   * Level 1 and re-verification (ours, D125): the document's number as printed, trimmed and upper-cased,
   * 1-20 of A-Z, 0-9 and - (63011 otherwise; contracts `checkDocumentNumber`). Optional, as nationality.
   */
  documentNumber: z.string().max(200).optional(),
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
  /**
   * Ours: true when the name and date of birth are answered masked (not editable, and not read through
   * personal-info/reveal behind scene 30029): 'A***', '****-**-**'.
   */
  masked: z.boolean(),
});
export type KycPersonalInfo = z.infer<typeof kycPersonalInfo>;

/**
 * POST /v3/private/kyc/sdk-access (spec §7): a 30-minute SDK access token for the signed-in user
 * (business `exchange-web`, from `web`). `from` and `action` describe the calling screen; with
 * extraParams.reason UPDATE_KYC the token is a re-verification one (isUpdatePoi).
 */
export const sdkAccessRequest = z.strictObject({
  level: z.union([z.literal(1), z.literal(2)]),
  isSecondary: z.boolean().optional(),
  from: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/)
    .optional(),
  action: z.string().trim().max(64).optional(),
  /** The token's language (the landing link's lang); default en. */
  lang: z
    .string()
    .max(16)
    .refine((value) => matchLanguage(value, ALL_LANGUAGES) !== undefined, 'unsupported language')
    .optional(),
  extraParams: z
    .strictObject({
      reason: z.literal(UPDATE_KYC_REASON).optional(),
      /** A path on this portal, or an https URL on the portal's own origin (docs/sdk.md). */
      redirect_url: z.string().min(1).max(URL_MAX_LENGTH).optional(),
    })
    .optional(),
});
export type SdkAccessRequest = z.infer<typeof sdkAccessRequest>;

export const sdkAccessResult = z.object({
  /** Opaque SDK access token (docs/sdk.md); the web opens /user/accounts/{lang}/auth/sdk?token=…&from=web. */
  accessToken: z.string(),
  /** Epoch milliseconds. */
  expiresAt: z.number().int(),
});
export type SdkAccessResult = z.infer<typeof sdkAccessResult>;

/**
 * POST /v3/private/kyc/update-id (header Idempotency-Key): a new identity document for a verified
 * person (spec §8 codes 1045–1053, 1062). Names, birth date and expiry are stored encrypted.
 */
export const updateIdRequest = z.strictObject({
  documentType: z.enum(DOCUMENT_TYPES),
  country: countryCode,
  documentIds: z.array(documentId).min(1).max(8),
  firstName: personName,
  lastName: personName,
  dateOfBirth: calendarDate,
  expiryDate: calendarDate,
});
export type UpdateIdRequest = z.infer<typeof updateIdRequest>;

export const updateIdResult = z.object({
  submissionId: z.number().int(),
  status: z.literal('PENDING'),
});
export type UpdateIdResult = z.infer<typeof updateIdResult>;

/** POST /v3/private/kyc/update-poa (header Idempotency-Key): a new proof of address (level 2 verified). */
export const updatePoaRequest = z.strictObject({
  documentIds: z.array(documentId).length(1),
  /** Hong Kong site (displayHkgPoaAgreement): must be true. */
  hkgPoaAgreement: z.boolean().optional(),
});
export type UpdatePoaRequest = z.infer<typeof updatePoaRequest>;

export const updatePoaResult = updateIdResult;
export type UpdatePoaResult = z.infer<typeof updatePoaResult>;
