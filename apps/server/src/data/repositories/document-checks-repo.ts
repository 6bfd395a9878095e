/**
 * The document checks' runs and results (issue 19 "Wiring", migration 042). A run is claimed with a
 * lease (as screening runs are) and finished with its results by a compare-and-set on the claim, so two
 * takers of one run never both store results; `(submission_id, name)` is unique besides.
 */
import type { Db } from '../db.ts';
import type { DocumentCheckResultRow, DocumentCheckRunRow } from '../schema/index.ts';

export interface NewCheckResult {
  name: string;
  outcome: 'pass' | 'warn' | 'fail' | 'not_run';
  score: number | null;
  threshold: number | null;
  detail: string;
  evidenceEnc: Buffer | null;
  relatedUserId: number | null;
  documentHash: string | null;
}

const runOf = (r: DocumentCheckRunRow): DocumentCheckRunRow => ({
  ...r,
  id: Number(r.id),
  submission_id: Number(r.submission_id),
  user_id: Number(r.user_id),
  claimed_until: r.claimed_until === null ? null : Number(r.claimed_until),
  requested_at: Number(r.requested_at),
  checked_at: r.checked_at === null ? null : Number(r.checked_at),
});

export function documentChecksRepo(db: Db) {
  /** A run's results, one row per check, in the caller's transaction (in-house runs and vendor results). */
  async function insertResults(
    run: { submissionId: number; userId: number },
    results: readonly NewCheckResult[],
    at: number,
  ): Promise<void> {
    if (results.length === 0) return;
    await db
      .insertInto('document_check_results')
      .values(
        results.map((r) => ({
          submission_id: run.submissionId,
          user_id: run.userId,
          name: r.name,
          outcome: r.outcome,
          score: r.score,
          threshold: r.threshold,
          detail: r.detail,
          evidence_enc: r.evidenceEnc,
          related_user_id: r.relatedUserId,
          document_hash: r.documentHash,
          checked_at: at,
        })),
      )
      .execute();
  }

  return {
    /** In the submitting transaction: the submission's run, due (once per submission). */
    async requestRun(submissionId: number, userId: number, at: number): Promise<number> {
      await db
        .insertInto('document_check_runs')
        .values({ submission_id: submissionId, user_id: userId, status: 'due', requested_at: at })
        .onConflict((oc) => oc.column('submission_id').doNothing())
        .execute();
      const row = await db
        .selectFrom('document_check_runs')
        .select('id')
        .where('submission_id', '=', submissionId)
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async findRun(runId: number): Promise<DocumentCheckRunRow | undefined> {
      const row = await db
        .selectFrom('document_check_runs')
        .selectAll()
        .where('id', '=', runId)
        .executeTakeFirst();
      return row && runOf(row);
    },

    /** Takes the run (due, or running past its lease) until `until`; false when someone else has it. */
    async claimRun(runId: number, at: number, until: number): Promise<boolean> {
      const result = await db
        .updateTable('document_check_runs')
        .set((eb) => ({ status: 'running', claimed_until: until, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', runId)
        .where((eb) =>
          eb.or([
            eb('status', '=', 'due'),
            eb.and([eb('status', '=', 'running'), eb('claimed_until', '<', at)]),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Runs waiting (due, or running past the lease), oldest first (document_check_runs_due_idx). */
    async dueRuns(at: number, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('document_check_runs')
        .select('id')
        .where('status', 'in', ['due', 'running'])
        .where((eb) => eb.or([eb('status', '=', 'due'), eb('claimed_until', '<', at)]))
        .orderBy('requested_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /**
     * In one transaction (the caller's): the run done if this claim (its attempt) still holds it, then
     * its results. False, and nothing written, when the claim was lost.
     */
    async finishRun(
      run: { id: number; submissionId: number; userId: number; attempt: number },
      results: readonly NewCheckResult[],
      at: number,
    ): Promise<boolean> {
      const done = await db
        .updateTable('document_check_runs')
        .set({ status: 'done', claimed_until: null, checked_at: at, error: null })
        .where('id', '=', run.id)
        .where('status', '=', 'running')
        .where('attempts', '=', run.attempt)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      await insertResults(run, results, at);
      return true;
    },

    /**
     * Issue 19 (D112): the checks of a vendor's result, stored with their run already done, in the
     * caller's transaction. False, and nothing written, when the submission has its run already (the
     * unique submission id: a second delivery of the approval stores nothing more).
     */
    async storeDoneRun(
      run: { submissionId: number; userId: number },
      results: readonly NewCheckResult[],
      at: number,
    ): Promise<boolean> {
      const inserted = await db
        .insertInto('document_check_runs')
        .values({
          submission_id: run.submissionId,
          user_id: run.userId,
          status: 'done',
          requested_at: at,
          checked_at: at,
        })
        .onConflict((oc) => oc.column('submission_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return false;
      await insertResults(run, results, at);
      return true;
    },

    /** A failed attempt: due again for the job, or 'failed' after the last attempt. */
    async failRun(runId: number, error: string, giveUp: boolean): Promise<void> {
      await db
        .updateTable('document_check_runs')
        .set({ status: giveUp ? 'failed' : 'due', claimed_until: null, error: error.slice(0, 500) })
        .where('id', '=', runId)
        .where('status', '=', 'running')
        .execute();
    },

    /** The person's run of this submission, else their latest (document_check_runs_user_idx). */
    async runForCase(userId: number, submissionId: number | null): Promise<DocumentCheckRunRow | undefined> {
      let query = db.selectFrom('document_check_runs').selectAll().where('user_id', '=', userId);
      if (submissionId !== null) query = query.where('submission_id', '=', submissionId);
      const row = await query.orderBy('submission_id', 'desc').limit(1).executeTakeFirst();
      return row && runOf(row);
    },

    /**
     * The run a reviewer decides on (D124): the person's latest run whose submission is PENDING, else
     * their latest run (document_check_runs_user_idx, then each run's submission by its primary key).
     */
    async runToDecide(userId: number): Promise<DocumentCheckRunRow | undefined> {
      const pending = await db
        .selectFrom('document_check_runs as r')
        .innerJoin('kyc_submissions as s', 's.id', 'r.submission_id')
        .selectAll('r')
        .where('r.user_id', '=', userId)
        .where('s.status', '=', 'PENDING')
        .orderBy('r.submission_id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (pending) return runOf(pending);
      const latest = await db
        .selectFrom('document_check_runs')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('submission_id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return latest && runOf(latest);
    },

    async resultsOf(submissionId: number): Promise<DocumentCheckResultRow[]> {
      const rows = await db
        .selectFrom('document_check_results')
        .selectAll()
        .where('submission_id', '=', submissionId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        ...r,
        id: Number(r.id),
        submission_id: Number(r.submission_id),
        user_id: Number(r.user_id),
        score: r.score === null ? null : Number(r.score),
        threshold: r.threshold === null ? null : Number(r.threshold),
        related_user_id: r.related_user_id === null ? null : Number(r.related_user_id),
        checked_at: Number(r.checked_at),
      }));
    },

    /** Other accounts whose checked document has one of these hashes, lowest id first (…_hash_idx). */
    async otherHolders(hashes: readonly string[], userId: number, limit: number): Promise<number[]> {
      if (hashes.length === 0) return [];
      const rows = await db
        .selectFrom('document_check_results')
        .select('user_id')
        .distinct()
        .where('document_hash', 'in', hashes)
        .where('user_id', '<>', userId)
        .orderBy('user_id')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.user_id));
    },
  };
}
export type DocumentChecksRepo = ReturnType<typeof documentChecksRepo>;
