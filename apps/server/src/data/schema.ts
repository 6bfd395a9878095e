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
}

export interface Database {
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
  kyc_decisions: KycDecisionsTable;
  user_data_keys: UserDataKeysTable;
  kyc_submissions: KycSubmissionsTable;
  kyc_documents: KycDocumentsTable;
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
