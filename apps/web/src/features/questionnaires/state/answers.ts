import type { QuestionnaireAnswers, QuestionnaireTemplate } from '@kyc/contracts';
import {
  isAnswered,
  normalizeAnswers,
  validateAnswers,
  visibleQuestions,
} from '@kyc/contracts/questionnaire-engine';

export { visibleQuestions };

/** The day of validation (`YYYY-MM-DD`, UTC), as the server's engine takes it. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * What an autosave sends: the answers of visible questions only (a hidden question's answer is
 * omitted, docs/questionnaires.md), without those the server's partial validation would refuse (a
 * number still being typed): those stay on this device until they are whole.
 */
export function draftAnswers(
  template: QuestionnaireTemplate,
  answers: QuestionnaireAnswers,
): QuestionnaireAnswers {
  let out = answers;
  // Dropping an answer may hide a later question whose answer then goes too: repeat until stable.
  for (let round = 0; round < 8; round++) {
    const kept: QuestionnaireAnswers = {};
    for (const q of visibleQuestions(template, out)) {
      const value = out[q.id];
      if (value !== undefined && value !== null && isAnswered(value)) kept[q.id] = value;
    }
    const refused = new Set(
      validateAnswers(template, kept, { partial: true, today: todayUtc() }).map((e) => e.questionId),
    );
    const next = Object.fromEntries(Object.entries(kept).filter(([id]) => !refused.has(id)));
    if (Object.keys(next).length === Object.keys(out).length) return next;
    out = next;
  }
  return out;
}

/** What a submission sends: visible answers, trimmed, unanswered and hidden ones left out. */
export function submissionAnswers(
  template: QuestionnaireTemplate,
  answers: QuestionnaireAnswers,
): QuestionnaireAnswers {
  return normalizeAnswers(template, answers);
}
