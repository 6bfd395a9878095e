/**
 * Table types for Kysely. Times are epoch milliseconds (bigint on PostgreSQL, parsed back to number);
 * flags are 0/1 integers so that the same SQL runs on SQLite and PostgreSQL.
 */
import type { Generated, Insertable, Selectable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  /** Trimmed, lower-cased address: the sign-in identifier (unique). */
  email: string;
  password_hash: string;
  /** spec §3: an empty value is answered as USD. */
  currency_code: Generated<string>;
  sub_attribute: Generated<string>;
  site: Generated<string>;
  registered_member_type: Generated<string>;
  /** spec §3 member_tag.KYC; '1' means KYC does not apply to this member (spec §4). */
  member_tag_kyc: Generated<string>;
  disabled: Generated<number>;
  created_at: number;
  updated_at: number;
  last_login_at: number | null;
}

export interface StaffUsersTable {
  id: Generated<number>;
  email: string;
  display_name: string;
  role: string;
  password_hash: string;
  disabled: Generated<number>;
  created_at: number;
  last_login_at: number | null;
  /** Sealed TOTP secret (lib/totp.ts), or 'demo:' + base32 for the published demo staff; null until enrolled. */
  totp_secret: string | null;
  totp_enrolled_at: number | null;
  /** Migration 014: the last TOTP time step accepted at sign-in; later codes only (no replay). */
  totp_last_step: number | null;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the cookie token; the token itself is never stored. */
  id: string;
  /** 'user' or 'staff': which population the subject belongs to. */
  audience: string;
  subject_id: number;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  /** Absolute expiry; idle expiry is last_seen_at + the idle window. */
  expires_at: number;
}

export interface SdkBusinessesTable {
  /** The business id partners send in kyc-access-business, e.g. 'demo-partner' (SDK_CODE_PATTERN). */
  id: string;
  name: string;
  /** JSON array of https origins allowed to embed the flow and to receive redirect_url targets. */
  allowed_origins: string;
  /** spec §6 kyc-access-origin of this business ('bybit' unless set). */
  access_origin: Generated<string>;
  /** SHA-256 (hex) of the API key (256 random bits); the key itself is never stored. */
  api_key_hash: string;
  active: Generated<number>;
  /** 1 for the exchange's own apps (set by the operator): they reach every user without a partner link. */
  first_party: Generated<number>;
  /** Live partner links of this business, kept in the link's transaction (migration 013). */
  linked_users: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface SdkTokensTable {
  /** SHA-256 (hex) of the access token; the token itself is never stored. */
  id: string;
  business_id: string;
  user_id: number;
  /** spec §2 `from` of the landing link. */
  sdk_from: string;
  /** '' when the partner named none. */
  scene: string;
  lang: string;
  is_update_poi: number;
  hidden: number;
  /** extraParams.redirect_url, already checked against the business's allowed origins. */
  redirect_url: string | null;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** docs/kyc.md: one applicant per user (created at the first KYC write). */
export interface ApplicantsTable {
  id: Generated<number>;
  user_id: number;
  /** Issuing country of the identity document (ISO alpha-2), '' until known. */
  country: Generated<string>;
  first_name: Generated<string>;
  last_name: Generated<string>;
  /** A calendar date (YYYY-MM-DD), not an instant, so not epoch ms. */
  date_of_birth: Generated<string>;
  residence_country: Generated<string>;
  /** spec §3 provider: 'default' (in-house) unless set. */
  provider: Generated<string>;
  /** spec §3 LEVEL_DEFAULT 0, LEVEL_1 1, LEVEL_2 2: the highest level verified. */
  level: Generated<number>;
  /** spec §4 "KYC is opened": 0 closes verification for this person (both steps NOT_ALLOW). */
  kyc_opened: Generated<number>;
  limitation: Generated<string>;
  limitation_reason: Generated<string>;
  custody: Generated<string>;
  second_identity_state: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface KycLevelStatesTable {
  user_id: number;
  level: number;
  type: Generated<string>;
  status: string;
  reject_reason_code: Generated<string>;
  reject_reason: Generated<string>;
  updated_at: number;
}

export interface KycQuotasTable {
  /** 'KYC' (individuals) or 'KYB' (institutions, kybQuota). */
  scope: Generated<string>;
  level: number;
  coin: string;
  /** Daily withdrawal limit as a decimal string (exact; answered as a number). */
  limit_amount: string;
  updated_at: number;
}

export interface CountriesTable {
  code: string;
  name_key: string;
  /** 1: closed to verification (CERTIFICATION_DISABLED). */
  kyc_disabled: Generated<number>;
  /** JSON array of spec §3 document types this country issues for verification. */
  document_types: Generated<string>;
  /** ISO 3166-1 alpha-3 (migration 010). */
  alpha3: Generated<string>;
  /** Why a closed country is closed (contracts COUNTRY_CLOSED_REASONS); '' when offered. */
  closed_reason: Generated<string>;
  /** Compare-and-set of the back office's coverage edits: +1 at every change. */
  version: Generated<number>;
  updated_at: number;
}

export interface ReverificationTable {
  user_id: number;
  /** spec §4 DisplayUpdatePOIStatus_*. */
  status: string;
  reject_reason: Generated<string>;
  deadline: number | null;
  site: Generated<string>;
  country: Generated<string>;
  updated_at: number;
}

/** Append-only (migration 005: the database refuses UPDATE and DELETE). details: JSON, no secrets. */
export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  staff_id: number;
  action: string;
  subject_user_id: number | null;
  /** The case or submission the entry is about, e.g. 'user:12/level:1'. */
  case_ref: Generated<string>;
  details: Generated<string>;
  /** Migration 015: the hash of the row before (64 zeros for the first) and this row's chain hash. */
  prev_hash: Generated<string>;
  hash: Generated<string>;
}

/** Migration 015: the end of the audit chain (one row, id 1), moved by every audit insert. */
export interface AuditChainHeadTable {
  id: number;
  last_id: number;
  last_hash: string;
}

/** Migration 015: how far the audit chain was verified, and where it was found broken (one row). */
export interface AuditChainChecksTable {
  id: number;
  verified_id: number;
  verified_hash: string;
  verified_at: number | null;
  broken_id: number | null;
  broken_kind: string | null;
  broken_at: number | null;
}

/** History of review decisions (docs/backoffice.md). */
export interface KycDecisionsTable {
  id: Generated<number>;
  user_id: number;
  /** 1 or 2; 0 for a re-verification request. */
  level: number;
  decision: string;
  reason_code: Generated<string>;
  user_message: Generated<string>;
  /** Who decided (for a confirmed final rejection: who proposed it). */
  staff_id: number;
  /** The senior reviewer who confirmed a final rejection. */
  confirmed_by: number | null;
  at: number;
  /** Migration 006: the submission a re-verification or update decision is about (else null). */
  submission_id: number | null;
  /** Migration 011: the reviewer's optional comment (e.g. on an approval); never shown to the person. */
  comment: Generated<string>;
}

export interface Database extends QuestionnaireTables, SupportTables {
  users: UsersTable;
  staff_users: StaffUsersTable;
  sessions: SessionsTable;
  sdk_businesses: SdkBusinessesTable;
  sdk_tokens: SdkTokensTable;
  applicants: ApplicantsTable;
  kyc_level_states: KycLevelStatesTable;
  kyc_quotas: KycQuotasTable;
  countries: CountriesTable;
  reverification: ReverificationTable;
  audit_log: AuditLogTable;
  audit_chain_head: AuditChainHeadTable;
  audit_chain_checks: AuditChainChecksTable;
  kyc_decisions: KycDecisionsTable;
  user_data_keys: UserDataKeysTable;
  kyc_submissions: KycSubmissionsTable;
  kyc_documents: KycDocumentsTable;
  vendor_id_types: VendorIdTypesTable;
  vendor_sessions: VendorSessionsTable;
  quick_kyc_offers: QuickKycOffersTable;
  provider_routes: ProviderRoutesTable;
  kyc_announcement_acks: KycAnnouncementAcksTable;
  notices: NoticesTable;
  partner_links: PartnerLinksTable;
  sdk_link_tokens: SdkLinkTokensTable;
  sdk_business_secrets: SdkBusinessSecretsTable;
  sdk_request_nonces: SdkRequestNoncesTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  user_security_events: UserSecurityEventsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type StaffRow = Selectable<StaffUsersTable>;
export type NewStaff = Insertable<StaffUsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type SdkBusinessRow = Selectable<SdkBusinessesTable>;
export type SdkTokenRow = Selectable<SdkTokensTable>;
export type NewSdkToken = Insertable<SdkTokensTable>;
export type ApplicantRow = Selectable<ApplicantsTable>;
export type NewApplicant = Insertable<ApplicantsTable>;
export type KycLevelStateRow = Selectable<KycLevelStatesTable>;
export type KycQuotaRow = Selectable<KycQuotasTable>;
export type CountryRow = Selectable<CountriesTable>;
export type ReverificationRow = Selectable<ReverificationTable>;

/** Migration 004: a user's data key, only ever stored wrapped by the master key (lib/crypto). */
export interface UserDataKeysTable {
  user_id: number;
  wrapped_key: Buffer;
  /** Id of the master key that wrapped it (rotation: rows still to re-wrap). */
  key_id: number;
  created_at: number;
}

/** Migration 004: one submission of a level for review; unique per user and Idempotency-Key. */
export interface KycSubmissionsTable {
  id: Generated<number>;
  user_id: number;
  level: number;
  document_type: string;
  issuing_country: string;
  /** PENDING, APPROVED, REJECTED_RETRY, REJECTED_FINAL. */
  status: string;
  idempotency_key: string;
  created_at: number;
  decided_at: number | null;
  decided_by: number | null;
  reject_reason_code: Generated<string>;
  reject_reason: Generated<string>;
  /** Migration 006: level, reverification, update_id, update_poa, vendor (SUBMISSION_KINDS). */
  kind: Generated<string>;
  /** Migration 006: JSON details sealed under the user's data key (domain/kyc/data-keys.ts), or null. */
  details_enc: Buffer | null;
  /** Migration 011: the consent and declaration given before an ID and selfie were submitted (else null). */
  consent_version: string | null;
  consent_language: string | null;
  consent_at: number | null;
  /** Migration 011: when a final rejection of this pending submission was proposed (else null). */
  final_proposed_at: number | null;
}

/** Migration 004: an uploaded document; the bytes are an encrypted blob (lib/uploads/blob-store). */
export interface KycDocumentsTable {
  /** Random id, also the object id the blob's encryption is bound to. */
  id: string;
  user_id: number;
  submission_id: number | null;
  /** front, back, selfie, poa. */
  side: string;
  /** Of the stored (re-encoded) bytes: image/jpeg, image/png, application/pdf. */
  mime: string;
  /** Hex sha256 of the stored plaintext. */
  sha256: string;
  blob_id: string;
  /** Plaintext size in bytes. */
  size: number;
  created_at: number;
}
export type KycSubmissionRow = Selectable<KycSubmissionsTable>;
export type KycDocumentRow = Selectable<KycDocumentsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type KycDecisionRow = Selectable<KycDecisionsTable>;

/** Migration 007: the national id numbers a country offers for a vendor check (reference data). */
export interface VendorIdTypesTable {
  id_type: string;
  country: string;
  enabled: Generated<number>;
  updated_at: number;
}

/** Migration 007: a vendor verification session; the token itself is never stored (SHA-256 hex id). */
export interface VendorSessionsTable {
  id: string;
  user_id: number;
  level: number;
  id_type: string;
  country: string;
  provider: string;
  created_at: number;
  expires_at: number;
  /** Set once, by the vendor-verify that used it (single use). */
  used_at: number | null;
}

/** Migration 007: a verified identity a linked entity shares with the person (quick KYC). */
export interface QuickKycOffersTable {
  id: Generated<number>;
  user_id: number;
  /** The linked entity that verified the person, e.g. an affiliated licensed exchange. */
  source: string;
  level: number;
  country: string;
  document_type: string;
  verified_at: number;
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
}

/** Migration 007: provider routing by country ('*': every other country), a percentage of buckets. */
export interface ProviderRoutesTable {
  country: string;
  provider: string;
  percentage: number;
  updated_at: number;
}

/** Migration 007: a dismissible KYC announcement (bannerTag) the person acknowledged. */
export interface KycAnnouncementAcksTable {
  user_id: number;
  announcement_id: string;
  acknowledged_at: number;
}
export type VendorSessionRow = Selectable<VendorSessionsTable>;
export type QuickKycOfferRow = Selectable<QuickKycOffersTable>;

// Migration 008: questionnaires (docs/questionnaires.md "Tables") ------------------------------------

/** A published template version; `body` is the template JSON (contract questionnaireTemplate). */
export interface QuestionnaireTemplatesTable {
  code: string;
  version: number;
  external_code: string | null;
  kind: string;
  review: string;
  body: string;
  published_at: number;
  /** Withdrawn: drafts on it restart on the current version (pinnedVersion). */
  retired_at: number | null;
}

/** One per user and template: status (spec §4), pinned version, the draft sealed under the data key. */
export interface QuestionnaireResponsesTable {
  id: Generated<number>;
  user_id: number;
  template_code: string;
  status: string;
  template_version: number;
  draft_enc: Buffer | null;
  page_index: Generated<number>;
  retry_after: number | null;
  reject_reason: Generated<string>;
  decided_by: number | null;
  decided_at: number | null;
  last_submission_id: number | null;
  created_at: number;
  updated_at: number;
}

/** An immutable submission: normalized answers sealed under the user's data key, score, who and where. */
export interface QuestionnaireSubmissionsTable {
  id: Generated<number>;
  user_id: number;
  template_code: string;
  template_version: number;
  answers_enc: Buffer;
  score: number | null;
  max_score: number | null;
  passed: number | null;
  band: string | null;
  status: string;
  language: Generated<string>;
  ip_address: Generated<string>;
  user_agent: Generated<string>;
  idempotency_key: string;
  created_at: number;
}

/** An evidence upload (encrypted blob, like kyc_documents); attached to one submission at most. */
export interface QuestionnaireEvidenceTable {
  id: string;
  user_id: number;
  submission_id: number | null;
  mime: string;
  sha256: string;
  blob_id: string;
  size: number;
  created_at: number;
}

/** The enhanced due diligence case of a user (spec §4 EDD status). */
export interface EddCasesTable {
  user_id: number;
  status: string;
  trigger_reason: Generated<string>;
  pep: Generated<number>;
  reason: Generated<string>;
  decided_by: number | null;
  decided_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A questionnaire staff or the system require, or a request for information (rfi). */
export interface ComplianceTasksTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  template_code: string;
  status: string;
  request_text: Generated<string>;
  created_by: number | null;
  created_at: number;
  closed_at: number | null;
}

/** A SATOS deposit verification: the satos-deposit questionnaire answered for one deposit. */
export interface SatosVerificationsTable {
  id: Generated<number>;
  user_id: number;
  deposit_ref: string;
  coin: string;
  network: string;
  status: string;
  submission_id: number;
  reject_reason: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface QuestionnaireTables {
  questionnaire_templates: QuestionnaireTemplatesTable;
  questionnaire_responses: QuestionnaireResponsesTable;
  questionnaire_submissions: QuestionnaireSubmissionsTable;
  questionnaire_evidence: QuestionnaireEvidenceTable;
  edd_cases: EddCasesTable;
  compliance_tasks: ComplianceTasksTable;
  satos_verifications: SatosVerificationsTable;
}
export type QuestionnaireResponseRow = Selectable<QuestionnaireResponsesTable>;
export type QuestionnaireSubmissionRow = Selectable<QuestionnaireSubmissionsTable>;
export type QuestionnaireTemplateRow = Selectable<QuestionnaireTemplatesTable>;
export type ComplianceTaskRow = Selectable<ComplianceTasksTable>;
export type EddCaseRow = Selectable<EddCasesTable>;
export type SatosVerificationRow = Selectable<SatosVerificationsTable>;

/** The help centre's reports and their answers (migration 009, docs/help-centre.md). */
export interface SupportRequestsTable {
  id: Generated<number>;
  user_id: number | null;
  email: string | null;
  language: string;
  topic: string;
  message: string;
  status: Generated<string>;
  created_at: number;
  answer: string | null;
  answered_by: number | null;
  answered_at: number | null;
}
export interface SupportTables {
  support_requests: SupportRequestsTable;
}
export type SupportRequestRow = Selectable<SupportRequestsTable>;

/** An unread marker: staff decided something of the person's (migration 012, docs/kyc.md "Notices"). */
export interface NoticesTable {
  id: Generated<number>;
  user_id: number;
  /** kyc_level, reverification, kyc_update or questionnaire. */
  kind: string;
  /** What was decided: LEVEL_1, LEVEL_2, a submission id, a template code. */
  ref: string;
  /** approved, rejected or info_requested. */
  outcome: string;
  created_at: number;
  read_at: number | null;
}
export type NoticeRow = Selectable<NoticesTable>;

/** A person agreed to share their verification with a business (migration 013, docs/sdk.md). */
export interface PartnerLinksTable {
  id: Generated<number>;
  business_id: string;
  /** The business's own reference for the person (never our email or user id). */
  partner_ref: string;
  user_id: number;
  /** The consent text's version the person agreed to. */
  consent_version: string;
  consented_at: number;
  revoked_at: number | null;
  /** user, partner or staff. */
  revoked_by: string | null;
}
export type PartnerLinkRow = Selectable<PartnerLinksTable>;

/** An access token for a reference not (yet) linked: it opens only the sign-in and consent screens. */
export interface SdkLinkTokensTable {
  /** SHA-256 (hex) of the token; on consent the same id becomes an sdk_tokens row. */
  id: string;
  business_id: string;
  partner_ref: string;
  sdk_from: string;
  scene: string;
  lang: string;
  is_update_poi: number;
  hidden: number;
  redirect_url: string | null;
  /** Who signed in (or signed up) in the embedded flow and has not yet agreed. */
  pending_user_id: number | null;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
  revoked_at: number | null;
}
export type SdkLinkTokenRow = Selectable<SdkLinkTokensTable>;

/** HMAC secret of signed partner calls, sealed with the data key; two may be live during rotation. */
export interface SdkBusinessSecretsTable {
  id: Generated<number>;
  business_id: string;
  secret_sealed: string;
  fingerprint: string;
  created_at: number;
  revoked_at: number | null;
}

/** A partner call's signature already accepted, kept for the replay window. */
export interface SdkRequestNoncesTable {
  signature: string;
  business_id: string;
  expires_at: number;
}

/** Migration 014: a staff member's one-time recovery codes, only as keyed hashes. */
export interface StaffRecoveryCodesTable {
  id: Generated<number>;
  staff_id: number;
  /** HMAC-SHA-256 (hex) under the recovery-code key, or 'demo:' + SHA-256 for the published demo codes. */
  code_hash: string;
  created_at: number;
  used_at: number | null;
}
/** One entry of a person's security log, read as "Recent sign-ins" (migration 016, docs/security.md). */
export interface UserSecurityEventsTable {
  id: Generated<number>;
  user_id: number;
  /** sign_in, sign_up, sign_in_failed, sign_in_throttled or second_factor_failed. */
  kind: string;
  at: number;
  /** The client's network only: IPv4 /24 or IPv6 /48 (e.g. 203.0.113.0/24), '' when unknown. */
  network: string;
  /** The browser's name from the User-Agent ("Firefox"), never the full header; '' when unknown. */
  browser: string;
  /** The system's name ("Windows"), '' when unknown. */
  system: string;
}
export type UserSecurityEventRow = Selectable<UserSecurityEventsTable>;
