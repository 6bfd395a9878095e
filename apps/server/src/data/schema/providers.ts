/** Migration 017's verification vendors: applicants at a vendor and the events received (docs/providers.md). */
import type { Generated, Selectable } from 'kysely';

export type VendorProviderName = 'sumsub' | 'onfido' | 'jumio';
export type VendorReviewStatus = 'init' | 'pending' | 'on_hold' | 'completed';

export interface VendorApplicantsTable {
  id: Generated<number>;
  user_id: number;
  provider: VendorProviderName;
  /** Our opaque reference the vendor knows the person by (never the email). */
  external_user_id: string;
  vendor_applicant_id: string | null;
  /** The vendor's flow of the current attempt (Onfido workflow run, Jumio workflow execution). */
  flow_id: string | null;
  /** The level of the current attempt. */
  level: number;
  review_status: Generated<VendorReviewStatus>;
  /** The vendor's time of the newest event applied: older events change nothing. */
  last_event_at: Generated<number>;
  /** Set while the vendor reviews (reconciliation scans it), null otherwise. */
  pending_since: number | null;
  reconciled_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface VendorEventsTable {
  id: Generated<number>;
  provider: VendorProviderName;
  event_key: string;
  user_id: number | null;
  vendor_applicant_id: string;
  event_type: string;
  source: 'webhook' | 'reconciliation';
  level: number | null;
  occurred_at: number;
  received_at: number;
  /** The outcome's kind (pending, approved, rejected_retry, …). */
  outcome: string;
  /** What applying it did: applied, stale, no_change, unknown_applicant, refused. */
  effect: string;
  /** The event as received, sealed under the person's data key (null for an unknown applicant). */
  payload_enc: Buffer | null;
}

export interface ProvidersTables {
  vendor_applicants: VendorApplicantsTable;
  vendor_events: VendorEventsTable;
}

export type VendorApplicantRow = Selectable<VendorApplicantsTable>;
export type VendorEventRow = Selectable<VendorEventsTable>;
