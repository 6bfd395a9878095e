/**
 * The review queue ('view_cases'): staff-reviewed responses, EDD cases and SATOS deposit verifications
 * waiting for a reviewer — PENDING and PENDING_NO_EDIT by default — oldest first, filtered and paged by
 * cursor (issue 17: keyset on pending_since, item), each with its template's title and who holds its
 * case (issue 17, D123; `assignedTo=me`: "My cases"). The page is one statement (the repository's).
 */
import {
  QUESTIONNAIRE_KINDS,
  type QuestionnaireKind,
  type QuestionnaireQueueQuery,
  type QuestionnaireQueueResult,
  type StaffMe,
} from '@kyc/contracts';
import { decodeCursor, keysetPage } from '../../../data/keyset.ts';
import { asStatus } from '../../questionnaires/template-versions.ts';
import { requirePermission } from '../permissions.ts';
import { assigneeOf } from '../work/case-claims.ts';
import { asEdd, type ReviewContext } from './review-context.ts';

const HOUR_MS = 3_600_000;

const asKind = (v: string): QuestionnaireKind =>
  (QUESTIONNAIRE_KINDS as readonly string[]).includes(v) ? (v as QuestionnaireKind) : 'questionnaire';

export function queueUseCases(ctx: ReviewContext) {
  return {
    async queue(
      staff: StaffMe,
      q: QuestionnaireQueueQuery,
      now = Date.now(),
      signal?: AbortSignal,
    ): Promise<QuestionnaireQueueResult> {
      requirePermission(staff, 'view_cases');
      const after = decodeCursor(q.cursor, ['number', 'number']) as [number, number] | undefined;
      const found = await ctx.repos.questionnaireReview.queue(
        {
          templateCode: q.templateCode,
          status: q.status,
          kind: q.kind,
          site: q.site,
          olderThan: q.minAgeHours !== undefined ? now - q.minAgeHours * HOUR_MS : undefined,
          after,
          limit: q.limit,
          assignedTo: q.assignedTo === 'me' ? staff.id : undefined,
          now,
        },
        { signal },
      );
      const { rows, nextCursor } = keysetPage(found.rows, q.limit, (r) => [r.pending_since, r.item_key]);
      const titles = new Map<string, string>();
      for (const r of rows) {
        const id = `${r.template_code}.v${r.template_version}`;
        if (!titles.has(id)) titles.set(id, (await ctx.load(r.template_code, r.template_version)).title);
      }
      return {
        items: rows.map((r) => ({
          type: r.type === 'edd' ? 'edd' : r.type === 'satos' ? 'satos' : 'questionnaire',
          userId: r.user_id,
          // Issue 20 (D86): a closed person's row shows no email.
          email: r.closed ? '' : r.email,
          site: r.site,
          templateCode: r.template_code,
          templateVersion: r.template_version,
          kind: asKind(r.kind),
          title: titles.get(`${r.template_code}.v${r.template_version}`) ?? '',
          status: asStatus(r.status),
          eddStatus: r.type === 'edd' ? asEdd(r.edd_status) : null,
          depositRef: r.deposit_ref,
          pendingSince: r.pending_since,
          closed: r.closed,
          assignee: assigneeOf(r.claim),
        })),
        nextCursor,
        total: found.total,
        totalCapped: found.totalCapped,
      };
    },
  };
}
