import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { cappedCount, cappedCountSubquery, pageTotal } from '../keyset.ts';
import { withListLimits, type ListLimits } from '../list-limits.ts';
import type { QuestionnaireSubmissionRow } from '../schema/index.ts';
import { CLAIM_COLUMNS, claimOfRow, type ListedClaim } from './work-repo.ts';

export interface QuestionnaireQueueFilter {
  templateCode?: string | undefined;
  /** One status; without it the waiting items (PENDING and PENDING_NO_EDIT). */
  status?: string | undefined;
  kind?: string | undefined;
  site?: string | undefined;
  /** Only items whose pending submission is older than this (epoch ms). */
  olderThan?: number | undefined;
  /** The key of the last item of the page before: [pending_since, item_key]. */
  after?: readonly [number, number] | undefined;
  limit: number;
  /** Issue 17: only the items whose case this member holds ("My cases"). */
  assignedTo?: number | undefined;
  /** The moment a claim is live against (epoch ms; now when not given). */
  now?: number | undefined;
}

/** A queue item's case as the claims name it (`caseRefOf(userId, code)`, review-context.ts). */
const questionnaireCaseRef = sql<string>`'user:' || q.user_id || '/questionnaire:' || q.template_code`;

/** The live claim on an item's case, as the queue reads it. */

export interface QuestionnaireQueueRow {
  item_key: number;
  type: string;
  user_id: number;
  email: string;
  site: string;
  template_code: string;
  template_version: number;
  kind: string;
  status: string;
  edd_status: string | null;
  deposit_ref: string | null;
  pending_since: number;
  claim: ListedClaim | null;
  /** Issue 20 (D86): the person's account is closed. */
  closed: boolean;
}

/**
 * The back-office questionnaire review's reads (docs/backoffice.md "Questionnaire review"): the queue
 * (table `questionnaire_queue`, kept by triggers, migration 025), a user's submissions, evidence and the
 * decision entries of the audit log. Writes go through questionnaires-repo (state) and audit-repo.
 */
export function questionnaireReviewRepo(db: Db) {
  return {
    /**
     * Oldest first (then by item), keyset-paged: `limit + 1` rows after `after` (the extra one says a
     * next page exists), and the capped total. Each filter has its partial index (migration 025).
     * One statement for the page (issue 17, D123): its rows, the capped total (a subquery the database
     * runs once), the live claim on each item's case with its assignee's name (by the claim's key,
     * `user:<id>/questionnaire:<code>`), and whether the account is closed.
     */
    async queue(f: QuestionnaireQueueFilter, limits: ListLimits = {}) {
      return withListLimits(db, limits, async (trx) => {
        const now = f.now ?? Date.now();
        let q = trx.selectFrom('questionnaire_queue as q');
        q = f.status === undefined ? q.where('q.waiting', '=', 1) : q.where('q.status', '=', f.status);
        if (f.templateCode !== undefined) q = q.where('q.template_code', '=', f.templateCode);
        if (f.kind !== undefined) q = q.where('q.kind', '=', f.kind);
        if (f.site !== undefined) q = q.where('q.site', '=', f.site);
        if (f.olderThan !== undefined) q = q.where('q.pending_since', '<=', f.olderThan);
        const assignedTo = f.assignedTo;
        // "My cases": from the member's own live claims (index case_claims_staff_idx).
        if (assignedTo !== undefined)
          q = q.where((eb) =>
            eb(
              questionnaireCaseRef,
              'in',
              eb
                .selectFrom('case_claims as cc')
                .select('cc.case_ref')
                .where('cc.staff_id', '=', assignedTo)
                .where('cc.expires_at', '>', now),
            ),
          );
        const ordered = q.orderBy('q.pending_since').orderBy('q.item_key');
        let page = q;
        const after = f.after;
        if (after)
          page = page.where((eb) =>
            eb(eb.refTuple('q.pending_since', 'q.item_key'), '>', eb.tuple(after[0], after[1])),
          );
        const rows = await page
          .innerJoin('users as u', 'u.id', 'q.user_id')
          .leftJoin('edd_cases as e', (j) => j.onRef('e.user_id', '=', 'q.user_id').on('q.type', '=', 'edd'))
          .leftJoin('case_claims as c', (j) =>
            j.on('c.case_ref', '=', questionnaireCaseRef).on('c.expires_at', '>', now),
          )
          .leftJoin('staff_users as cs', 'cs.id', 'c.staff_id')
          .leftJoin('account_closures as ac', 'ac.user_id', 'q.user_id')
          .select([
            'q.item_key',
            'q.type',
            'q.user_id',
            'u.email',
            'q.site',
            'q.template_code',
            'q.template_version',
            'q.kind',
            'q.status',
            'e.status as edd_status',
            'q.deposit_ref',
            'q.pending_since',
            ...CLAIM_COLUMNS,
            'ac.user_id as closed_user_id',
          ])
          .select(cappedCountSubquery(trx, ordered).as('list_total'))
          .orderBy('q.pending_since')
          .orderBy('q.item_key')
          .limit(f.limit + 1)
          .execute();
        const counted = await pageTotal(rows, after, () => cappedCount(trx, ordered));
        return {
          ...counted,
          rows: rows.map((r): QuestionnaireQueueRow => ({
            item_key: Number(r.item_key),
            type: r.type,
            user_id: Number(r.user_id),
            email: r.email,
            site: r.site,
            template_code: r.template_code,
            template_version: Number(r.template_version),
            kind: r.kind,
            status: r.status,
            edd_status: r.edd_status,
            deposit_ref: r.deposit_ref,
            pending_since: Number(r.pending_since),
            claim: claimOfRow(r),
            closed: r.closed_user_id !== null,
          })),
        };
      });
    },

    /** The user's submissions of one template, newest first. */
    async submissionsOf(userId: number, templateCode: string): Promise<QuestionnaireSubmissionRow[]> {
      return db
        .selectFrom('questionnaire_submissions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('template_code', '=', templateCode)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The user's evidence attached to submissions of one template, oldest first. */
    async evidenceOf(userId: number, templateCode: string) {
      return db
        .selectFrom('questionnaire_evidence as q')
        .innerJoin('questionnaire_submissions as s', 's.id', 'q.submission_id')
        .select(['q.id', 'q.mime', 'q.size', 'q.sha256', 'q.blob_id', 'q.created_at', 'q.submission_id'])
        .where('q.user_id', '=', userId)
        .where('s.user_id', '=', userId)
        .where('s.template_code', '=', templateCode)
        .orderBy('q.created_at')
        .orderBy('q.id')
        .execute();
    },

    /** The staff entries of the audit log about one case reference (decisions, requests), oldest first. */
    async decisionsOf(userId: number, caseRef: string, actions: readonly string[]) {
      return db
        .selectFrom('audit_log as a')
        .leftJoin('staff_users as s', 's.id', 'a.staff_id')
        .selectAll('a')
        .select(['s.display_name as staff_display_name', 's.email as staff_email'])
        .where('a.subject_user_id', '=', userId)
        .where('a.case_ref', '=', caseRef)
        .where('a.action', 'in', [...actions])
        .orderBy('a.id')
        .execute();
    },

    /** A staff decision on a deposit's verification: compare-and-set on the status. */
    async casSatosDecision(
      userId: number,
      depositRef: string,
      from: string,
      to: { status: string; rejectReason: string },
      at: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('satos_verifications')
        .set({ status: to.status, reject_reason: to.rejectReason, updated_at: at })
        .where('user_id', '=', userId)
        .where('deposit_ref', '=', depositRef)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The user's verified level (0 without an applicant). */
    async levelOf(userId: number): Promise<number> {
      const row = await db
        .selectFrom('applicants')
        .select('level')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.level ?? 0);
    },
  };
}
export type QuestionnaireReviewRepo = ReturnType<typeof questionnaireReviewRepo>;
