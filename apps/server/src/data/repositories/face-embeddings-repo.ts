/**
 * The sealed selfie descriptors the duplicate-face search reads (issue 19 "Duplicates", migration 047,
 * D109). Rows are read in `id` order in pages, into the process's in-memory index; a candidate the index
 * finds is confirmed here (`existing`), so a row erased since it was loaded is never reported.
 */
import type { Db } from '../db.ts';
import type { FaceEmbeddingRow } from '../schema/index.ts';

export interface NewFaceEmbedding {
  submissionId: number;
  userId: number;
  keyId: number;
  embeddingEnc: Buffer;
  createdAt: number;
}

export function faceEmbeddingsRepo(db: Db) {
  return {
    /** Once per submission (a second run of the same submission stores nothing). */
    async insert(row: NewFaceEmbedding): Promise<void> {
      await db
        .insertInto('face_embeddings')
        .values({
          submission_id: row.submissionId,
          user_id: row.userId,
          key_id: row.keyId,
          embedding_enc: row.embeddingEnc,
          created_at: row.createdAt,
        })
        .onConflict((oc) => oc.column('submission_id').doNothing())
        .execute();
    },

    /** Rows after `afterId`, in id order (the primary key), `limit` at most. */
    async page(afterId: number, limit: number): Promise<FaceEmbeddingRow[]> {
      const rows = await db
        .selectFrom('face_embeddings')
        .selectAll()
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        ...r,
        id: Number(r.id),
        submission_id: Number(r.submission_id),
        user_id: Number(r.user_id),
        key_id: Number(r.key_id),
        embedding_enc: Buffer.from(r.embedding_enc),
        created_at: Number(r.created_at),
      }));
    },

    /** Which of these rows still exist. */
    async existing(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('face_embeddings').select('id').where('id', 'in', ids).execute();
      return rows.map((r) => Number(r.id));
    },

    async countOfUser(userId: number): Promise<number> {
      const row = await db
        .selectFrom('face_embeddings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type FaceEmbeddingsRepo = ReturnType<typeof faceEmbeddingsRepo>;
