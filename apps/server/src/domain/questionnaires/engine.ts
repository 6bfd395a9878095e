/**
 * The questionnaire engine on the server (docs/questionnaires.md). The pure interpreter lives in
 * packages/contracts/src/questionnaire-engine.ts, shared with the forms; here its error lists become
 * ret codes: 51003 for a version mismatch, 51002 for field errors.
 */
import {
  questionnaireEngine,
  type ValidateOptions,
  type QuestionnaireAnswerSet,
  type QuestionnaireAnswers,
  type QuestionnaireTemplate,
} from '@kyc/contracts';
import { AppError } from '../../lib/app-error.ts';

export type { ValidateOptions };

export const {
  allQuestions,
  isAnswered,
  evaluateCondition,
  visibleQuestions,
  parseDate,
  resolveDateBound,
  validateAnswers,
  normalizeAnswers,
  pinnedVersion,
  score,
  maxPossibleScore,
  visiblePages,
  progress,
  wrongAnswers,
} = questionnaireEngine;

/**
 * Answers are judged against the exact template version the user saw: the set must name this template
 * and this version, else QUESTIONNAIRE_VERSION_MISMATCH (51003) and nothing is saved.
 */
export function checkTemplateVersion(
  template: Pick<QuestionnaireTemplate, 'code' | 'version'>,
  set: Pick<QuestionnaireAnswerSet, 'templateCode' | 'templateVersion'>,
): void {
  const mismatch = questionnaireEngine.versionMismatch(template, set);
  if (mismatch) throw new AppError('QUESTIONNAIRE_VERSION_MISMATCH', mismatch);
}

/**
 * A use-case's one call before storing answers: the pinned version (51003), then the field errors
 * (51002, ret_msg `questionId: code; …`). Answers the normalized answers to store.
 */
export function acceptAnswers(
  template: QuestionnaireTemplate,
  set: QuestionnaireAnswerSet,
  opts: ValidateOptions,
): QuestionnaireAnswers {
  checkTemplateVersion(template, set);
  const errors = questionnaireEngine.validateAnswers(template, set.answers, opts);
  if (errors.length > 0)
    throw new AppError('QUESTIONNAIRE_INVALID_ANSWERS', questionnaireEngine.fieldErrorsMessage(errors));
  return questionnaireEngine.normalizeAnswers(template, set.answers);
}
