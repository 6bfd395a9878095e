/** Migration 029 (issue 20, docs/data-lifecycle.md): closures, policy versions, legal holds, redactions, runs. */
import type { LegalHoldReason } from '@kyc/contracts';
import type { Generated, Selectable } from 'kysely';

/** The end of a person's relationship with us: one row per person (the `relationship_end` clock). */
export interface AccountClosuresTable {
  user_id: number;
  closed_at: number;
  closed_by: 'self' | 'staff';
  /** The staff member who closed it (closed_by 'staff'), else null. */
  staff_id: number | null;
  reason: Generated<string>;
  /** Set by the erasure job once every person-level kind of theirs is redacted. */
  erased_at: number | null;
}

/** One version of the whole policy set, never changed once written; the newest is in force. */
export interface RetentionPolicyVersionsTable {
  version: number;
  created_at: number;
  /** The admin who saved it; null for the shipped defaults. */
  created_by: number | null;
  reason: Generated<string>;
  /** JSON array of contracts' RetentionPolicy. */
  policies: string;
}

export interface LegalHoldsTable {
  id: Generated<number>;
  user_id: number;
  case_ref: Generated<string>;
  reason: LegalHoldReason;
  note: string;
  review_at: number;
  created_by: number;
  created_at: number;
  lifted_at: number | null;
  lifted_by: number | null;
  lift_reason: string | null;
}

export interface RetentionRunsTable {
  id: Generated<number>;
  /** 'schedule' (the daily job) or 'staff' (POST /backoffice/api/retention/run). */
  trigger: string;
  started_by: number | null;
  started_at: number;
  /** Null while the run is unfinished (stopped at its time budget, or its process died). */
  finished_at: number | null;
  policy_version: number;
  /** JSON of what it did so far (contracts RetentionRunResult's counts). */
  counts: Generated<string>;
}

/** One row (id 1): the run holding the job, and until when (a lease renewed per batch). */
export interface RetentionLockTable {
  id: number;
  run_id: number | null;
  held_until: number;
}

export interface RetentionRedactionsTable {
  id: Generated<number>;
  /** The person; null for a batch of rolling rows of several people. */
  user_id: number | null;
  /** A retention kind, or 'data_key' for the destruction of the person's data key. */
  kind: string;
  site: string;
  policy_version: number;
  clock: string;
  due_at: number;
  redacted_at: number;
  run_id: number;
  /** JSON: what went, counted. */
  counts: Generated<string>;
}

export interface RetentionTables {
  account_closures: AccountClosuresTable;
  retention_policy_versions: RetentionPolicyVersionsTable;
  legal_holds: LegalHoldsTable;
  retention_runs: RetentionRunsTable;
  retention_lock: RetentionLockTable;
  retention_redactions: RetentionRedactionsTable;
}

export type AccountClosureRow = Selectable<AccountClosuresTable>;
export type RetentionPolicyVersionRow = Selectable<RetentionPolicyVersionsTable>;
export type LegalHoldRow = Selectable<LegalHoldsTable>;
export type RetentionRunRow = Selectable<RetentionRunsTable>;
export type RetentionRedactionRow = Selectable<RetentionRedactionsTable>;
