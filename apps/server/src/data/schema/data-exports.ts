/** Migration 031 (issue 20): the person's own copy of their data (docs/data-export.md). */
import type { DataExportStatus } from '@kyc/contracts';
import type { Generated, Selectable } from 'kysely';

export type DataExportOrigin = 'self' | 'staff';

export interface DataExportsTable {
  id: Generated<number>;
  user_id: number;
  /** self: the person asked (scene 30034); staff: compliance, for a subject access request. */
  origin: DataExportOrigin;
  /** The staff member who asked (origin staff); null for the person's own. */
  requested_by: number | null;
  /** Why compliance asked (origin staff); '' for the person's own. */
  reason: Generated<string>;
  /** Unique per person: a retry of the same request answers the same row. */
  idempotency_key: string;
  status: Generated<DataExportStatus>;
  requested_at: number;
  /** While building: the end of the job's lease (another taker may claim it after). */
  claimed_until: number | null;
  attempts: Generated<number>;
  ready_at: number | null;
  /** ready_at + 7 days: then the copy is refused and its blob deleted. */
  expires_at: number | null;
  /** The sealed zip in the document store; null before it is ready and once deleted. */
  blob_id: string | null;
  /** The zip's size and SHA-256 (hex), before sealing. */
  size: number | null;
  sha256: string | null;
  /** SHA-256 (hex) of the download link's token; the token itself is never stored. */
  link_hash: string | null;
  link_expires_at: number | null;
  downloaded_at: number | null;
  /** Why building failed (for operators; never shown to the person). */
  error: string | null;
}

export interface DataExportTables {
  data_exports: DataExportsTable;
}

export type DataExportRow = Selectable<DataExportsTable>;
