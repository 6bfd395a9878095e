/**
 * What a submission answers (docs/questionnaires.md "Results"), the first time and for every repetition
 * with its Idempotency-Key: the status, the score, the cool-down after a failed test and, for a failed
 * test, which answers were wrong (ids only, never the right options); and the user's last submission
 * as the template detail shows it.
 */
import type { QuestionnaireAnswers, QuestionnaireSubmissionResult } from '@kyc/contracts';
import type { QuestionnaireResponseRow, QuestionnaireSubmissionRow } from '../../data/schema/index.ts';
import { wrongAnswers } from './engine.ts';
import type { QuestionnaireContext } from './questionnaire-context.ts';
import { answersObject, open } from './sealed-answers.ts';
import { retryAfterOf } from './status-machine.ts';
import { asStatus } from './template-versions.ts';

export function questionnaireResults(ctx: QuestionnaireContext) {
  const { repos, keyring, load, now } = ctx;
  const opened = (row: QuestionnaireSubmissionRow) =>
    open<QuestionnaireAnswers>(
      { keys: repos.submissions, keyring, at: now() },
      row.user_id,
      answersObject(row.idempotency_key),
      row.answers_enc,
    );

  async function resultOf(row: QuestionnaireSubmissionRow): Promise<QuestionnaireSubmissionResult> {
    const template = await load(row.template_code, row.template_version);
    const scored = row.score !== null && row.max_score !== null;
    return {
      submissionId: String(row.id),
      templateCode: row.template_code,
      templateVersion: row.template_version,
      status: asStatus(row.status),
      score: scored
        ? {
            score: Number(row.score),
            max: Number(row.max_score),
            passed: row.passed === null ? null : row.passed === 1,
            band: row.band,
          }
        : null,
      retryAfter: row.passed === 0 ? retryAfterOf(row.created_at, template.retry?.coolDownHours) : null,
      submittedAt: row.created_at,
      ...(row.passed === 0 && template.kind === 'test'
        ? { wrongQuestionIds: wrongAnswers(template, await opened(row)) }
        : {}),
    };
  }

  /** The response's last submission with its answers, or null before the first. */
  async function submitted(userId: number, response: QuestionnaireResponseRow | undefined) {
    if (!response?.last_submission_id) return null;
    const row = await repos.questionnaires.findSubmission(userId, response.last_submission_id);
    if (!row) return null;
    const result = await resultOf(row);
    const answers = await opened(row);
    return {
      submissionId: result.submissionId,
      templateVersion: row.template_version,
      answers,
      score: result.score,
      submittedAt: row.created_at,
      ...(result.wrongQuestionIds ? { wrongQuestionIds: result.wrongQuestionIds } : {}),
    };
  }

  return { resultOf, submitted };
}
export type QuestionnaireResults = ReturnType<typeof questionnaireResults>;
