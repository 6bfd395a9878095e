/** Migration 042 (issue 19 "Wiring"): the document checks' runs and results of in-house submissions. */
import type { Generated, Selectable } from 'kysely';

export type DocumentCheckRunStatus = 'due' | 'running' | 'done' | 'failed';

export interface DocumentCheckRunsTable {
  id: Generated<number>;
  submission_id: number;
  user_id: number;
  status: DocumentCheckRunStatus;
  attempts: Generated<number>;
  /** While running: the claim's lease (epoch ms); past it another taker may assume the run died. */
  claimed_until: number | null;
  /** The last attempt's failure (no personal data: an error message of our code). */
  error: string | null;
  requested_at: number;
  checked_at: number | null;
}

export interface DocumentCheckResultsTable {
  id: Generated<number>;
  submission_id: number;
  user_id: number;
  /** quality, mrz, data_match, expiry, duplicate_document (contracts CHECK_NAMES). */
  name: string;
  outcome: 'pass' | 'warn' | 'fail' | 'not_run';
  score: number | null;
  threshold: number | null;
  /** JSON: the detail without personal data (contracts checkDetail, its personal fields left out). */
  detail: string;
  /** The detail's personal fields (JSON), sealed under the person's data key; null when none. */
  evidence_enc: Buffer | null;
  related_user_id: number | null;
  /** HMAC-SHA-256 (hex) of the MRZ's issuing state and document number; duplicate_document only. */
  document_hash: string | null;
  checked_at: number;
}

export type DocumentCheckRunRow = Selectable<DocumentCheckRunsTable>;
export type DocumentCheckResultRow = Selectable<DocumentCheckResultsTable>;

/** Migration 047 (issue 19 "Duplicates", D109): a selfie's face descriptor, sealed with the face-index key. */
export interface FaceEmbeddingsTable {
  id: Generated<number>;
  submission_id: number;
  user_id: number;
  /** The master key whose derived face-index key sealed the row (envelope.ts masterKey id). */
  key_id: number;
  /** 128 float32 (512 bytes) sealed with encryptBlob, bound to the user and the submission. */
  embedding_enc: Buffer;
  created_at: number;
}

export type FaceEmbeddingRow = Selectable<FaceEmbeddingsTable>;
/** Migration 043 (issue 19, the correction step): the person's answers, one per revision. */
export interface DocumentCheckCorrectionsTable {
  id: Generated<number>;
  submission_id: number;
  user_id: number;
  /** 1 for the first answer; unique with submission_id (the compare-and-set). */
  revision: number;
  kind: 'fields' | 'mrz' | 'mrz_declined';
  /** JSON [{ field, action }] in clear: which fields were answered how, no values. */
  fields: string;
  /** JSON of the answer with its values (typed before, document, value, reason, lines), sealed. */
  answer_enc: Buffer | null;
  /** data_match after the answer. */
  data_match: 'pass' | 'fail' | 'not_run';
  idempotency_key: string;
  created_at: number;
}
export type DocumentCheckCorrectionRow = Selectable<DocumentCheckCorrectionsTable>;

export interface DocumentCheckTables {
  document_check_runs: DocumentCheckRunsTable;
  document_check_results: DocumentCheckResultsTable;
  face_embeddings: FaceEmbeddingsTable;
  document_check_corrections: DocumentCheckCorrectionsTable;
}
