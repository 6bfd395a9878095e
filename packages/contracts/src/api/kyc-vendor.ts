import { z } from 'zod';
import { DOCUMENT_TYPES, KYC_PROVIDERS, KYC_STEP_STATUSES } from './kyc.ts';

/**
 * Verification paths besides the document upload (docs/kyc.md "Vendor (non-document) verification",
 * "Quick KYC", "Routing and the verification flow", "Announcements"): spec §7 vendor-token,
 * can-quick-kyc, do-quick-kyc, get-verification-sdk-info, traffic-diversion, submit-kyc-announcement.
 */

/**
 * National identity numbers a vendor checks against the issuing registry (no document photo): Nigeria's
 * Bank Verification Number and National Identification Number, Kenya's national ID card number, the
 * Ghana card (GhanaCard PIN). Which country offers which is data (table vendor_id_types).
 */
export const VENDOR_ID_TYPES = ['BVN', 'NIN', 'KE_NATIONAL_ID', 'GHANA_CARD'] as const;
export type VendorIdType = (typeof VENDOR_ID_TYPES)[number];

/** POST /v3/private/kyc/vendor-token: a 15-minute, single-use vendor session for level 1. */
export const vendorTokenRequest = z.strictObject({
  level: z.literal(1),
  idType: z.enum(VENDOR_ID_TYPES),
});
export type VendorTokenRequest = z.infer<typeof vendorTokenRequest>;

export const vendorTokenResult = z.object({
  token: z.string(),
  provider: z.enum(KYC_PROVIDERS),
  /** Every id type the same country offers (the screen may switch without a new country choice). */
  idTypes: z.array(z.enum(VENDOR_ID_TYPES)),
  /** The issuing country of the id type (ISO alpha-2). */
  country: z.string(),
  expiresAt: z.number().int(),
});
export type VendorTokenResult = z.infer<typeof vendorTokenResult>;

/** A calendar date YYYY-MM-DD that exists. */
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, 'a date that exists');

const personName = z.string().trim().min(1).max(100);

/**
 * POST /v3/private/kyc/vendor-verify (header Idempotency-Key). The id number's format is checked by the
 * server per id type (10001 naming idNumber); the selfie is an upload-document of side 'selfie'.
 */
export const vendorVerifyRequest = z.strictObject({
  token: z.string().min(1).max(200),
  idType: z.enum(VENDOR_ID_TYPES),
  idNumber: z.string().trim().min(1).max(32),
  firstName: personName,
  lastName: personName,
  dateOfBirth: calendarDate,
  selfieDocumentId: z.string().regex(/^[0-9a-f]{32}$/, 'a document id from upload-document'),
});
export type VendorVerifyRequest = z.infer<typeof vendorVerifyRequest>;

export const vendorVerifyResult = z.object({
  submissionId: z.number().int(),
  level: z.literal(1),
  status: z.literal('PENDING'),
});
export type VendorVerifyResult = z.infer<typeof vendorVerifyResult>;

/** GET /v3/private/kyc/can-quick-kyc. source '' and level 0 when there is no usable offer. */
export const canQuickKycResult = z.object({
  canQuickKyc: z.boolean(),
  source: z.string(),
  level: z.number().int(),
});
export type CanQuickKycResult = z.infer<typeof canQuickKycResult>;

/** POST /v3/private/kyc/do-quick-kyc: the person's explicit consent to reuse the shared identity. */
export const doQuickKycRequest = z.strictObject({ consent: z.boolean() });
export type DoQuickKycRequest = z.infer<typeof doQuickKycRequest>;

export const doQuickKycResult = z.object({
  level: z.number().int(),
  status: z.enum(KYC_STEP_STATUSES),
});
export type DoQuickKycResult = z.infer<typeof doQuickKycResult>;

/** The steps of a verification flow, in the order the screens show them. */
export const VERIFICATION_STEPS = [
  'document_type',
  'front',
  'back',
  'selfie',
  'poa',
  'vendor_id_number',
] as const;
export type VerificationStep = (typeof VERIFICATION_STEPS)[number];

/** POST /v3/private/kyc/get-verification-sdk-info. */
export const verificationSdkInfoRequest = z.strictObject({ level: z.union([z.literal(1), z.literal(2)]) });
export type VerificationSdkInfoRequest = z.infer<typeof verificationSdkInfoRequest>;

export const verificationSdkInfo = z.object({
  level: z.number().int(),
  provider: z.enum(KYC_PROVIDERS),
  apiUrl: z.string(),
  /** Level1_web / Level2_web in-house; the vendor's level or workflow name for a vendor provider. */
  flowName: z.string(),
  /** The issuing country the choices are for ('' when not chosen yet: every open country's types). */
  country: z.string(),
  steps: z.array(z.enum(VERIFICATION_STEPS)),
  documentTypes: z.array(z.enum(DOCUMENT_TYPES)),
  /** The sides each document type needs at this level. */
  sidesByDocumentType: z.record(z.string(), z.array(z.string())),
  /** Level 1 without a document: the national id numbers this country offers (vendor-token). */
  vendorIdTypes: z.array(z.enum(VENDOR_ID_TYPES)),
  acceptedMimeTypes: z.array(z.string()),
  maxFileBytes: z.number().int(),
  languages: z.array(z.string()),
  /**
   * A vendor provider (docs/providers.md): what its web SDK needs for this person and level (the applicant
   * is created at the vendor on first use); null for the in-house flow.
   */
  vendorSdk: z
    .object({
      token: z.string(),
      apiUrl: z.string(),
      flowName: z.string(),
      /** The vendor's web SDK script to load ('' when the vendor's flow is a page: flowUrl). */
      sdkUrl: z.string(),
      flowUrl: z.string(),
      expiresAt: z.number().int(),
    })
    .nullable(),
});
export type VerificationSdkInfo = z.infer<typeof verificationSdkInfo>;

/** POST /v3/private/kyc/traffic-diversion: which provider verifies this person, and their bucket 0–99. */
export const trafficDiversionResult = z.object({
  provider: z.enum(KYC_PROVIDERS),
  bucket: z.number().int(),
});
export type TrafficDiversionResult = z.infer<typeof trafficDiversionResult>;

/** POST /v3/private/kyc/submit-kyc-announcement: announcementId is a dismissible bannerTag. */
export const kycAnnouncementRequest = z.strictObject({
  announcementId: z.string().min(1).max(64),
});
export type KycAnnouncementRequest = z.infer<typeof kycAnnouncementRequest>;

export const kycAnnouncementResult = z.object({ acknowledged: z.literal(true) });
export type KycAnnouncementResult = z.infer<typeof kycAnnouncementResult>;
