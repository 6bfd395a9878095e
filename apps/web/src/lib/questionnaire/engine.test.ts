import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  QUESTIONNAIRE_LIMITS as CONTRACT_LIMITS,
  QUESTIONNAIRE_TEXT_PATTERNS as CONTRACT_PATTERNS,
  questionnaireEngine as contract,
  questionnaireTemplate,
  type QuestionnaireAnswers,
  type QuestionnaireAnswerValue,
  type QuestionnaireQuestion,
  type QuestionnaireTemplate,
} from '@kyc/contracts';
import * as web from './engine';

const CONTENT = new URL('../../../../../content/questionnaires/', import.meta.url);
const TEMPLATES: QuestionnaireTemplate[] = readdirSync(CONTENT)
  .filter((f) => f.endsWith('.json'))
  .map((f) => questionnaireTemplate.parse(JSON.parse(readFileSync(new URL(f, CONTENT), 'utf8'))));

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A plausible, an empty or a malformed answer to a question. */
function answerFor(q: QuestionnaireQuestion, rnd: () => number): QuestionnaireAnswerValue | null | undefined {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const roll = rnd();
  if (roll < 0.15) return undefined;
  if (roll < 0.2) return null;
  if (roll < 0.27) return pick(['', 'x', 42, true, ['a']] as QuestionnaireAnswerValue[]);
  switch (q.type) {
    case 'single_choice':
      return pick(q.options).value;
    case 'multiple_choice':
      return q.options.filter(() => rnd() < 0.4).map((o) => o.value);
    case 'text':
      return pick(['Jane Doe', '  trimmed  ', 'a', 'AB12 3CD', 'x'.repeat(300)]);
    case 'number':
      return pick([0, 1, 12.5, 250000, -3, 1e9]);
    case 'date':
      return pick(['1990-02-28', '2024-02-30', '2999-01-01', 'not a date']);
    case 'country':
      return pick(['DE', 'HK', 'XX', 'de']);
    case 'yes_no':
    case 'declaration':
      return rnd() < 0.5;
    case 'evidence_upload':
      return pick([['a'.repeat(32)], ['a'.repeat(32), 'b'.repeat(32)], ['not-an-id'], []]);
  }
}

describe('the web copy of the questionnaire engine', () => {
  it('keeps the limits and text patterns of the contracts', () => {
    expect(web.QUESTIONNAIRE_LIMITS).toEqual(CONTRACT_LIMITS);
    for (const [name, pattern] of Object.entries(CONTRACT_PATTERNS))
      expect(String(web.QUESTIONNAIRE_TEXT_PATTERNS[name as keyof typeof CONTRACT_PATTERNS])).toBe(
        String(pattern),
      );
  });

  it('has every template of content/questionnaires to compare on', () => {
    expect(TEMPLATES.length).toBeGreaterThanOrEqual(12);
  });

  it.each(TEMPLATES.map((t) => [t.code, t] as const))(
    'agrees with the contracts engine on %s (visibility, validation, scoring, progress)',
    (_code, template) => {
      const rnd = random(template.code.length * 7919);
      const questions = contract.allQuestions(template);
      const countries = new Set(['DE', 'HK', 'GB']);
      for (let run = 0; run < 300; run++) {
        const answers: QuestionnaireAnswers = {};
        for (const q of questions) {
          const value = answerFor(q, rnd);
          if (value !== undefined) answers[q.id] = value;
        }
        const ids = (list: QuestionnaireQuestion[]) => list.map((q) => q.id);
        expect(ids(web.visibleQuestions(template, answers))).toEqual(
          ids(contract.visibleQuestions(template, answers)),
        );
        for (const partial of [true, false]) {
          const opts = { partial, today: '2026-11-22', countries };
          expect(web.validateAnswers(template, answers, opts)).toEqual(
            contract.validateAnswers(template, answers, opts),
          );
        }
        expect(web.normalizeAnswers(template, answers)).toEqual(contract.normalizeAnswers(template, answers));
        expect(web.score(template, answers)).toEqual(contract.score(template, answers));
        expect(web.progress(template, answers)).toEqual(contract.progress(template, answers));
      }
      expect(web.maxPossibleScore(template)).toBe(contract.maxPossibleScore(template));
    },
  );
});
