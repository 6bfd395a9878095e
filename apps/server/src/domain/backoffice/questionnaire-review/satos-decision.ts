/**
 * A SATOS deposit verification's decision (lock, release, approve, reject) through the questionnaire
 * machine, on the deposit named by the request: the verification by compare-and-set, the audit entry
 * and, for an approval or a rejection, the user's notice, in one transaction. A deposit verification
 * is approved or rejected, never reopened (request_info is 51001).
 */
import { SATOS_TEMPLATE_CODE } from '@kyc/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { nextQuestionnaireStatus } from '../../questionnaires/status-machine.ts';
import { asStatus } from '../../questionnaires/template-versions.ts';
import {
  auditDecision,
  claimedDecisionTransaction,
  sealedTextsOf,
  textOf,
  type DecisionKind,
} from './decision.ts';
import { actorOf, changedMeanwhile, decidedAlready, type ReviewContext } from './review-context.ts';

export function satosDecision(ctx: ReviewContext): DecisionKind {
  return {
    templateCode: SATOS_TEMPLATE_CODE,
    async decide({ staff, userId, request, at }) {
      if (request.decision === 'request_info')
        throw new AppError(
          'QUESTIONNAIRE_ILLEGAL_TRANSITION',
          'a deposit verification is approved or rejected, not reopened',
        );
      const depositRef = request.depositRef;
      if (!depositRef) throw new AppError('PARAMS_ERROR', 'depositRef: required for satos-deposit', 400);
      const row = await ctx.repos.questionnaires.findSatos(userId, depositRef);
      if (!row) throw new AppError('PARAMS_ERROR', 'depositRef: no such deposit verification', 404);
      const from = asStatus(row.status);
      if (decidedAlready(from, request.decision, false))
        throw changedMeanwhile(`deposit ${depositRef} (${from})`);
      const reason = textOf(request);
      const to = nextQuestionnaireStatus(from, request.decision, {
        actor: actorOf(staff),
        review: 'staff',
        reason,
      });
      // D107: a rejection's message is sealed under the person's data key in the audit row.
      const sealed = await sealedTextsOf(ctx, userId, request, at);
      await claimedDecisionTransaction(ctx, { staff, userId, at }, SATOS_TEMPLATE_CODE, async (tx) => {
        const rejectReason = to === 'REJECTED' ? reason : to === 'APPROVED' ? '' : row.reject_reason;
        const decided = { status: to, rejectReason };
        if (!(await tx.questionnaireReview.casSatosDecision(userId, depositRef, from, decided, at)))
          throw changedMeanwhile(`deposit ${depositRef}`);
        await auditDecision(
          tx,
          { staff, userId, request, at },
          SATOS_TEMPLATE_CODE,
          {
            decision: `satos_${request.decision}`,
            templateCode: SATOS_TEMPLATE_CODE,
            depositRef,
            from,
            to,
          },
          sealed,
        );
        if (to === 'APPROVED' || to === 'REJECTED')
          await tx.notices.insert(
            {
              userId,
              kind: 'questionnaire',
              ref: SATOS_TEMPLATE_CODE,
              outcome: to === 'APPROVED' ? 'approved' : 'rejected',
            },
            at,
          );
      });
    },
  };
}
