/**
 * A submission as a reviewer reads it: the answers opened under the user's data key, in template
 * order, visible questions only, with the label keys of question and options; and the submission's
 * head (status, score, when, from where) for the case's list.
 */
import type {
  QuestionnaireAnswers,
  QuestionnaireTemplate,
  ReviewAnswer,
  ReviewQuestionnaireSubmission,
} from '@kyc/contracts';
import type { QuestionnaireSubmissionRow } from '../../../data/schema/index.ts';
import { visibleQuestions } from '../../questionnaires/engine.ts';
import { decryptBlob } from '../../../lib/crypto/envelope.ts';
import { withStoredDataKey } from '../../kyc/data-keys.ts';
import { answersObject } from '../../questionnaires/sealed-answers.ts';
import { asStatus } from '../../questionnaires/template-versions.ts';
import type { ReviewContext } from './review-context.ts';

function reviewAnswers(template: QuestionnaireTemplate, answers: QuestionnaireAnswers): ReviewAnswer[] {
  const visible = new Set(visibleQuestions(template, answers).map((q) => q.id));
  const out: ReviewAnswer[] = [];
  for (const section of template.sections)
    for (const page of section.pages)
      for (const q of page.questions) {
        if (!visible.has(q.id)) continue;
        const value = answers[q.id] ?? null;
        let optionLabels: string[] = [];
        if (q.type === 'single_choice' || q.type === 'multiple_choice') {
          const chosen = Array.isArray(value) ? value.map(String) : value === null ? [] : [String(value)];
          optionLabels = q.options.filter((o) => chosen.includes(o.value)).map((o) => o.label);
        }
        out.push({
          questionId: q.id,
          type: q.type,
          label: q.label,
          section: section.title,
          page: page.title ?? null,
          value,
          optionLabels,
        });
      }
  return out;
}

export function submissionHead(
  row: QuestionnaireSubmissionRow,
): Omit<ReviewQuestionnaireSubmission, 'answers'> {
  const scored = row.score !== null && row.max_score !== null;
  return {
    id: Number(row.id),
    templateVersion: Number(row.template_version),
    status: asStatus(row.status),
    score: scored
      ? {
          score: Number(row.score),
          max: Number(row.max_score),
          passed: row.passed === null ? null : Number(row.passed) === 1,
          band: row.band,
        }
      : null,
    submittedAt: Number(row.created_at),
    language: row.language,
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
  };
}

/** The submission with its answers, against the exact version the person answered. */
export async function fullSubmission(
  ctx: ReviewContext,
  userId: number,
  row: QuestionnaireSubmissionRow,
): Promise<ReviewQuestionnaireSubmission> {
  const template = await ctx.load(row.template_code, Number(row.template_version));
  const { keys, keyring } = ctx.files;
  // Issue 20: the erasure empties the sealed answers (and may have destroyed the key): no answers then,
  // and reading never creates a data key for the person (the view's redaction markers say why).
  const sealed = Buffer.from(row.answers_enc);
  if (sealed.length === 0) return { ...submissionHead(row), answers: [] };
  const answers = await withStoredDataKey(keys, keyring, userId, (key) =>
    key
      ? (JSON.parse(
          decryptBlob(key, sealed, { userId, objectId: answersObject(row.idempotency_key) }).toString('utf8'),
        ) as QuestionnaireAnswers)
      : undefined,
  );
  return { ...submissionHead(row), answers: answers ? reviewAnswers(template, answers) : [] };
}
