/**
 * The person's answers to the document checks' questions (issue 19, the correction step; migration
 * 043), and the writes an answer makes to the stored results. An answer is inserted at the revision
 * after the one it answered: `(submission_id, revision)` unique makes it the compare-and-set (of two
 * concurrent answers one is stored, the other fails on the index), `(user_id, idempotency_key)` unique
 * the retry's guard. Every write here runs in the answering transaction.
 */
import type { Db } from '../db.ts';
import type { DocumentCheckCorrectionRow } from '../schema/index.ts';

export interface NewCorrection {
  submissionId: number;
  userId: number;
  revision: number;
  kind: DocumentCheckCorrectionRow['kind'];
  fields: string;
  answerEnc: Buffer | null;
  dataMatch: DocumentCheckCorrectionRow['data_match'];
  idempotencyKey: string;
  createdAt: number;
}

/** A stored result replaced by a re-evaluation (same submission and check name). */
export interface ReplacedResult {
  outcome: 'pass' | 'warn' | 'fail' | 'not_run';
  score: number | null;
  threshold: number | null;
  detail: string;
  evidenceEnc: Buffer | null;
  relatedUserId: number | null;
  documentHash: string | null;
}

const rowOf = (r: DocumentCheckCorrectionRow): DocumentCheckCorrectionRow => ({
  ...r,
  id: Number(r.id),
  submission_id: Number(r.submission_id),
  user_id: Number(r.user_id),
  revision: Number(r.revision),
  created_at: Number(r.created_at),
});

export function documentCorrectionsRepo(db: Db) {
  return {
    /** The answers of a submission, first first (document_check_corrections_revision_idx). */
    async answersOf(submissionId: number): Promise<DocumentCheckCorrectionRow[]> {
      const rows = await db
        .selectFrom('document_check_corrections')
        .selectAll()
        .where('submission_id', '=', submissionId)
        .orderBy('revision')
        .execute();
      return rows.map(rowOf);
    },

    /** The answer stored under this Idempotency-Key (document_check_corrections_key_idx). */
    async byKey(userId: number, idempotencyKey: string): Promise<DocumentCheckCorrectionRow | undefined> {
      const row = await db
        .selectFrom('document_check_corrections')
        .selectAll()
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      return row && rowOf(row);
    },

    /** The answer; fails on the unique index when its revision (or key) is taken. */
    async insert(answer: NewCorrection): Promise<void> {
      await db
        .insertInto('document_check_corrections')
        .values({
          submission_id: answer.submissionId,
          user_id: answer.userId,
          revision: answer.revision,
          kind: answer.kind,
          fields: answer.fields,
          answer_enc: answer.answerEnc,
          data_match: answer.dataMatch,
          idempotency_key: answer.idempotencyKey,
          created_at: answer.createdAt,
        })
        .execute();
    },

    /**
     * The level-1 submission is still under review, and stays so until this transaction ends: a no-op
     * compare-and-set on its status takes the row's lock, so a reviewer's decision (itself a
     * compare-and-set from PENDING) waits for the answer or has already made this false.
     */
    async holdPending(userId: number, submissionId: number): Promise<boolean> {
      const result = await db
        .updateTable('kyc_submissions')
        .set({ status: 'PENDING' })
        .where('id', '=', submissionId)
        .where('user_id', '=', userId)
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * The submission's sealed details replaced (D125: a corrected nationality or document number), in
     * the answering transaction after `holdPending`, so only while it is under review.
     */
    async replaceSubmissionDetails(userId: number, submissionId: number, detailsEnc: Buffer) {
      await db
        .updateTable('kyc_submissions')
        .set({ details_enc: detailsEnc })
        .where('id', '=', submissionId)
        .where('user_id', '=', userId)
        .where('status', '=', 'PENDING')
        .execute();
    },

    /** Replaces one stored result of the submission by its re-evaluation. */
    async replaceResult(submissionId: number, name: string, result: ReplacedResult, at: number) {
      await db
        .updateTable('document_check_results')
        .set({
          outcome: result.outcome,
          score: result.score,
          threshold: result.threshold,
          detail: result.detail,
          evidence_enc: result.evidenceEnc,
          related_user_id: result.relatedUserId,
          document_hash: result.documentHash,
          checked_at: at,
        })
        .where('submission_id', '=', submissionId)
        .where('name', '=', name)
        .execute();
    },
  };
}
export type DocumentCorrectionsRepo = ReturnType<typeof documentCorrectionsRepo>;
