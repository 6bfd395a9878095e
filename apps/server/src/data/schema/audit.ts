/**
 * The append-only audit log and its hash chain (docs/security.md "Tamper-evident audit log").
 */
import type { Generated, Selectable } from 'kysely';

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

export interface AuditTables {
  audit_log: AuditLogTable;
  audit_chain_head: AuditChainHeadTable;
  audit_chain_checks: AuditChainChecksTable;
}

export type AuditLogRow = Selectable<AuditLogTable>;
