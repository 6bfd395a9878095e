import { z } from 'zod';
import { COUNTRY_CLOSED_REASONS, COVERAGE_STATES } from '../countries.ts';

/**
 * Identity verification (KYC) on the wire: spec §3 (KYC info fields, displayControl, enumerations),
 * §4 (step and re-verification statuses), §7 (the KYC calls). Server design: docs/kyc.md.
 */

/** spec §3 KYC levels: LEVEL_DEFAULT (0), LEVEL_1 (1), LEVEL_2 (2). */
export const KYC_LEVELS = { LEVEL_DEFAULT: 0, LEVEL_1: 1, LEVEL_2: 2 } as const;
export type KycLevel = (typeof KYC_LEVELS)[keyof typeof KYC_LEVELS];
/** The levels that have a verification step (level 0 is where everyone starts). */
export const KYC_STEP_LEVELS = [1, 2] as const;
export type KycStepLevel = (typeof KYC_STEP_LEVELS)[number];

/** spec §4 KYC step status. */
export const KYC_STEP_STATUSES = [
  'ALLOW',
  'NOT_ALLOW',
  'PENDING',
  'SUCCESS',
  'FAILED_AND_CAN_RETRY',
  'FAILED_AND_CAN_NOT_RETRY',
  'CERTIFICATION_DISABLED',
] as const;
export type KycStepStatus = (typeof KYC_STEP_STATUSES)[number];

/** Step type: INDIVIDUAL (spec §4's fallback type) or INSTITUTION (KYB). */
export const KYC_STEP_TYPES = ['INDIVIDUAL', 'INSTITUTION'] as const;
export type KycStepType = (typeof KYC_STEP_TYPES)[number];

/** spec §4 re-verification status (displayUpdatePOI.status). */
export const DISPLAY_UPDATE_POI_STATUSES = [
  'DisplayUpdatePOIStatus_No',
  'DisplayUpdatePOIStatus_Needed',
  'DisplayUpdatePOIStatus_Pending',
  'DisplayUpdatePOIStatus_Rejected',
  'DisplayUpdatePOIStatus_Rejected_Daily',
] as const;
export type DisplayUpdatePoiStatus = (typeof DISPLAY_UPDATE_POI_STATUSES)[number];

/** spec §3 verification providers. */
export const KYC_PROVIDERS = ['sumsub', 'jumio', 'aai', 'onfido', 'default'] as const;
export type KycProvider = (typeof KYC_PROVIDERS)[number];

/** spec §3 document types. */
export const DOCUMENT_TYPES = ['ID_CARD', 'PASSPORT', 'DRIVERS', 'RESIDENCE_PERMIT'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** spec §3 custody kinds. */
export const CUSTODY_KINDS = ['CUSTODY_SATOS', 'CUSTODY_BYBIT', 'CUSTODY_UNSPECIFIED'] as const;
export type CustodyKind = (typeof CUSTODY_KINDS)[number];

export const LIMITATION_DEFAULT = 'LIMITATION_DEFAULT';
/**
 * Issue 18: the account is frozen after a compliance review (a true screening match): nothing can be
 * submitted (61007); the app shows a frozen state with a link to support, never why (no tipping-off).
 */
export const LIMITATION_ACCOUNT_FROZEN = 'LIMITATION_ACCOUNT_FROZEN';

/** spec §3: LEVEL_1 → Level1_web, LEVEL_2 → Level2_web, anything else → Level1_web. */
export function flowNameOf(level: number): 'Level1_web' | 'Level2_web' {
  return level === KYC_LEVELS.LEVEL_2 ? 'Level2_web' : 'Level1_web';
}

/** spec §3: the second-flow helper gives Level2_web for both levels. */
export function secondFlowNameOf(_level: number): 'Level2_web' {
  return 'Level2_web';
}

/** ISO 3166-1 alpha-2, upper case. */
export const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'an ISO 3166-1 alpha-2 country code')
  .transform((value) => value.toUpperCase());

/** POST /v3/private/kyc/kyc-info and /v1/s1/kyc/integration/info (spec §7 defaults). */
export const kycInfoRequest = z.strictObject({
  obtain_kyc_token: z.boolean().default(false),
  obtain_current: z.boolean().default(true),
  obtain_quotas: z.boolean().default(true),
  obtain_state: z.boolean().default(true),
  obtain_aml_questionnaire: z.boolean().default(true),
  obtain_verification_process: z.boolean().default(true),
});
export type KycInfoRequest = z.infer<typeof kycInfoRequest>;

export const kycStateEntry = z.object({
  level: z.number().int(),
  status: z.enum(KYC_STEP_STATUSES),
  type: z.enum(KYC_STEP_TYPES),
  rejectReasonCode: z.string(),
  rejectReason: z.string(),
});
export type KycStateEntry = z.infer<typeof kycStateEntry>;

export const coinLimit = z.object({ coin: z.string(), limit: z.number() });
export const levelQuota = z.object({ level: z.number().int(), coinLimit: z.array(coinLimit) });
export type LevelQuota = z.infer<typeof levelQuota>;

export const displayUpdatePoi = z.object({
  status: z.enum(DISPLAY_UPDATE_POI_STATUSES),
  rejectReason: z.string(),
  /** Epoch ms by which the user must re-verify (Needed) or the review ends (Pending); null: none. */
  deadline: z.number().int().nullable(),
  siteInfo: z.object({ site: z.string(), country: z.string() }),
});
export type DisplayUpdatePoi = z.infer<typeof displayUpdatePoi>;

export const displayControl = z.object({
  displayHkgPoaAgreement: z.boolean(),
  isDisplayQuestionnaire: z.boolean(),
  isDisplayP2pRights: z.boolean(),
  isDisplayNewSatos: z.boolean(),
  isDisplayNewRcOnboarding: z.boolean(),
  displayUpdatePOI: displayUpdatePoi,
});

/**
 * One verified identity: a document type (spec §3) or a national id number checked by a vendor (BVN…),
 * its issuing country, the number masked (vendor checks; '' for documents), the sides on file, and when
 * it was verified (epoch ms). source: 'document', 'vendor' or 'quick_kyc'.
 */
export const kycIdentity = z.object({
  type: z.string(),
  country: z.string(),
  source: z.enum(['document', 'vendor', 'quick_kyc']),
  maskedNumber: z.string(),
  sides: z.array(z.string()),
  verifiedAt: z.number().int(),
});
export type KycIdentity = z.infer<typeof kycIdentity>;

export const kycApplicant = z.object({
  country: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  level: z.number().int(),
  /** Identities on file, verified (docs/kyc.md "applicant.identifies"); empty until one is approved. */
  identifies: z.array(kycIdentity),
});

/** spec §3 "KYC info response fields read"; fields behind a false obtain_* flag are left out. */
export const kycInfo = z.object({
  applicant: kycApplicant.optional(),
  apiUrl: z.string(),
  provider: z.enum(KYC_PROVIDERS),
  flowNames: z.object({ current: z.string(), second: z.string() }),
  kycToken: z.string().nullable().optional(),
  opened: z.boolean(),
  limitation: z.string(),
  limitationInfo: z.object({ reason: z.string() }).nullable(),
  state: z.array(kycStateEntry).optional(),
  quotas: z.array(levelQuota).optional(),
  /** spec §4: the BTC limit of the applicant's level, 0 when none. */
  currentLevelQuota: z.number().optional(),
  errorNotify: z.boolean(),
  second_identity_state: z.string(),
  /** The AML questionnaire's status (QUESTIONNAIRE_STATUSES); docs/questionnaires.md "kyc-info fields". */
  questionnaireStatus: z.string(),
  /** The user has at least one open compliance task (a questionnaire to answer). */
  mustQuestionnaire: z.boolean(),
  custody: z.enum(CUSTODY_KINDS),
  custodyInfo: z.object({ custody: z.enum(CUSTODY_KINDS) }).nullable(),
  /** The SATOS deposit verification applies: custody CUSTODY_SATOS and the satos-deposit template live. */
  newSatosGray: z.boolean(),
  additionalRejectReason: z.string(),
  residenceCountry: z.string(),
  bannerTags: z.array(z.string()),
  kybQuota: z.number(),
  /** The AML questionnaire: required and still to do (as get-aml-result), its template code (`200`). */
  amlQuestionnaire: z.object({ needQuestionnaire: z.boolean(), templateCode: z.string() }).optional(),
  /**
   * What is under review: LEVEL_1, LEVEL_2, REVERIFICATION, then QUESTIONNAIRE:<code> (staff-reviewed,
   * PENDING or PENDING_NO_EDIT) and SATOS:<depositRef>; isVerificationProcess when any.
   */
  verificationProcess: z
    .object({ isVerificationProcess: z.boolean(), tasks: z.array(z.string()) })
    .optional(),
  displayControl,
});
export type KycInfo = z.infer<typeof kycInfo>;

/** POST get-kyc-provider. */
export const kycProviderResult = z.object({
  provider: z.enum(KYC_PROVIDERS),
  apiUrl: z.string(),
  flowName: z.string(),
});
export type KycProviderResult = z.infer<typeof kycProviderResult>;

/** POST supported-document-type: the documents one issuing country offers. */
export const supportedDocumentTypeRequest = z.strictObject({ country: countryCode });
export const supportedDocumentTypeResult = z.object({
  country: z.string(),
  documentTypes: z.array(z.enum(DOCUMENT_TYPES)),
});
export type SupportedDocumentTypeResult = z.infer<typeof supportedDocumentTypeResult>;

/** POST can-verify: may the user start (or retry) the step of this level now? */
export const canVerifyRequest = z.strictObject({
  level: z.union([z.literal(1), z.literal(2)]).default(1),
});
export const canVerifyResult = z.object({
  level: z.number().int(),
  canVerify: z.boolean(),
  status: z.enum(KYC_STEP_STATUSES),
  /** '' when canVerify; otherwise the ret_code name that submitting would answer. */
  reason: z.string(),
});
export type CanVerifyResult = z.infer<typeof canVerifyResult>;

/** GET get-config: the KYC enumerations and what this deployment offers. */
export const kycConfigResult = z.object({
  defaultProvider: z.enum(KYC_PROVIDERS),
  providers: z.array(z.enum(KYC_PROVIDERS)),
  levels: z.array(z.object({ level: z.number().int(), name: z.string(), flowName: z.string() })),
  documentTypes: z.array(z.enum(DOCUMENT_TYPES)),
  custodyKinds: z.array(z.enum(CUSTODY_KINDS)),
});
export type KycConfigResult = z.infer<typeof kycConfigResult>;

/** GET get-supported-ip-country-code. */
export const ipCountryResult = z.object({
  /** The caller's country from the trusted proxy's header; '' when unknown. */
  countryCode: z.string(),
  supported: z.boolean(),
  supportedCountryCodes: z.array(z.string()),
});
export type IpCountryResult = z.infer<typeof ipCountryResult>;

/** GET /v2/public/country-list?is_disable=1 (spec §7, §9). */
export const countryListQuery = z.strictObject({
  is_disable: z.enum(['0', '1']).default('0'),
});
export const countryEntry = z.object({
  code: z.string(),
  /** ISO 3166-1 alpha-3 (docs/countries.md). */
  alpha3: z.string(),
  /** Kept for older clients; screens name countries with Intl.DisplayNames in the page language. */
  nameKey: z.string(),
  isDisabled: z.boolean(),
  /** offered, or closed with `closedReason` (docs/countries.md "The closed list"). */
  state: z.enum(COVERAGE_STATES),
  /** Why a closed country is closed; '' when offered. Translated by user-accounts `countries.reasons.*`. */
  closedReason: z.union([z.enum(COUNTRY_CLOSED_REASONS), z.literal('')]),
  documentTypes: z.array(z.enum(DOCUMENT_TYPES)),
});
export type CountryEntry = z.infer<typeof countryEntry>;
export const countryListResult = z.object({ list: z.array(countryEntry) });
