/**
 * Closing an account (issue 20, migration 032, docs/data-lifecycle.md "Closing an account"): the
 * statements that stop a closed person's pending work, erase at once what their erasure request may
 * take, and record the request. Each is a compare-and-set on the state it leaves, so a second closing
 * attempt (rolled back anyway: the closure is written once) changes nothing.
 */
import type { Kysely } from 'kysely';
import type { Db } from '../db.ts';
import type { ErasureRequestRow, QuestionnaireEvidenceTable } from '../schema/index.ts';

export interface NewErasureRequest {
  userId: number;
  requestedAt: number;
  site: string;
  policyVersion: number;
  held: boolean;
  /** JSON of the records erased at once. */
  granted: string;
  /** JSON of the records kept, until when and why. */
  kept: string;
}

const toRequest = (r: ErasureRequestRow): ErasureRequestRow => ({
  ...r,
  id: Number(r.id),
  user_id: Number(r.user_id),
  requested_at: Number(r.requested_at),
  policy_version: Number(r.policy_version),
  held: Number(r.held),
});

export function accountClosureRepo(db: Db) {
  const uploads = db as unknown as Kysely<
    Record<'kyc_documents' | 'questionnaire_evidence', QuestionnaireEvidenceTable>
  >;
  return {
    /**
     * The person's pending work stops (D77): pending submissions become WITHDRAWN (out of the queue,
     * never decided), pending level steps NOT_ALLOW and verification closed for them (kyc_opened 0),
     * questionnaires waiting for review go back to UNSUBMIT (out of the questionnaire queue; their
     * submissions stay as submitted), open compliance tasks are cancelled.
     */
    async withdrawPendingWork(userId: number, at: number): Promise<Record<string, number>> {
      const submissions = await db
        .updateTable('kyc_submissions')
        .set({ status: 'WITHDRAWN', decided_at: at })
        .where('user_id', '=', userId)
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      const levels = await db
        .updateTable('kyc_level_states')
        .set({ status: 'NOT_ALLOW', updated_at: at })
        .where('user_id', '=', userId)
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      await db
        .updateTable('applicants')
        .set({ kyc_opened: 0, updated_at: at })
        .where('user_id', '=', userId)
        .where('kyc_opened', '=', 1)
        .execute();
      const questionnaires = await db
        .updateTable('questionnaire_responses')
        .set({ status: 'UNSUBMIT', updated_at: at })
        .where('user_id', '=', userId)
        .where('status', 'in', ['PENDING', 'PENDING_NO_EDIT'])
        .executeTakeFirst();
      const tasks = await db
        .updateTable('compliance_tasks')
        .set({ status: 'cancelled', closed_at: at })
        .where('user_id', '=', userId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return {
        submissions: Number(submissions.numUpdatedRows),
        levels: Number(levels.numUpdatedRows),
        questionnaires: Number(questionnaires.numUpdatedRows),
        tasks: Number(tasks.numUpdatedRows),
      };
    },

    /**
     * The person's open identity transfers (as source or target: awaiting the source, in review, or in
     * their cooling-off) are cancelled, each a compare-and-set on the status read; answers those moved.
     */
    async cancelOpenTransfers(
      userId: number,
      at: number,
    ): Promise<{ id: number; from: string; sourceUserId: number; targetUserId: number }[]> {
      const open = await db
        .selectFrom('identity_transfers')
        .select(['id', 'status', 'source_user_id', 'target_user_id'])
        .where((eb) => eb.or([eb('source_user_id', '=', userId), eb('target_user_id', '=', userId)]))
        .where('status', 'in', ['awaiting_source', 'in_review', 'approved'])
        .execute();
      const moved = [];
      for (const row of open) {
        const done = await db
          .updateTable('identity_transfers')
          .set({ status: 'cancelled', updated_at: at })
          .where('id', '=', row.id)
          .where('status', '=', row.status)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) === 1)
          moved.push({
            id: Number(row.id),
            from: row.status,
            sourceUserId: Number(row.source_user_id),
            targetUserId: Number(row.target_user_id),
          });
      }
      return moved;
    },

    /**
     * Every claim on the person's cases ends (the case left the queue): each removed by compare-and-set
     * on its version; answers those released with who held them.
     */
    async releaseClaims(userId: number): Promise<{ caseRef: string; staffId: number }[]> {
      const claims = await db
        .selectFrom('case_claims')
        .select(['case_ref', 'staff_id', 'version'])
        .where('user_id', '=', userId)
        .execute();
      const released = [];
      for (const claim of claims) {
        const done = await db
          .deleteFrom('case_claims')
          .where('case_ref', '=', claim.case_ref)
          .where('version', '=', claim.version)
          .executeTakeFirst();
        if (Number(done.numDeletedRows) === 1)
          released.push({ caseRef: claim.case_ref, staffId: Number(claim.staff_id) });
      }
      return released;
    },

    /**
     * What an erasure request takes at once (no law requires it): uploads never attached to a submission
     * (rows here, blobs after the commit), questionnaire drafts, the security log and every session, the
     * settled deliveries to partners (the pending ones, such as account.closed, still go out), the
     * authenticator app and the unread notices. Answers the blobs to delete and what went, per kind.
     */
    async eraseOnRequest(userId: number): Promise<{ blobIds: string[]; counts: Record<string, number> }> {
      const blobIds: string[] = [];
      for (const table of ['kyc_documents', 'questionnaire_evidence'] as const) {
        const deleted = await uploads
          .deleteFrom(table)
          .where('user_id', '=', userId)
          .where('submission_id', 'is', null)
          .returning('blob_id')
          .execute();
        blobIds.push(...deleted.map((r) => r.blob_id));
      }
      const drafts = await db
        .updateTable('questionnaire_responses')
        .set({ draft_enc: null, page_index: 0 })
        .where('user_id', '=', userId)
        .where('draft_enc', 'is not', null)
        .executeTakeFirst();
      const log = await db
        .deleteFrom('user_security_events')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const sessions = await db
        .deleteFrom('sessions')
        .where('audience', '=', 'user')
        .where('subject_id', '=', userId)
        .executeTakeFirst();
      const deliveries = await db
        .deleteFrom('partner_webhook_deliveries')
        .where('user_id', '=', userId)
        .where('status', '<>', 'pending')
        .executeTakeFirst();
      const totp = await db.deleteFrom('user_totp').where('user_id', '=', userId).executeTakeFirst();
      const notices = await db.deleteFrom('notices').where('user_id', '=', userId).executeTakeFirst();
      return {
        blobIds,
        counts: {
          unsubmitted_uploads: blobIds.length,
          drafts: Number(drafts.numUpdatedRows),
          sessions_security_log: Number(log.numDeletedRows) + Number(sessions.numDeletedRows),
          partner_webhook_deliveries: Number(deliveries.numDeletedRows),
          authenticator: Number(totp.numDeletedRows),
          notices: Number(notices.numDeletedRows),
        },
      };
    },

    /** Records the request and its answer unless the person has one (unique per person); its id, or undefined. */
    async insertErasureRequest(r: NewErasureRequest): Promise<number | undefined> {
      const rows = await db
        .insertInto('erasure_requests')
        .values({
          user_id: r.userId,
          requested_at: r.requestedAt,
          site: r.site,
          policy_version: r.policyVersion,
          held: r.held ? 1 : 0,
          granted: r.granted,
          kept: r.kept,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('id')
        .execute();
      return rows[0] === undefined ? undefined : Number(rows[0].id);
    },

    /** The person's erasure requests, newest first. */
    async erasureRequestsOf(userId: number): Promise<ErasureRequestRow[]> {
      const rows = await db
        .selectFrom('erasure_requests')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toRequest);
    },
  };
}
export type AccountClosureRepo = ReturnType<typeof accountClosureRepo>;
