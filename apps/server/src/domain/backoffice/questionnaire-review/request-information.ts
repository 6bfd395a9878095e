/**
 * A request for information ('decide', docs/questionnaires.md "Back office"): the `rfi` questionnaire
 * (or the template named) required of the user — require from UNDEFINED, request_info after a review,
 * unchanged while the user is still answering — and an open rfi task with the request text, audited
 * (the text sealed under the person's data key, D107) and noticed, in one transaction; while a claim on
 * the case lasts only its assignee asks (55013). Answers the task as the user sees it.
 */
import type { RfiRequest, RfiResult, StaffMe } from '@kyc/contracts';
import { sealText } from '../../audit/sealed-text.ts';
import { withDataKey } from '../../kyc/data-keys.ts';
import { accessNote, closedAccessGate } from '../../retention/closed-access.ts';
import { casMove, rereadResponse } from '../../questionnaires/response-move.ts';
import { nextQuestionnaireStatus, type QuestionnaireEvent } from '../../questionnaires/status-machine.ts';
import { asStatus, currentOf, RFI_TEMPLATE_CODE } from '../../questionnaires/template-versions.ts';
import { requirePermission } from '../permissions.ts';
import { claimedDecisionTransaction } from './decision.ts';
import {
  actorOf,
  caseRefOf,
  changedMeanwhile,
  RFI_ACTION,
  userOf,
  versionsOf,
  type ReviewContext,
} from './review-context.ts';

export function requestInformationUseCases(ctx: ReviewContext) {
  return {
    async requestInformation(
      staff: StaffMe,
      userId: number,
      request: RfiRequest,
      now = Date.now(),
    ): Promise<RfiResult> {
      requirePermission(staff, 'decide');
      await userOf(ctx, userId);
      // Issue 20 (D79): information is asked of a closed or held person only with a recorded reason.
      const access = await closedAccessGate(ctx.repos, ctx.files.keyring).require(staff, userId, now);
      const code = request.templateCode === 'rfi' ? RFI_TEMPLATE_CODE : request.templateCode;
      const current = currentOf(await versionsOf(ctx, code));
      const response = await ctx.repos.questionnaires.findResponse(userId, code);
      const from = asStatus(response?.status);
      const event: QuestionnaireEvent | null =
        from === 'UNDEFINED'
          ? 'require'
          : from === 'PENDING_NO_EDIT' || from === 'APPROVED' || from === 'REJECTED'
            ? 'request_info'
            : null;
      const to = event
        ? nextQuestionnaireStatus(from, event, { actor: actorOf(staff), reason: request.requestText })
        : from;
      // D107: the text is the person's; the audit row keeps it sealed under their data key.
      const { keys, keyring } = ctx.files;
      const sealedText = await withDataKey(keys, keyring, userId, now, (key) =>
        sealText(key, userId, request.requestText),
      );
      // Issue 17 (D123): while someone holds the case, only they ask for more on it (55013).
      const taskId = await claimedDecisionTransaction(ctx, { staff, userId, at: now }, code, async (tx) => {
        if (event) {
          const move = { userId, code, from, at: now, changedMeanwhile: () => changedMeanwhile(code) };
          const row = await rereadResponse(tx.questionnaires, move, current);
          await casMove(tx.questionnaires, move, row, {
            status: to,
            templateVersion: row.template_version,
            rejectReason: request.requestText,
            retryAfter: null,
          });
        }
        const id = await tx.questionnaires.insertTask({
          userId,
          kind: 'rfi',
          templateCode: code,
          requestText: request.requestText,
          createdBy: staff.id,
          createdAt: now,
        });
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: RFI_ACTION,
            subjectUserId: userId,
            caseRef: caseRefOf(userId, code),
            details: {
              templateCode: code,
              taskId: id,
              from,
              to,
              requestText: sealedText,
              ...accessNote(access),
            },
          },
          now,
        );
        await tx.notices.insert({ userId, kind: 'questionnaire', ref: code, outcome: 'info_requested' }, now);
        return id;
      });
      const task = (await ctx.questionnaires.tasks(userId)).find((t) => t.id === String(taskId));
      if (!task) throw new Error(`task ${taskId} not listed`);
      return { task };
    },
  };
}
