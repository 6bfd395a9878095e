import { sql } from 'kysely';
import type { Db } from '../db.ts';
import type { QuestionnaireSubmissionRow } from '../schema/index.ts';

export interface QuestionnaireQueueFilter {
  templateCode?: string | undefined;
  statuses: readonly string[];
  kind?: string | undefined;
  site?: string | undefined;
  /** Only items whose pending submission is older than this (epoch ms). */
  olderThan?: number | undefined;
  limit: number;
  offset: number;
}

export interface QuestionnaireQueueRow {
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
}

/**
 * The back-office questionnaire review's reads (docs/backoffice.md "Questionnaire review"): the queue
 * over staff-reviewed responses and SATOS deposit verifications, a user's submissions, evidence and the
 * decision entries of the audit log. Writes go through questionnaires-repo (state) and audit-repo.
 */
export function questionnaireReviewRepo(db: Db) {
  function responses(f: QuestionnaireQueueFilter) {
    let q = db
      .selectFrom('questionnaire_responses as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .innerJoin('questionnaire_templates as t', (j) =>
        j.onRef('t.code', '=', 'r.template_code').onRef('t.version', '=', 'r.template_version'),
      )
      .leftJoin('questionnaire_submissions as s', 's.id', 'r.last_submission_id')
      .leftJoin('edd_cases as e', (j) =>
        j.onRef('e.user_id', '=', 'r.user_id').on('r.template_code', '=', 'edd'),
      )
      .where('t.review', '=', 'staff')
      .where('r.status', 'in', [...f.statuses]);
    if (f.templateCode !== undefined) q = q.where('r.template_code', '=', f.templateCode);
    if (f.kind !== undefined) q = q.where('t.kind', '=', f.kind);
    if (f.site !== undefined) q = q.where('u.site', '=', f.site);
    if (f.olderThan !== undefined)
      q = q.where((eb) => eb(eb.fn.coalesce('s.created_at', 'r.updated_at'), '<=', f.olderThan as number));
    return q.select((eb) => [
      sql<string>`case when r.template_code = 'edd' then 'edd' else 'questionnaire' end`.as('type'),
      'r.user_id as user_id',
      'u.email as email',
      'u.site as site',
      'r.template_code as template_code',
      'r.template_version as template_version',
      't.kind as kind',
      'r.status as status',
      'e.status as edd_status',
      sql<string | null>`null`.as('deposit_ref'),
      eb.fn.coalesce('s.created_at', 'r.updated_at').as('pending_since'),
    ]);
  }

  function satos(f: QuestionnaireQueueFilter) {
    let q = db
      .selectFrom('satos_verifications as v')
      .innerJoin('users as u', 'u.id', 'v.user_id')
      .innerJoin('questionnaire_submissions as s', 's.id', 'v.submission_id')
      .innerJoin('questionnaire_templates as t', (j) =>
        j.onRef('t.code', '=', 's.template_code').onRef('t.version', '=', 's.template_version'),
      )
      .where('v.status', 'in', [...f.statuses]);
    if (f.templateCode !== undefined) q = q.where('s.template_code', '=', f.templateCode);
    if (f.kind !== undefined) q = q.where('t.kind', '=', f.kind);
    if (f.site !== undefined) q = q.where('u.site', '=', f.site);
    if (f.olderThan !== undefined) q = q.where('v.updated_at', '<=', f.olderThan);
    return q.select([
      sql<string>`'satos'`.as('type'),
      'v.user_id as user_id',
      'u.email as email',
      'u.site as site',
      's.template_code as template_code',
      's.template_version as template_version',
      't.kind as kind',
      'v.status as status',
      sql<string | null>`null`.as('edd_status'),
      'v.deposit_ref as deposit_ref',
      'v.updated_at as pending_since',
    ]);
  }

  return {
    /** Oldest first (then by user and template), paged; with the total before paging. */
    async queue(f: QuestionnaireQueueFilter): Promise<{ rows: QuestionnaireQueueRow[]; total: number }> {
      const all = () => db.selectFrom(responses(f).unionAll(satos(f)).as('q'));
      const count = await all()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const rows = await all()
        .selectAll()
        .orderBy('pending_since')
        .orderBy('user_id')
        .orderBy('template_code')
        .orderBy('deposit_ref')
        .limit(f.limit)
        .offset(f.offset)
        .execute();
      return {
        rows: rows.map((r) => ({
          ...r,
          user_id: Number(r.user_id),
          template_version: Number(r.template_version),
          pending_since: Number(r.pending_since),
        })),
        total: Number(count.n),
      };
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
