/**
 * A decision on a user's response to a staff-reviewed template (lock, release, approve, reject,
 * request_info) through the questionnaire machine: the response by compare-and-set, what moves with
 * it (a companion such as the EDD case), a task for request_info, the audit entry and the user's
 * notice of the outcome, in one transaction. An event the status does not allow is 51001.
 */
import type { QuestionnaireDecisionRequest } from '@kyc/contracts';
import type { TxRepositories } from '../../../data/repositories/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { casMove } from '../../questionnaires/response-move.ts';
import { nextQuestionnaireStatus, type ReviewActor } from '../../questionnaires/status-machine.ts';
import { asStatus, RFI_TEMPLATE_CODE } from '../../questionnaires/template-versions.ts';
import {
  auditDecision,
  claimedDecisionTransaction,
  sealedTextsOf,
  textOf,
  type DecisionKind,
} from './decision.ts';
import { actorOf, changedMeanwhile, decidedAlready, type ReviewContext } from './review-context.ts';

/** What moves with one template's response when staff decide it, checked before the transaction. */
export interface DecisionCompanion {
  templateCode: string;
  /** The companion shows its own task, so request_info adds none. */
  ownTask: boolean;
  /** The companion's move for this decision (its machine may refuse), or undefined when nothing moves. */
  prepare(input: {
    userId: number;
    actor: ReviewActor;
    request: QuestionnaireDecisionRequest;
    text: string;
  }): Promise<CompanionMove | undefined>;
}

export interface CompanionMove {
  /** The audit entry's decision name and the details it adds. */
  decision: string;
  details: Record<string, unknown>;
  apply(tx: TxRepositories, staffId: number, at: number): Promise<void>;
}

export function responseDecision(ctx: ReviewContext, companions: readonly DecisionCompanion[]): DecisionKind {
  return {
    async decide({ staff, userId, code, versions, request, at }) {
      if ('depositRef' in request && request.depositRef !== undefined)
        throw new AppError('PARAMS_ERROR', 'depositRef: only for satos-deposit', 400);
      const actor = actorOf(staff);
      const response = await ctx.repos.questionnaires.findResponse(userId, code);
      const from = asStatus(response?.status);
      if (decidedAlready(from, request.decision, response?.last_submission_id != null))
        throw changedMeanwhile(`questionnaire ${code} (${from})`);
      const review = (await ctx.load(code, response?.template_version ?? versions[0]?.version ?? 1)).review;
      const text = textOf(request);
      const to = nextQuestionnaireStatus(from, request.decision, { actor, review, reason: text });
      const companion = companions.find((c) => c.templateCode === code);
      const move = await companion?.prepare({ userId, actor, request, text });
      if (!response) throw new Error('a transition from UNDEFINED reached the decision');
      // D107: the message or request is the person's; the audit row keeps it sealed under their key.
      const sealed = await sealedTextsOf(ctx, userId, request, at);

      await claimedDecisionTransaction(ctx, { staff, userId, at }, code, async (tx) => {
        const decided = to === 'APPROVED' || to === 'REJECTED';
        const responseMove = { userId, code, from, at, changedMeanwhile: () => changedMeanwhile(code) };
        await casMove(tx.questionnaires, responseMove, response, {
          status: to,
          templateVersion: response.template_version,
          ...(to === 'REJECTED' || to === 'UNSUBMIT' ? { rejectReason: text } : {}),
          ...(to === 'APPROVED' ? { rejectReason: '' } : {}),
          ...(to === 'UNSUBMIT' ? { retryAfter: null } : {}),
          ...(decided ? { decidedBy: staff.id, decidedAt: at } : {}),
        });
        await move?.apply(tx, staff.id, at);
        // A request for more is a task the user sees (unless the companion shows its own).
        let taskId: number | null = null;
        if (request.decision === 'request_info' && !companion?.ownTask)
          taskId = await tx.questionnaires.insertTask({
            userId,
            kind: code === RFI_TEMPLATE_CODE ? 'rfi' : 'questionnaire',
            templateCode: code,
            requestText: text,
            createdBy: staff.id,
            createdAt: at,
          });
        await auditDecision(
          tx,
          { staff, userId, request, at },
          code,
          {
            decision: move?.decision ?? request.decision,
            templateCode: code,
            submissionId: response.last_submission_id === null ? null : Number(response.last_submission_id),
            from,
            to,
            ...move?.details,
            ...(request.decision === 'request_info' ? { requestText: sealed.requestText ?? '', taskId } : {}),
          },
          sealed,
        );
        // The person's unread marker of the outcome (lock and release decide nothing for them).
        const outcome = to === 'APPROVED' ? 'approved' : to === 'REJECTED' ? 'rejected' : undefined;
        const noticed = request.decision === 'request_info' ? 'info_requested' : outcome;
        if (noticed)
          await tx.notices.insert({ userId, kind: 'questionnaire', ref: code, outcome: noticed }, at);
      });
    },
  };
}
