/**
 * The questionnaire engine (docs/questionnaires.md), shared by the server and the forms: one interpreter
 * for every questionnaire, test, agreement and declaration template. Pure: no I/O, no clock (the day of
 * validation is passed in), no exceptions for answers: errors come back as lists (the server's
 * apps/server/src/domain/questionnaires/engine.ts turns them into ret codes 51002 and 51003).
 *
 * - visibleQuestions: which questions a person sees, given the answers so far (`showWhen`).
 * - validateAnswers: field errors of an answer set (partial for drafts, complete for a submission).
 * - score: points, maximum, pass or fail, profile band.
 * - versionMismatch / pinnedVersion: answers are only ever judged against the version the user saw.
 *
 * It imports no zod (types only, and the constants of questionnaire-rules.ts), so the forms load it
 * through `@kyc/contracts/questionnaire-engine` without the schemas.
 */
import type {
  QuestionnaireAnswerSet,
  QuestionnaireAnswerValue,
  QuestionnaireAnswers,
  ShowWhenCondition,
  AnswerFieldError,
  AnswerErrorCode,
  QuestionnaireQuestion,
  QuestionnaireScore,
  QuestionnaireTemplate,
} from './api/questionnaire.ts';
import {
  DOCUMENT_ID_PATTERN,
  QUESTIONNAIRE_LIMITS,
  QUESTIONNAIRE_TEXT_PATTERNS,
} from './questionnaire-rules.ts';

export interface ValidateOptions {
  /** A draft (autosave): only what would make the stored answers malformed is refused. */
  partial: boolean;
  /** The day of validation, `YYYY-MM-DD` (UTC), for relative date bounds such as `today-18y`. */
  today: string;
  /** Known ISO country codes; when given, a country answer outside it is refused. */
  countries?: ReadonlySet<string>;
}

/**
 * Errors that only a complete submission raises: a draft may be incomplete or half typed (a reload or a
 * dropped connection never loses typed answers), but never of the wrong shape, too long, or about a
 * question the person cannot see.
 */
const SUBMIT_ONLY: ReadonlySet<AnswerErrorCode> = new Set<AnswerErrorCode>([
  'required',
  'must_accept',
  'too_few_selections',
  'too_short',
  'pattern',
  'too_small',
  'too_large',
  'not_integer',
  'invalid_date',
  'date_too_early',
  'date_too_late',
  'invalid_country',
  'too_few_files',
]);

/** Every question of a template, in the order shown (sections, pages, questions). */
export function allQuestions(template: QuestionnaireTemplate): QuestionnaireQuestion[] {
  return template.sections.flatMap((s) => s.pages.flatMap((p) => p.questions));
}

/** Absent, null, blank text and an empty list are "not answered"; false is an answer (no, unticked). */
export function isAnswered(value: QuestionnaireAnswerValue | null | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function matches(value: QuestionnaireAnswerValue, expected: string | number | boolean): boolean {
  return Array.isArray(value) ? value.includes(expected as string) : value === expected;
}

/**
 * A condition against the answers of visible questions. A leaf other than `answered` is false when its
 * question is unanswered or hidden: "show when X is not 'no'" waits for X to be answered.
 */
export function evaluateCondition(
  cond: ShowWhenCondition,
  visibleAnswers: ReadonlyMap<string, QuestionnaireAnswerValue>,
): boolean {
  if ('all' in cond) return cond.all.every((c) => evaluateCondition(c, visibleAnswers));
  if ('any' in cond) return cond.any.some((c) => evaluateCondition(c, visibleAnswers));
  const value = visibleAnswers.get(cond.questionId);
  const answered = isAnswered(value);
  if ('answered' in cond) return answered === cond.answered;
  if (!answered || value === undefined) return false;
  if ('equals' in cond) return matches(value, cond.equals);
  if ('notEquals' in cond) return !matches(value, cond.notEquals);
  return cond.in.some((expected) => matches(value, expected));
}

/**
 * The questions shown for these answers, in order. showWhen only reads earlier questions (the contract
 * checks it), so one pass decides; the answer of a hidden question is never seen by a later condition.
 */
export function visibleQuestions(
  template: QuestionnaireTemplate,
  answers: QuestionnaireAnswers,
): QuestionnaireQuestion[] {
  const seen = new Map<string, QuestionnaireAnswerValue>();
  const visible: QuestionnaireQuestion[] = [];
  for (const q of allQuestions(template)) {
    if (q.showWhen && !evaluateCondition(q.showWhen, seen)) continue;
    visible.push(q);
    const value = answers[q.id];
    if (value !== undefined && value !== null) seen.set(q.id, value);
  }
  return visible;
}

// Dates ---------------------------------------------------------------------------------------------

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A real calendar date `YYYY-MM-DD`, or null. */
export function parseDate(text: string): { y: number; m: number; d: number } | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return { y, m, d };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * `today`, `today-18y`, `today+30d` or an absolute date, as `YYYY-MM-DD`. A month or year step keeps
 * the day, clamped: 29 Feb − 1y is 28 Feb.
 */
export function resolveDateBound(bound: string, today: string): string {
  const relative = /^today(?:([+-]\d{1,3})([dmy]))?$/.exec(bound);
  if (!relative) return bound;
  const base = parseDate(today);
  if (!base) throw new Error(`today is not a date: ${today}`);
  if (!relative[1]) return today;
  const n = Number(relative[1]);
  let { y, m, d } = base;
  if (relative[2] === 'd') {
    const t = new Date(Date.UTC(y, m - 1, d + n));
    return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
  }
  const months = relative[2] === 'y' ? n * 12 : n;
  const index = y * 12 + (m - 1) + months;
  y = Math.floor(index / 12);
  m = (index % 12) + 1;
  d = Math.min(d, daysInMonth(y, m));
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

// Validation ----------------------------------------------------------------------------------------

/** Every error of one answered question (completeness errors included; the caller filters for drafts). */
function checkAnswer(
  q: QuestionnaireQuestion,
  value: QuestionnaireAnswerValue,
  opts: ValidateOptions,
): AnswerErrorCode[] {
  const errors: AnswerErrorCode[] = [];
  switch (q.type) {
    case 'single_choice':
      if (typeof value !== 'string') return ['wrong_type'];
      if (!q.options.some((o) => o.value === value)) errors.push('invalid_option');
      return errors;
    case 'multiple_choice': {
      if (!Array.isArray(value)) return ['wrong_type'];
      const chosen = q.options.filter((o) => value.includes(o.value));
      if (chosen.length !== value.length || new Set(value).size !== value.length)
        errors.push('invalid_option');
      if (value.length > 1 && chosen.some((o) => o.exclusive)) errors.push('exclusive_option');
      if (value.length > (q.maxSelections ?? q.options.length)) errors.push('too_many_selections');
      if (value.length < (q.minSelections ?? 1)) errors.push('too_few_selections');
      return errors;
    }
    case 'text': {
      if (typeof value !== 'string') return ['wrong_type'];
      const text = value.trim();
      if (text.length > (q.maxLength ?? QUESTIONNAIRE_LIMITS.textMaxLength)) errors.push('too_long');
      if (q.minLength !== undefined && text.length < q.minLength) errors.push('too_short');
      if (q.pattern && !QUESTIONNAIRE_TEXT_PATTERNS[q.pattern].test(text)) errors.push('pattern');
      return errors;
    }
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return ['wrong_type'];
      if (q.integer && !Number.isInteger(value)) errors.push('not_integer');
      if (q.min !== undefined && value < q.min) errors.push('too_small');
      if (q.max !== undefined && value > q.max) errors.push('too_large');
      return errors;
    case 'date': {
      if (typeof value !== 'string') return ['wrong_type'];
      if (!parseDate(value)) return ['invalid_date'];
      // ISO dates of four-digit years compare as strings.
      if (q.minDate && value < resolveDateBound(q.minDate, opts.today)) errors.push('date_too_early');
      if (q.maxDate && value > resolveDateBound(q.maxDate, opts.today)) errors.push('date_too_late');
      return errors;
    }
    case 'country':
      if (typeof value !== 'string') return ['wrong_type'];
      if (!/^[A-Z]{2}$/.test(value) || (opts.countries && !opts.countries.has(value)))
        errors.push('invalid_country');
      return errors;
    case 'yes_no':
      return typeof value === 'boolean' ? [] : ['wrong_type'];
    case 'declaration':
      if (typeof value !== 'boolean') return ['wrong_type'];
      if (!value && q.required) errors.push('must_accept');
      return errors;
    case 'evidence_upload':
      if (!Array.isArray(value)) return ['wrong_type'];
      if (value.some((id) => !DOCUMENT_ID_PATTERN.test(id)) || new Set(value).size !== value.length)
        errors.push('invalid_document');
      if (value.length > (q.maxFiles ?? QUESTIONNAIRE_LIMITS.evidenceMaxFiles)) errors.push('too_many_files');
      if (value.length < (q.minFiles ?? 1)) errors.push('too_few_files');
      return errors;
  }
}

/**
 * Field errors of an answer set against a template (empty: valid). Refused in every mode: an answer to
 * an unknown question, an answer to a question hidden by its showWhen, an answer of the wrong type or
 * an unknown option, text over its maximum, too many selections or files, a malformed document id.
 * A submission (partial false) also needs every visible required question answered, declarations
 * ticked, and every format rule met. Evidence ids are only checked for form here: that each is the
 * caller's own, unused upload is the use-case's job (documents repository).
 */
export function validateAnswers(
  template: QuestionnaireTemplate,
  answers: QuestionnaireAnswers,
  opts: ValidateOptions,
): AnswerFieldError[] {
  const questions = allQuestions(template);
  const known = new Set(questions.map((q) => q.id));
  const visible = new Set(visibleQuestions(template, answers).map((q) => q.id));
  const errors: AnswerFieldError[] = [];
  for (const id of Object.keys(answers))
    if (!known.has(id)) errors.push({ questionId: id, code: 'unknown_question' });
  for (const q of questions) {
    const value = answers[q.id];
    if (!visible.has(q.id)) {
      if (isAnswered(value)) errors.push({ questionId: q.id, code: 'hidden_question' });
      continue;
    }
    const codes =
      value === undefined || value === null || !isAnswered(value)
        ? q.required
          ? ['required' as const]
          : []
        : checkAnswer(q, value, opts);
    for (const code of codes)
      if (!opts.partial || !SUBMIT_ONLY.has(code)) errors.push({ questionId: q.id, code });
  }
  return errors;
}

/**
 * The answers as stored: text trimmed, unanswered entries dropped. Call after validation; the answers
 * of hidden questions are dropped too (validation refused any that were answered).
 */
export function normalizeAnswers(
  template: QuestionnaireTemplate,
  answers: QuestionnaireAnswers,
): QuestionnaireAnswers {
  const out: QuestionnaireAnswers = {};
  for (const q of visibleQuestions(template, answers)) {
    const value = answers[q.id];
    if (value === undefined || value === null || !isAnswered(value)) continue;
    out[q.id] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

/** `questionId: code; …`, the ret_msg of 51002. */
export function fieldErrorsMessage(errors: readonly AnswerFieldError[]): string {
  return errors.map((e) => `${e.questionId}: ${e.code}`).join('; ');
}

// Version pinning -----------------------------------------------------------------------------------

/**
 * Answers are judged against the exact template version the user saw: null when the set names this
 * template and this version, else why not (the server answers QUESTIONNAIRE_VERSION_MISMATCH, 51003).
 */
export function versionMismatch(
  template: Pick<QuestionnaireTemplate, 'code' | 'version'>,
  set: Pick<QuestionnaireAnswerSet, 'templateCode' | 'templateVersion'>,
): string | null {
  if (set.templateCode !== template.code) return `template ${set.templateCode} is not ${template.code}`;
  if (set.templateVersion !== template.version)
    return `${template.code}: answers are for version ${set.templateVersion}, the pinned version is ${template.version}`;
  return null;
}

/**
 * The version a user answers: the version of their draft while that version is still offered (a new
 * version published mid-way does not change questions under the person's hands), else the current one.
 * Retired versions (withdrawn, e.g. a superseded agreement text) restart the draft on the current one.
 */
export function pinnedVersion(
  draftVersion: number | null,
  currentVersion: number,
  retiredVersions: readonly number[] = [],
): number {
  if (draftVersion === null || draftVersion > currentVersion || retiredVersions.includes(draftVersion))
    return currentVersion;
  return draftVersion;
}

// Scoring -------------------------------------------------------------------------------------------

function questionScore(
  q: QuestionnaireQuestion,
  value: QuestionnaireAnswerValue | null | undefined,
): { score: number; max: number } | null {
  if (q.type === 'single_choice' || q.type === 'multiple_choice') {
    if (!q.options.some((o) => o.score !== undefined)) return null;
    const points = (v: string) => q.options.find((o) => o.value === v)?.score ?? 0;
    if (q.type === 'single_choice') {
      const max = Math.max(0, ...q.options.map((o) => o.score ?? 0));
      return { score: typeof value === 'string' ? points(value) : 0, max };
    }
    // Multiple choice: the sum of the chosen options (wrong ones may cost points), never below 0.
    const max = q.options.reduce((sum, o) => sum + Math.max(0, o.score ?? 0), 0);
    const chosen = Array.isArray(value) ? value.reduce((sum, v) => sum + points(v), 0) : 0;
    return { score: Math.max(0, chosen), max };
  }
  if (q.type === 'yes_no' && q.scores) {
    const score = value === true ? q.scores.yes : value === false ? q.scores.no : 0;
    return { score, max: Math.max(0, q.scores.yes, q.scores.no) };
  }
  return null;
}

/** Points of the visible scored questions, their maximum, pass or fail (pass mark), the band reached. */
export function score(template: QuestionnaireTemplate, answers: QuestionnaireAnswers): QuestionnaireScore {
  let total = 0;
  let max = 0;
  for (const q of visibleQuestions(template, answers)) {
    const s = questionScore(q, answers[q.id]);
    if (!s) continue;
    total += s.score;
    max += s.max;
  }
  const scoring = template.scoring;
  const band = scoring?.bands?.filter((b) => total >= b.min).at(-1)?.value ?? null;
  return { score: total, max, passed: scoring ? total >= scoring.passMark : null, band };
}

/**
 * A failed knowledge test's wrong answers (issue 10): the visible scored questions answered below their
 * best, in template order. Only the ids: which option was right is never told, so the test keeps its
 * worth on a retry. A test with bands measures a profile (risk tolerance), where no answer is wrong:
 * empty.
 */
export function wrongAnswers(template: QuestionnaireTemplate, answers: QuestionnaireAnswers): string[] {
  if (template.kind !== 'test' || template.scoring?.bands?.length) return [];
  return visibleQuestions(template, answers)
    .filter((q) => {
      const s = questionScore(q, answers[q.id]);
      return s !== null && s.score < s.max;
    })
    .map((q) => q.id);
}

/** The highest score the template allows (every scored question visible and answered at its best). */
export function maxPossibleScore(template: QuestionnaireTemplate): number {
  return allQuestions(template).reduce((sum, q) => {
    if (q.type === 'single_choice' || q.type === 'multiple_choice' || q.type === 'yes_no')
      return sum + (questionScore(q, null)?.max ?? 0);
    return sum;
  }, 0);
}

// Progress ------------------------------------------------------------------------------------------

/**
 * The pages shown for these answers, in order: a page none of whose questions is visible is skipped (the
 * source-of-funds template has one page per source, shown only for the sources chosen).
 */
export function visiblePages(template: QuestionnaireTemplate, answers: QuestionnaireAnswers): string[] {
  const visible = new Set(visibleQuestions(template, answers).map((q) => q.id));
  return template.sections.flatMap((s) =>
    s.pages.filter((p) => p.questions.some((q) => visible.has(q.id))).map((p) => p.id),
  );
}

/** For the progress indicator: pages shown, and visible required questions answered of those to answer. */
export function progress(
  template: QuestionnaireTemplate,
  answers: QuestionnaireAnswers,
): { pages: number; answered: number; required: number } {
  const required = visibleQuestions(template, answers).filter((q) => q.required);
  const done = required.filter((q) => {
    const v = answers[q.id];
    return isAnswered(v) && !(q.type === 'declaration' && v === false);
  });
  return { pages: visiblePages(template, answers).length, answered: done.length, required: required.length };
}
