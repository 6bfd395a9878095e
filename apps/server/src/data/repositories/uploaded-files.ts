/**
 * The one document store (migrations 004 and 008): kyc_documents (identity documents) and
 * questionnaire_evidence (evidence for answers) hold the same thing — one user's encrypted upload
 * (the blob's id, the plaintext's type, digest and size), attached to at most one submission — so both
 * tables are written and attached by these queries (uploads never attached go under the retention
 * policy `unsubmitted_uploads`: data/repositories/retention-repo.ts). Each table's own reads stay in its repository.
 */
import type { Kysely } from 'kysely';
import type { Db } from '../db.ts';
import type { QuestionnaireEvidenceTable } from '../schema/index.ts';

export type UploadTable = 'kyc_documents' | 'questionnaire_evidence';

/** An upload as recorded (the encrypted-upload pipeline's output, domain/uploads). */
export interface NewUploadedFile {
  id: string;
  userId: number;
  mime: string;
  sha256: string;
  blobId: string;
  size: number;
  createdAt: number;
}

/**
 * The queries over one upload table. `columns` on insert are the table's own (a document's side).
 */
export function uploadedFiles(db: Db, table: UploadTable) {
  // Both tables are given the shared shape — the evidence table's columns, which kyc_documents has
  // too — so what is written here is only what they have in common.
  const files = db as unknown as Kysely<Record<UploadTable, QuestionnaireEvidenceTable>>;
  return {
    async insert(file: NewUploadedFile, columns: Record<string, string | Buffer> = {}): Promise<void> {
      await files
        .insertInto(table)
        .values({
          id: file.id,
          user_id: file.userId,
          submission_id: null,
          mime: file.mime,
          sha256: file.sha256,
          blob_id: file.blobId,
          size: file.size,
          created_at: file.createdAt,
          ...columns,
        })
        .execute();
    },

    /** Attaches the user's still-unattached uploads to a submission; answers how many were attached. */
    async attach(userId: number, ids: readonly string[], submissionId: number): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await files
        .updateTable(table)
        .set({ submission_id: submissionId })
        .where('user_id', '=', userId)
        .where('id', 'in', [...ids])
        .where('submission_id', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

/**
 * Which blobs the upload tables point at (issue 14, the orphan sweep): of `blobIds`, those a row of
 * kyc_documents, questionnaire_evidence or data_exports holds — attached to a submission or not yet (an upload is
 * referenced by its row from the moment it is recorded; the retention policy `unsubmitted_uploads` removes both, domain/retention/rolling.ts).
 */
export function blobReferencesRepo(db: Db) {
  return {
    async referencedBlobIds(blobIds: readonly string[]): Promise<Set<string>> {
      if (blobIds.length === 0) return new Set();
      const ids = [...blobIds];
      const rows = await db
        .selectFrom('kyc_documents')
        .select('blob_id')
        .where('blob_id', 'in', ids)
        .unionAll(db.selectFrom('questionnaire_evidence').select('blob_id').where('blob_id', 'in', ids))
        .execute();
      // Issue 20: a sealed copy of a person's data (data_exports) until its sweep deletes it.
      const exports = await db
        .selectFrom('data_exports')
        .select('blob_id')
        .where('blob_id', 'in', ids)
        .execute();
      return new Set([...rows.map((r) => r.blob_id), ...exports.flatMap((r) => r.blob_id ?? [])]);
    },
  };
}
