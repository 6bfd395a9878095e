/**
 * Migration 026 (issue 17): who works a case until when, and the service level per kind of work.
 * Migration 054: the verification queue's waiting work, kept by triggers.
 * Migration 055: the verification decisions rolled up per day for the dashboard, kept by triggers.
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

/** Decisions per (day, kind, level, status, reason, member): migration 055, written only by triggers. */
export interface DecisionCountsTable {
  /** UTC day number: decided_at / 86 400 000. */
  decided_at_day: number;
  kind: SubmissionKind;
  level: number;
  status: string;
  /** The reject reason code, '' for an approval. */
  reason: string;
  /** The deciding member (the confirmer of a final rejection); 0 for a vendor's automatic decision. */
  decided_by: number;
  n: number;
}

/** Decisions per (day, kind, level, time-to-decision bucket): migration 055, written only by triggers. */
export interface DecisionDurationsTable {
  decided_at_day: number;
  kind: SubmissionKind;
  level: number;
  /** The bucket's upper bound in minutes: 1..60 a minute wide, then 120, 180, … an hour wide. */
  bucket_minutes: number;
  n: number;
}

export interface WorkTables {
  case_claims: CaseClaimsTable;
  service_levels: ServiceLevelsTable;
  verification_queue: VerificationQueueTable;
  decision_counts: DecisionCountsTable;
  decision_durations: DecisionDurationsTable;
}

export type CaseClaimRow = Selectable<CaseClaimsTable>;
