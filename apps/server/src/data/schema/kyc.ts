/**
 * KYC state: applicants, level steps, quotas, countries, re-verification, decisions, data keys,
 * submissions with their documents, and the notices of decisions (docs/kyc.md, docs/backoffice.md).
 */
import type {
  CustodyKind,
  DisplayUpdatePoiStatus,
  DocumentSide,
  KycProvider,
  KycStepStatus,
  KycStepType,
  NoticeKind,
  SUBMISSION_STATUSES,
  SubmissionKind,
} from '@kyc/contracts';
import type { Generated, Insertable, Selectable } from 'kysely';

/** A KYC submission's status: PENDING, APPROVED, REJECTED_RETRY, REJECTED_FINAL. */
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

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
  provider: Generated<KycProvider>;
  /** spec §3 LEVEL_DEFAULT 0, LEVEL_1 1, LEVEL_2 2: the highest level verified. */
  level: Generated<number>;
  /** spec §4 "KYC is opened": 0 closes verification for this person (both steps NOT_ALLOW). */
  kyc_opened: Generated<number>;
  limitation: Generated<string>;
  limitation_reason: Generated<string>;
  custody: Generated<CustodyKind>;
  second_identity_state: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface KycLevelStatesTable {
  user_id: number;
  level: number;
  type: Generated<KycStepType>;
  status: KycStepStatus;
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
  status: DisplayUpdatePoiStatus;
  reject_reason: Generated<string>;
  deadline: number | null;
  site: Generated<string>;
  country: Generated<string>;
  updated_at: number;
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
  /** Migration 017: the vendor of an automatic decision (staff_id 0), '' for a staff decision. */
  decided_by_provider: Generated<string>;
}

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
  status: SubmissionStatus;
  idempotency_key: string;
  created_at: number;
  decided_at: number | null;
  decided_by: number | null;
  reject_reason_code: Generated<string>;
  reject_reason: Generated<string>;
  /** Migration 006: level, reverification, update_id, update_poa, vendor (SUBMISSION_KINDS). */
  kind: Generated<SubmissionKind>;
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
  side: DocumentSide;
  /** Of the stored (re-encoded) bytes: image/jpeg, image/png, application/pdf. */
  mime: string;
  /** Hex sha256 of the stored plaintext. */
  sha256: string;
  blob_id: string;
  /** Plaintext size in bytes. */
  size: number;
  created_at: number;
  /**
   * A selfie's liveness evidence (migration 051, D116): the challenge, the browser's measures and its
   * keyframes, sealed under the person's data key bound to this row's id; null without a challenge.
   */
  liveness_enc: Buffer | null;
}

/** An unread marker: staff decided something of the person's (migration 012, docs/kyc.md "Notices"). */
export interface NoticesTable {
  id: Generated<number>;
  user_id: number;
  kind: NoticeKind;
  /** What was decided: LEVEL_1, LEVEL_2, a submission id, a template code. */
  ref: string;
  /** approved, rejected or info_requested. */
  outcome: string;
  created_at: number;
  read_at: number | null;
}

export interface KycTables {
  applicants: ApplicantsTable;
  kyc_level_states: KycLevelStatesTable;
  kyc_quotas: KycQuotasTable;
  countries: CountriesTable;
  reverification: ReverificationTable;
  kyc_decisions: KycDecisionsTable;
  user_data_keys: UserDataKeysTable;
  kyc_submissions: KycSubmissionsTable;
  kyc_documents: KycDocumentsTable;
  notices: NoticesTable;
}

export type ApplicantRow = Selectable<ApplicantsTable>;
export type NewApplicant = Insertable<ApplicantsTable>;
export type KycLevelStateRow = Selectable<KycLevelStatesTable>;
export type KycQuotaRow = Selectable<KycQuotasTable>;
export type CountryRow = Selectable<CountriesTable>;
export type ReverificationRow = Selectable<ReverificationTable>;
export type KycSubmissionRow = Selectable<KycSubmissionsTable>;
export type KycDocumentRow = Selectable<KycDocumentsTable>;
export type KycDecisionRow = Selectable<KycDecisionsTable>;
export type NoticeRow = Selectable<NoticesTable>;
