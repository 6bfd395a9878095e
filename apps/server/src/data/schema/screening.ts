/** Migration 027 (issue 18, slice 2): the screening lists, their entries' fingerprints, runs and hits. */
import type { Generated, Selectable } from 'kysely';

export type ScreeningRunStatus = 'due' | 'running' | 'done' | 'failed';
export type ScreeningHitState =
  'open' | 'pending_confirmation' | 'cleared' | 'confirmed_false_positive' | 'true_match';
export type ScreeningHitCategory = 'sanctions' | 'pep' | 'internal';

export interface ScreeningListsTable {
  /** The list's name: the file name of its source (unique among the configured lists). */
  id: string;
  /** The path or https URL of SCREENING_LISTS. */
  source: string;
  /** The format read from the content (domain/screening/entry.ts ListFormat); null until read. */
  format: string | null;
  /** The publication date the file gives (ISO date or date-time), when it gives one. */
  published_at: string | null;
  entry_count: Generated<number>;
  /** SHA-256 (hex) of the file as read; null until read. */
  content_hash: string | null;
  loaded_at: number | null;
  /** Why the last load failed, or that a URL list is not fetched yet; null after a good load. */
  last_error: string | null;
  /** Migration 041: the validators of the last good download of a URL list (conditional GET). */
  etag: Generated<string | null>;
  last_modified: Generated<string | null>;
  /** When the list was last refreshed (read or fetched, changed or not) and last changed. */
  refreshed_at: Generated<number | null>;
  changed_at: Generated<number | null>;
  /** Moved by every change of content; instances reload their index when the highest moved (D95). */
  version: Generated<number>;
  updated_at: number;
}

export interface ScreeningListEntriesTable {
  list_id: string;
  entry_id: string;
  /** SHA-256 (hex) of the entry as parsed: names, dates of birth, nationalities, kind, programmes. */
  hash: string;
  /** The content hash of the list version this entry was last seen in. */
  seen_in: string;
}

export interface ScreeningRunsTable {
  id: Generated<number>;
  user_id: number;
  /** level_1_submitted, vendor_verified, before_approval. */
  reason: string;
  status: ScreeningRunStatus;
  requested_at: number;
  /** While running: until when the claim holds (a crashed run is taken again after it). */
  claimed_until: number | null;
  attempts: Generated<number>;
  screened_at: number | null;
  /** JSON [{id, hash, publishedAt}] of the lists the run used. */
  lists: Generated<string>;
  /** The lists and their content hashes in one string: compared with the loaded lists'. */
  lists_key: Generated<string>;
  hit_count: Generated<number>;
  /** Why the run failed (no personal data). */
  error: string | null;
}

export interface ScreeningHitsTable {
  id: Generated<number>;
  user_id: number;
  list_id: string;
  list_entry_id: string;
  /** The run that found it, or last scored it. */
  run_id: number;
  /** The list's alias that matched (the list's own data, public). */
  matched_name: string;
  /** Our name that matched, sealed under the person's data key. */
  our_name_enc: Buffer;
  score: number;
  /** The explanation (HitExplanation JSON), sealed: it repeats our name, its tokens and our birth date. */
  explanation_enc: Buffer;
  state: Generated<ScreeningHitState>;
  reason: Generated<string>;
  created_at: number;
  updated_at: number;
  version: Generated<number>;
  /** Migration 028: the list's category (public; hits before 028 count as sanctions). */
  category: Generated<ScreeningHitCategory>;
  /** The fingerprint of the list entry the hit was last scored against (screening_list_entries.hash). */
  entry_hash: Generated<string>;
  /** When the hit was raised, or raised again after its entry changed (the alerts queue's order). */
  raised_at: Generated<number>;
  /** The reviewer who marked a sanctions hit a false positive, waiting for a second one (four eyes). */
  proposed_by: number | null;
  proposed_at: number | null;
  /** Who resolved it (cleared, confirmed, true match), and when. */
  resolved_by: number | null;
  resolved_at: number | null;
  /** Who works the alert ("assign to me"), and since when. */
  assignee_id: number | null;
  assigned_at: number | null;
  /** Migration 045: when the entry was found no longer on its list (delisted, list removed); null while there. */
  entry_removed_at: Generated<number | null>;
}

/** Migration 045: one row (id 1), the member the automatic assignment gave the last alert to. */
export interface ScreeningAlertRotationTable {
  id: number;
  last_staff_id: number | null;
  updated_at: number;
}

/** Migration 028: a person frozen by a true match. */
export interface AccountFreezesTable {
  user_id: number;
  hit_id: number;
  frozen_by: number;
  frozen_at: number;
  /** When compliance was mailed; null until then (the screening job retries). */
  notified_at: number | null;
}

/** Migration 028: the suspicious-activity export, sealed under the person's data key. */
export interface ScreeningExportsTable {
  id: Generated<number>;
  user_id: number;
  hit_id: number;
  created_by: number;
  created_at: number;
  document_enc: Buffer;
}

/** Migration 041: one change of a list's content and its delta re-screening (D94). */
export interface ScreeningDeltasTable {
  id: Generated<number>;
  list_id: string;
  from_hash: string;
  to_hash: string;
  /** JSON array of the entry ids added or changed. */
  changed: string;
  /** JSON array of the entry ids removed. */
  removed: string;
  upto_applicant_id: number;
  /** The last applicant id re-screened (applicants.id, creation order). */
  cursor: Generated<number>;
  /** Migration 049: `abandoned` (D111), with its `end_reason`: never resumed. */
  status: Generated<'running' | 'done' | 'abandoned'>;
  claimed_until: number | null;
  screened: Generated<number>;
  hits: Generated<number>;
  created_at: number;
  finished_at: number | null;
  /** Migration 049: why an abandoned delta ended (`list_removed`); null otherwise. */
  end_reason: string | null;
}

export interface ScreeningTables {
  screening_deltas: ScreeningDeltasTable;
  screening_lists: ScreeningListsTable;
  screening_list_entries: ScreeningListEntriesTable;
  screening_runs: ScreeningRunsTable;
  screening_hits: ScreeningHitsTable;
  screening_alert_rotation: ScreeningAlertRotationTable;
  account_freezes: AccountFreezesTable;
  screening_exports: ScreeningExportsTable;
}

export type ScreeningListRow = Selectable<ScreeningListsTable>;
export type ScreeningDeltaRow = Selectable<ScreeningDeltasTable>;
export type ScreeningRunRow = Selectable<ScreeningRunsTable>;
export type ScreeningHitRow = Selectable<ScreeningHitsTable>;
export type AccountFreezeRow = Selectable<AccountFreezesTable>;
export type ScreeningExportRow = Selectable<ScreeningExportsTable>;
