/**
 * Migration 026 (issue 17): who works a case until when, and the service level per kind of work.
 * Migration 054: the verification queue's waiting work, kept by triggers.
 */
import type { SubmissionKind } from '@kyc/contracts';
import type { Selectable } from 'kysely';

export interface CaseClaimsTable {
  /** `user:<id>`: a verification case. */
  case_ref: string;
  user_id: number;
  staff_id: number;
  /** The member who made the claim: the assignee (claimed) or a lead (assigned). */
  assigned_by: number;
  claimed_at: number;
  expires_at: number;
  /** Moved by every change: the compare-and-set of claims and assignments. */
  version: number;
}

export interface ServiceLevelsTable {
  /** level_1, level_2, reverification, update, questionnaire. */
  work_kind: string;
  hours: number;
  updated_at: number;
  updated_by: number | null;
}

/** One row per PENDING submission, written only by triggers (migration 054). */
export interface VerificationQueueTable {
  submission_id: number;
  user_id: number;
  /** The person's site (users.site). */
  site: string;
  /** The person's country (applicants.country), '' until known. */
  country: string;
  level: number;
  kind: SubmissionKind;
  /** The submission's created_at: the queue's order, then submission_id. */
  pending_since: number;
  final_proposed_at: number | null;
}

export interface WorkTables {
  case_claims: CaseClaimsTable;
  service_levels: ServiceLevelsTable;
  verification_queue: VerificationQueueTable;
}

export type CaseClaimRow = Selectable<CaseClaimsTable>;
