/**
 * The in-house provider's automatic decisions and the quality-review queue of its approvals (issue 19
 * "Automatic decisions", migration 044, D102–D103). A decision is recorded in the deciding transaction
 * (`submission_id` unique: one per submission). Every review step is a compare-and-set on the review
 * state read, so two reviewers acting on one item at once never both win. The queue pages by keyset on
 * `(review_state, id)` (its index), oldest first.
 */
import type { Db } from '../db.ts';
import { cappedCount } from '../keyset.ts';
import { withListLimits, type ListLimits } from '../list-limits.ts';
import type { AutoDecisionRow, AutoReviewStateColumn } from '../schema/index.ts';

export interface NewAutoDecision {
  userId: number;
  submissionId: number;
  decisionId: number;
  outcome: 'approved' | 'rejected';
  evidence: string;
  reviewState: 'waiting' | null;
}

export interface AutoDecisionWithStaff extends AutoDecisionRow {
  reviewer_display_name: string | null;
  reviewer_email: string | null;
  reverser_display_name: string | null;
  reverser_email: string | null;
}

const toRow = <T extends AutoDecisionRow>(r: T): T => ({
  ...r,
  id: Number(r.id),
  user_id: Number(r.user_id),
  submission_id: Number(r.submission_id),
  decision_id: Number(r.decision_id),
  reviewed_by: r.reviewed_by === null ? null : Number(r.reviewed_by),
  reviewed_at: r.reviewed_at === null ? null : Number(r.reviewed_at),
  reversed_by: r.reversed_by === null ? null : Number(r.reversed_by),
  reversed_at: r.reversed_at === null ? null : Number(r.reversed_at),
  decided_at: Number(r.decided_at),
});

export function autoDecisionsRepo(db: Db) {
  return {
    async insert(d: NewAutoDecision, at: number): Promise<number> {
      const row = await db
        .insertInto('auto_decisions')
        .values({
          user_id: d.userId,
          submission_id: d.submissionId,
          decision_id: d.decisionId,
          outcome: d.outcome,
          evidence: d.evidence,
          review_state: d.reviewState,
          decided_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async find(id: number): Promise<AutoDecisionRow | undefined> {
      const row = await db.selectFrom('auto_decisions').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRow(row);
    },

    /** The automatic decisions among these decision rows (the case history's evidence). */
    async ofDecisions(decisionIds: readonly number[]): Promise<AutoDecisionRow[]> {
      if (decisionIds.length === 0) return [];
      const rows = await db
        .selectFrom('auto_decisions')
        .selectAll()
        .where('decision_id', 'in', [...decisionIds])
        .execute();
      return rows.map(toRow);
    },

    /** Compare-and-set of the review state; the fields written with it. False when it moved meanwhile. */
    async moveReview(
      id: number,
      from: AutoReviewStateColumn,
      to: AutoReviewStateColumn,
      fields: {
        reviewedBy?: number | null;
        reviewedAt?: number | null;
        reversalReasonCode?: string | null;
        reversalMessage?: string | null;
        reversedBy?: number;
        reversedAt?: number;
      },
    ): Promise<boolean> {
      const result = await db
        .updateTable('auto_decisions')
        .set({
          review_state: to,
          ...(fields.reviewedBy !== undefined ? { reviewed_by: fields.reviewedBy } : {}),
          ...(fields.reviewedAt !== undefined ? { reviewed_at: fields.reviewedAt } : {}),
          ...(fields.reversalReasonCode !== undefined
            ? { reversal_reason_code: fields.reversalReasonCode }
            : {}),
          ...(fields.reversalMessage !== undefined ? { reversal_message: fields.reversalMessage } : {}),
          ...(fields.reversedBy !== undefined ? { reversed_by: fields.reversedBy } : {}),
          ...(fields.reversedAt !== undefined ? { reversed_at: fields.reversedAt } : {}),
        })
        .where('id', '=', id)
        .where('review_state', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A page of the queue in one state, oldest first (keyset on id; `limit + 1` rows), with the capped total. */
    async listReviews(
      filter: { state: AutoReviewStateColumn; afterId?: number | undefined; limit: number },
      limits: ListLimits = {},
    ) {
      return withListLimits(db, limits, async (trx) => {
        let query = trx.selectFrom('auto_decisions as a').where('a.review_state', '=', filter.state);
        const counted = await cappedCount(trx, query.orderBy('a.id', 'asc'));
        if (filter.afterId !== undefined) query = query.where('a.id', '>', filter.afterId);
        const rows = await query
          .leftJoin('staff_users as r', 'r.id', 'a.reviewed_by')
          .leftJoin('staff_users as v', 'v.id', 'a.reversed_by')
          .selectAll('a')
          .select([
            'r.display_name as reviewer_display_name',
            'r.email as reviewer_email',
            'v.display_name as reverser_display_name',
            'v.email as reverser_email',
          ])
          .orderBy('a.id', 'asc')
          .limit(filter.limit + 1)
          .execute();
        return { ...counted, rows: rows.map((r) => toRow(r as AutoDecisionWithStaff)) };
      });
    },
  };
}
