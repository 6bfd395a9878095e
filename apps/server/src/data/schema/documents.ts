/** Migration 019: the `database` document store (DOCUMENT_STORE=database, data/repositories/document-chunks-repo.ts). */

/** One piece (at most 256 KiB) of an encrypted blob; chunk 0 exists for every blob. */
export interface DocumentChunksTable {
  /** The blob's random 128-bit hex id (what kyc_documents.blob_id and questionnaire_evidence.blob_id hold). */
  blob_id: string;
  /** 0, 1, 2… in the order of the bytes. */
  chunk: number;
  /** Ciphertext (bytea / blob). */
  bytes: Buffer;
  /** When the blob was stored (every chunk of a blob has the same time). */
  created_at: number;
}

export interface DocumentsTables {
  document_chunks: DocumentChunksTable;
}
