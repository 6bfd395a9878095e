/**
 * Staff or the system require a questionnaire, or raise a request for information (rfi), for one user
 * (docs/questionnaires.md "Compliance tasks"): a task the user sees, and the questionnaire reopened —
 * `require` from UNDEFINED, `request_info` after a review (staff only, the request being the reason the
 * user sees); unchanged while the user is still answering. Response and task commit together.
 */
import { AppError } from '../../lib/app-error.ts';
import type { QuestionnaireContext } from './questionnaire-context.ts';
import { rereadResponse } from './response-move.ts';
import { nextQuestionnaireStatus, type ReviewActor } from './status-machine.ts';
import { answerable, asStatus, currentOf, RFI_TEMPLATE_CODE } from './template-versions.ts';

export function requireQuestionnaireUseCases(ctx: QuestionnaireContext) {
  const { repos, now } = ctx;
  return {
    /** Answers the id of the task created. */
    async requireQuestionnaire(
      userId: number,
      templateCode: string,
      by: { actor: ReviewActor; staffId: number | null; requestText: string },
    ): Promise<number> {
      const versions = await answerable(repos.questionnaires, templateCode);
      const code = versions[0]?.code ?? templateCode;
      if (code === RFI_TEMPLATE_CODE && !by.requestText.trim())
        throw new AppError('PARAMS_ERROR', 'requestText: required', 400);
      const response = await repos.questionnaires.findResponse(userId, code);
      const from = asStatus(response?.status);
      const event =
        from === 'UNDEFINED'
          ? ('require' as const)
          : from === 'PENDING_NO_EDIT' || from === 'APPROVED' || from === 'REJECTED'
            ? ('request_info' as const)
            : null;
      const to = event
        ? nextQuestionnaireStatus(from, event, { actor: by.actor, reason: by.requestText })
        : from;
      const at = now();
      return repos.transaction(async (tx) => {
        if (event) {
          const current = await rereadResponse(
            tx.questionnaires,
            {
              userId,
              code,
              from,
              at,
              changedMeanwhile: () =>
                new AppError('QUESTIONNAIRE_ILLEGAL_TRANSITION', `${code} changed meanwhile`),
            },
            currentOf(versions),
          );
          await tx.questionnaires.casResponse(
            userId,
            code,
            { status: from, updatedAt: current.updated_at },
            {
              status: to,
              templateVersion: current.template_version,
              rejectReason: event === 'request_info' ? by.requestText : current.reject_reason,
              retryAfter: null,
              updatedAt: Math.max(at, current.updated_at + 1),
            },
          );
        }
        return tx.questionnaires.insertTask({
          userId,
          kind: code === RFI_TEMPLATE_CODE ? 'rfi' : 'questionnaire',
          templateCode: code,
          requestText: by.requestText,
          createdBy: by.staffId,
          createdAt: at,
        });
      });
    },
  };
}
