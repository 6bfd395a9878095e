/** Migration 032 (issue 20, docs/data-lifecycle.md "Closing an account"): the person's erasure requests. */
import type { Generated, Selectable } from 'kysely';

/** A person's erasure request (GDPR Art. 17) and the answer given, recorded as given. */
export interface ErasureRequestsTable {
  id: Generated<number>;
  user_id: number;
  requested_at: number;
  /** The person's site then, and the policy version the answer was computed under. */
  site: string;
  policy_version: number;
  /** 1 when a legal hold kept everything (shown to staff only: telling the person would tip them off). */
  held: number;
  /** JSON array of contracts' ErasedRecord: what went at once. */
  granted: string;
  /** JSON array of contracts' RetainedRecord: what is kept, until when and why. */
  kept: string;
}

export interface AccountClosureTables {
  erasure_requests: ErasureRequestsTable;
}

export type ErasureRequestRow = Selectable<ErasureRequestsTable>;
