/**
 * Questionnaires, tests, agreements, EDD, compliance tasks and SATOS deposit checks: the use-cases of
 * the issue-5 endpoints (docs/questionnaires.md "Endpoints"), composed from one module per use-case.
 * Every call is scoped to the caller's own user id; answers are judged by the engine against the pinned
 * template version, stored sealed under the user's data key, and nothing is acknowledged before it is
 * committed. A template with its own consequence on submit adds a SubmitFollowUp to FOLLOW_UPS.
 */
import { draftUseCases } from './drafts.ts';
import { eddSubmitFollowUp, eddUseCases } from './edd.ts';
import { evidenceUseCases } from './evidence.ts';
import { kycInfoFieldUseCases } from './kyc-info-fields.ts';
import { questionnaireContext, type QuestionnaireDeps } from './questionnaire-context.ts';
import { tokenUseCases } from './questionnaire-token.ts';
import { requireQuestionnaireUseCases } from './require-questionnaire.ts';
import { questionnaireResults } from './results.ts';
import { satosUseCases } from './satos.ts';
import { openAnswers } from './sealed-answers.ts';
import { submitUseCases } from './submit.ts';
import { taskReads, taskUseCases } from './tasks.ts';

export type { KycQuestionnaireFields } from './kyc-info-fields.ts';
export type { QuestionnaireDeps, SubmitMeta } from './questionnaire-context.ts';

/** The templates whose submission moves something else too, each in the submission's transaction. */
const FOLLOW_UPS = [eddSubmitFollowUp];

export function questionnaireUseCases(deps: QuestionnaireDeps) {
  const ctx = questionnaireContext(deps);
  const results = questionnaireResults(ctx);
  const reads = taskReads(ctx);
  return {
    /** A submission's sealed answers, opened under the person's data key (an accepted agreement's copy). */
    openAnswers: (userId: number, idempotencyKey: string, sealed: Buffer) =>
      openAnswers(
        { keys: ctx.repos.submissions, keyring: ctx.keyring, at: ctx.now() },
        userId,
        idempotencyKey,
        sealed,
      ),
    ...draftUseCases(ctx, results),
    ...tokenUseCases(ctx),
    ...submitUseCases(
      ctx,
      results,
      FOLLOW_UPS.map((followUp) => followUp(ctx)),
    ),
    ...evidenceUseCases(ctx),
    ...kycInfoFieldUseCases(ctx, reads),
    ...eddUseCases(ctx),
    ...taskUseCases(ctx, reads),
    ...requireQuestionnaireUseCases(ctx),
    ...satosUseCases(ctx),
  };
}
export type QuestionnaireUseCases = ReturnType<typeof questionnaireUseCases>;
