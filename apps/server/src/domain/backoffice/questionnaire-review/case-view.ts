/**
 * One user's response to one template as staff see it (docs/backoffice.md "Questionnaire review"):
 * the template, status and reason, the last submission with its answers decrypted, every submission,
 * the evidence, the history (the user's submissions, staff decisions and requests, the system's
 * decisions of auto-reviewed templates), the EDD case, the SATOS deposits and the user's tasks.
 * `view` audits every look ('questionnaire.view'); the decisions answer the case unaudited.
 */
import {
  SATOS_TEMPLATE_CODE,
  type QuestionnaireHistoryEntry,
  type QuestionnaireReviewCase,
  type StaffMe,
} from '@kyc/contracts';
import type { QuestionnaireSubmissionRow } from '../../../data/schema/index.ts';
import { asStatus, currentOf, EDD_TEMPLATE_CODE } from '../../questionnaires/template-versions.ts';
import { isSealedText, openText } from '../../audit/sealed-text.ts';
import { withStoredDataKey } from '../../kyc/data-keys.ts';
import { accessNote, closedAccessGate, publicAccess } from '../../retention/closed-access.ts';
import { requirePermission } from '../permissions.ts';
import { assigneeOf } from '../work/case-claims.ts';
import { staffLabel } from '../staff-label.ts';
import { fullSubmission, submissionHead } from './review-answers.ts';
import {
  asEdd,
  caseRefOf,
  DECISION_ACTION,
  RFI_ACTION,
  userOf,
  versionsOf,
  type ReviewContext,
} from './review-context.ts';

/** The user's submissions, and staff's decisions and requests from the audit log, oldest first. */
async function historyOf(
  ctx: ReviewContext,
  userId: number,
  code: string,
  submissions: readonly QuestionnaireSubmissionRow[],
  autoReviewed: boolean,
): Promise<QuestionnaireHistoryEntry[]> {
  const decisions = await ctx.repos.questionnaireReview.decisionsOf(userId, caseRefOf(userId, code), [
    DECISION_ACTION,
    RFI_ACTION,
  ]);
  // D107: a request's text is sealed under the person's data key; opened here (never a key created).
  const parsed = decisions.map((d) => ({
    row: d,
    details: JSON.parse(d.details) as Record<string, unknown>,
  }));
  const textsWith = (key: Buffer | undefined) =>
    parsed.map(
      ({ details }) =>
        openText(key, userId, details.userMessage) ?? openText(key, userId, details.requestText),
    );
  const texts = parsed.some(
    ({ details }) => isSealedText(details.requestText) || isSealedText(details.userMessage),
  )
    ? await withStoredDataKey(ctx.files.keys, ctx.files.keyring, userId, textsWith)
    : textsWith(undefined);
  const history: QuestionnaireHistoryEntry[] = [
    ...submissions.map((s) => ({
      at: Number(s.created_at),
      event: 'submit',
      actor: 'user' as const,
      staffId: null,
      staffName: null,
      text: '',
    })),
    ...parsed.map(({ row: d, details }, i) => {
      const text = texts[i];
      return {
        at: Number(d.at),
        event: d.action === RFI_ACTION ? 'rfi' : String(details.decision ?? 'decision'),
        actor: 'staff' as const,
        staffId: Number(d.staff_id),
        staffName: staffLabel(d.staff_display_name, d.staff_email),
        text: typeof text === 'string' ? text : '',
      };
    }),
  ].sort((a, b) => a.at - b.at);
  // A system decision of an auto-reviewed template (a test's score) follows its submission.
  if (autoReviewed)
    for (const s of submissions)
      if (s.status === 'APPROVED' || s.status === 'REJECTED')
        history.push({
          at: Number(s.created_at),
          event: s.status === 'APPROVED' ? 'approve' : 'reject',
          actor: 'system',
          staffId: null,
          staffName: null,
          text: '',
        });
  return history.sort((a, b) => a.at - b.at || (a.actor === 'user' ? -1 : 1));
}

/** The SATOS deposits of the user, each with its submission (only for the satos-deposit case). */
async function satosOf(ctx: ReviewContext, userId: number) {
  const repo = ctx.repos.questionnaires;
  return Promise.all(
    (await repo.satosOf(userId)).map(async (v) => {
      const row = await repo.findSubmission(userId, Number(v.submission_id));
      if (!row) throw new Error(`submission ${v.submission_id} of a SATOS verification is missing`);
      return {
        depositRef: v.deposit_ref,
        coin: v.coin,
        network: v.network,
        status: asStatus(v.status),
        reason: v.reject_reason,
        createdAt: Number(v.created_at),
        updatedAt: Number(v.updated_at),
        submission: await fullSubmission(ctx, userId, row),
      };
    }),
  );
}

/** The case as staff see it (no audit: `view` and the decisions audit). */
export async function reviewCase(
  ctx: ReviewContext,
  userId: number,
  code: string,
  now = Date.now(),
): Promise<QuestionnaireReviewCase> {
  const { questionnaires: repo, questionnaireReview: reads } = ctx.repos;
  const user = await userOf(ctx, userId);
  const versions = await versionsOf(ctx, code);
  const response = await repo.findResponse(userId, code);
  const template = await ctx.load(code, response?.template_version ?? currentOf(versions));
  const submissions = await reads.submissionsOf(userId, code);
  const last = response?.last_submission_id
    ? submissions.find((s) => Number(s.id) === Number(response.last_submission_id))
    : undefined;
  const evidence = await reads.evidenceOf(userId, code);
  const history = await historyOf(ctx, userId, code, submissions, template.review === 'auto');
  const edd = code === EDD_TEMPLATE_CODE ? await repo.findEddCase(userId) : undefined;
  const satos = code === SATOS_TEMPLATE_CODE ? await satosOf(ctx, userId) : [];
  return {
    userId,
    email: user.email,
    site: user.site,
    level: await reads.levelOf(userId),
    template: {
      code,
      version: template.version,
      kind: template.kind,
      review: template.review,
      title: template.title,
    },
    status: asStatus(response?.status),
    reason: response?.reject_reason ?? '',
    retryAfter:
      response?.retry_after === null || response === undefined ? null : Number(response.retry_after),
    submission: last ? await fullSubmission(ctx, userId, last) : null,
    submissions: submissions.map(submissionHead),
    evidence: evidence.map((e) => ({
      id: e.id,
      mime: e.mime,
      size: Number(e.size),
      sha256: e.sha256,
      createdAt: Number(e.created_at),
      submissionId: e.submission_id === null ? null : Number(e.submission_id),
    })),
    history,
    edd: edd
      ? {
          status: asEdd(edd.status),
          triggerReason: edd.trigger_reason,
          pep: Number(edd.pep) === 1,
          reason: edd.reason,
          decidedBy: edd.decided_by === null ? null : Number(edd.decided_by),
          decidedAt: edd.decided_at === null ? null : Number(edd.decided_at),
          updatedAt: Number(edd.updated_at),
        }
      : null,
    satos,
    tasks: await ctx.questionnaires.tasks(userId),
    // Issue 17 (D123): who holds the case until when.
    assignee: assigneeOf(await ctx.repos.work.activeClaimOf(caseRefOf(userId, code), now)),
  };
}

export function caseViewUseCases(ctx: ReviewContext) {
  return {
    /** One user's response to one template, answers decrypted; audited as 'questionnaire.view'. */
    async view(
      staff: StaffMe,
      userId: number,
      code: string,
      now = Date.now(),
    ): Promise<QuestionnaireReviewCase> {
      requirePermission(staff, 'view_cases');
      // Issue 20 (D79): a closed or held person opens only with the member's recorded reason.
      const gate = closedAccessGate(ctx.repos, ctx.files.keyring);
      const closedAccess = await gate.require(staff, userId, now);
      const result = await reviewCase(ctx, userId, code, now);
      await ctx.repos.audit.insert(
        {
          staffId: staff.id,
          action: 'questionnaire.view',
          subjectUserId: userId,
          caseRef: caseRefOf(userId, code),
          details: {
            templateCode: code,
            submissionId: result.submission?.id ?? null,
            ...accessNote(closedAccess),
          },
        },
        now,
      );
      return {
        ...result,
        redactions: closedAccess ? await gate.markers(userId) : [],
        closedAccess: publicAccess(closedAccess),
      };
    },
  };
}
