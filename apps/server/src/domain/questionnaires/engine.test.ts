import { describe, expect, it } from 'vitest';
import {
  RET_CODES,
  questionnaireTemplate,
  type QuestionnaireAnswers,
  type AnswerFieldError,
  type QuestionnaireTemplateInput,
} from '@kyc/contracts';
import { AppError } from '../../lib/app-error.ts';
import { retCodeOf } from '../../lib/testing/ret-code-of.ts';
import {
  acceptAnswers,
  checkTemplateVersion,
  evaluateCondition,
  maxPossibleScore,
  normalizeAnswers,
  pinnedVersion,
  progress,
  resolveDateBound,
  score,
  validateAnswers,
  visiblePages,
  visibleQuestions,
  type ValidateOptions,
} from './engine.ts';

const DOC_A = 'a'.repeat(32);
const DOC_B = 'b'.repeat(32);
const TODAY = '2026-03-15';
const SUBMIT: ValidateOptions = { partial: false, today: TODAY };
const DRAFT: ValidateOptions = { partial: true, today: TODAY };

const key = (name: string) => `t.${name}`;
const opt = (value: string, score?: number, exclusive?: boolean) => ({
  value,
  label: key(value),
  ...(score === undefined ? {} : { score }),
  ...(exclusive ? { exclusive } : {}),
});

/** One question of every type, with conditions (nested all/any) and scoring. */
const input: QuestionnaireTemplateInput = {
  code: 'fixture',
  version: 3,
  kind: 'questionnaire',
  review: 'staff',
  title: key('title'),
  scoring: {
    passMark: 4,
    bands: [
      { min: 0, value: 'low', label: key('low') },
      { min: 4, value: 'high', label: key('high') },
    ],
  },
  sections: [
    {
      id: 's1',
      title: key('s1'),
      pages: [
        {
          id: 'p1',
          questions: [
            {
              id: 'employment',
              type: 'single_choice',
              label: key('employment'),
              options: [opt('employed', 2), opt('retired', 0), opt('other', 1)],
            },
            {
              id: 'employer',
              type: 'text',
              label: key('employer'),
              minLength: 2,
              maxLength: 20,
              pattern: 'name',
              showWhen: { questionId: 'employment', equals: 'employed' },
            },
            {
              id: 'other_detail',
              type: 'text',
              label: key('od'),
              required: false,
              showWhen: { questionId: 'employment', notEquals: 'employed' },
            },
            {
              id: 'sources',
              type: 'multiple_choice',
              label: key('sources'),
              maxSelections: 2,
              options: [opt('salary', 2), opt('gift', -1), opt('crypto', 1), opt('none', 0, true)],
            },
            {
              id: 'salary_amount',
              type: 'number',
              label: key('amount'),
              min: 0,
              max: 1000,
              integer: true,
              showWhen: {
                all: [
                  { questionId: 'sources', equals: 'salary' },
                  {
                    any: [
                      { questionId: 'employment', in: ['employed', 'other'] },
                      { questionId: 'employer', answered: true },
                    ],
                  },
                ],
              },
            },
          ],
        },
        {
          id: 'p2',
          questions: [
            { id: 'born', type: 'date', label: key('born'), minDate: '1900-01-01', maxDate: 'today-18y' },
            { id: 'country', type: 'country', label: key('country') },
            { id: 'pep', type: 'yes_no', label: key('pep'), scores: { yes: 0, no: 1 } },
            {
              id: 'pep_role',
              type: 'text',
              label: key('pep_role'),
              showWhen: { questionId: 'pep', equals: true },
            },
            {
              id: 'evidence',
              type: 'evidence_upload',
              label: key('evidence'),
              maxFiles: 2,
              showWhen: { questionId: 'pep', answered: true },
            },
            { id: 'truthful', type: 'declaration', label: key('truthful') },
            { id: 'newsletter', type: 'declaration', label: key('newsletter'), required: false },
          ],
        },
      ],
    },
  ],
};
const template = questionnaireTemplate.parse(input);

const complete: QuestionnaireAnswers = {
  employment: 'employed',
  employer: 'Acme Ltd',
  sources: ['salary', 'crypto'],
  salary_amount: 500,
  born: '1990-06-01',
  country: 'DE',
  pep: false,
  evidence: [DOC_A],
  truthful: true,
};

const codes = (errors: AnswerFieldError[]) => errors.map((e) => `${e.questionId}:${e.code}`).sort();
const ids = (answers: QuestionnaireAnswers) => visibleQuestions(template, answers).map((q) => q.id);

describe('conditions', () => {
  const answers = new Map<string, string | number | boolean | string[]>([
    ['a', 'x'],
    ['m', ['p', 'q']],
    ['b', false],
    ['empty', ''],
  ]);

  it.each([
    [{ questionId: 'a', equals: 'x' }, true],
    [{ questionId: 'a', equals: 'y' }, false],
    [{ questionId: 'a', notEquals: 'y' }, true],
    [{ questionId: 'a', notEquals: 'x' }, false],
    [{ questionId: 'a', in: ['y', 'x'] }, true],
    [{ questionId: 'a', in: ['y', 'z'] }, false],
    [{ questionId: 'm', equals: 'q' }, true],
    [{ questionId: 'm', notEquals: 'q' }, false],
    [{ questionId: 'm', in: ['z', 'p'] }, true],
    [{ questionId: 'b', equals: false }, true],
    [{ questionId: 'b', equals: true }, false],
    [{ questionId: 'b', answered: true }, true],
    [{ questionId: 'empty', answered: false }, true],
    [{ questionId: 'missing', answered: false }, true],
    // Leaves other than `answered` wait for an answer.
    [{ questionId: 'missing', notEquals: 'x' }, false],
    [{ questionId: 'empty', in: [''] }, false],
    [
      {
        all: [
          { questionId: 'a', equals: 'x' },
          { questionId: 'b', equals: false },
        ],
      },
      true,
    ],
    [
      {
        all: [
          { questionId: 'a', equals: 'x' },
          { questionId: 'b', equals: true },
        ],
      },
      false,
    ],
    [
      {
        any: [
          { questionId: 'a', equals: 'y' },
          { questionId: 'm', equals: 'p' },
        ],
      },
      true,
    ],
    [
      {
        any: [
          { questionId: 'a', equals: 'y' },
          { questionId: 'm', equals: 'z' },
        ],
      },
      false,
    ],
    [
      {
        all: [
          {
            any: [
              { questionId: 'a', equals: 'y' },
              {
                all: [
                  { questionId: 'm', equals: 'p' },
                  { questionId: 'b', answered: true },
                ],
              },
            ],
          },
          { questionId: 'missing', answered: false },
        ],
      },
      true,
    ],
  ] as const)('%j is %s', (cond, expected) => {
    expect(evaluateCondition(cond as never, answers)).toBe(expected);
  });

  it('shows follow-up questions only when their condition holds', () => {
    expect(ids({ employment: 'employed' })).toContain('employer');
    expect(ids({ employment: 'employed' })).not.toContain('other_detail');
    expect(ids({ employment: 'retired' })).toEqual(expect.arrayContaining(['other_detail']));
    expect(ids({ employment: 'retired' })).not.toContain('employer');
    expect(ids({})).not.toContain('other_detail');
    expect(ids({ pep: true })).toEqual(expect.arrayContaining(['pep_role', 'evidence']));
    expect(ids({ pep: false })).toContain('evidence');
    expect(ids({ pep: false })).not.toContain('pep_role');
  });

  it('evaluates nested all/any, and a hidden question counts as unanswered', () => {
    expect(ids({ sources: ['salary'], employment: 'other' })).toContain('salary_amount');
    expect(ids({ sources: ['salary'], employment: 'employed' })).toContain('salary_amount');
    expect(ids({ sources: ['salary'], employment: 'retired' })).not.toContain('salary_amount');
    expect(ids({ sources: ['crypto'], employment: 'employed' })).not.toContain('salary_amount');
    // employer answered but hidden (retired): its answer does not satisfy `employer answered`.
    expect(ids({ sources: ['salary'], employment: 'retired', employer: 'Acme' })).not.toContain(
      'salary_amount',
    );
  });
});

describe('validateAnswers', () => {
  it('accepts a complete, valid answer set', () => {
    expect(validateAnswers(template, complete, SUBMIT)).toEqual([]);
  });

  it('refuses an answer to a hidden question, in drafts too', () => {
    const answers = { ...complete, employment: 'retired', other_detail: 'x' };
    expect(codes(validateAnswers(template, answers, SUBMIT))).toEqual([
      'employer:hidden_question',
      'salary_amount:hidden_question',
    ]);
    expect(codes(validateAnswers(template, answers, DRAFT))).toEqual([
      'employer:hidden_question',
      'salary_amount:hidden_question',
    ]);
    // A cleared (null or blank) hidden answer is fine.
    expect(validateAnswers(template, { ...answers, employer: null, salary_amount: null }, SUBMIT)).toEqual(
      [],
    );
  });

  it('refuses an unknown question', () => {
    expect(codes(validateAnswers(template, { ...complete, injected: 'x' }, DRAFT))).toEqual([
      'injected:unknown_question',
    ]);
  });

  it('requires every visible required question on submit, not in a draft', () => {
    expect(codes(validateAnswers(template, {}, SUBMIT))).toEqual([
      'born:required',
      'country:required',
      'employment:required',
      'pep:required',
      'sources:required',
      'truthful:required',
    ]);
    expect(validateAnswers(template, {}, DRAFT)).toEqual([]);
    expect(codes(validateAnswers(template, { ...complete, employer: '   ' }, SUBMIT))).toEqual([
      'employer:required',
    ]);
  });

  it('single choice: a listed option', () => {
    const check = (employment: unknown) =>
      codes(validateAnswers(template, { ...complete, employment } as QuestionnaireAnswers, DRAFT)).filter(
        (c) => c.startsWith('employment:'),
      );
    expect(check('pirate')).toEqual(['employment:invalid_option']);
    expect(check(3)).toEqual(['employment:wrong_type']);
    expect(check('other')).toEqual([]);
  });

  it('multiple choice: listed options, no duplicates, exclusive options alone, at most maxSelections', () => {
    const check = (sources: unknown) =>
      codes(validateAnswers(template, { ...complete, sources } as QuestionnaireAnswers, SUBMIT));
    expect(check(['salary', 'nope'])).toContain('sources:invalid_option');
    expect(check(['salary', 'salary'])).toContain('sources:invalid_option');
    expect(check(['crypto', 'none'])).toEqual(['salary_amount:hidden_question', 'sources:exclusive_option']);
    expect(check(['salary', 'crypto', 'gift'])).toEqual(['sources:too_many_selections']);
    expect(check('salary')).toContain('sources:wrong_type');
    expect(check(['none'])).toEqual(['salary_amount:hidden_question']);
  });

  it('text: trimmed length, pattern, type', () => {
    const check = (employer: unknown, opts = SUBMIT) =>
      codes(validateAnswers(template, { ...complete, employer } as QuestionnaireAnswers, opts));
    expect(check('A')).toEqual(['employer:too_short']);
    expect(check(' Ab ')).toEqual([]);
    expect(check('x'.repeat(21))).toEqual(['employer:too_long']);
    expect(check('Acme <script>')).toEqual(['employer:pattern']);
    expect(check(42)).toEqual(['employer:wrong_type']);
    // A draft keeps half-typed text; only its length bound (storage) applies.
    expect(check('A', DRAFT)).toEqual([]);
    expect(check('Acme <', DRAFT)).toEqual([]);
    expect(check('x'.repeat(21), DRAFT)).toEqual(['employer:too_long']);
  });

  it('number: finite, integer, min and max', () => {
    const check = (salary_amount: unknown) =>
      codes(validateAnswers(template, { ...complete, salary_amount } as QuestionnaireAnswers, SUBMIT));
    expect(check(0)).toEqual([]);
    expect(check(1000)).toEqual([]);
    expect(check(-1)).toEqual(['salary_amount:too_small']);
    expect(check(1001)).toEqual(['salary_amount:too_large']);
    expect(check(1.5)).toEqual(['salary_amount:not_integer']);
    expect(check('500')).toEqual(['salary_amount:wrong_type']);
    expect(check(Number.POSITIVE_INFINITY)).toEqual(['salary_amount:wrong_type']);
  });

  it('date: a real date within absolute and relative bounds', () => {
    const check = (born: unknown) =>
      codes(validateAnswers(template, { ...complete, born } as QuestionnaireAnswers, SUBMIT));
    expect(check('2008-03-15')).toEqual([]); // 18 today
    expect(check('2008-03-16')).toEqual(['born:date_too_late']);
    expect(check('1899-12-31')).toEqual(['born:date_too_early']);
    expect(check('1990-02-30')).toEqual(['born:invalid_date']);
    expect(check('15/03/1990')).toEqual(['born:invalid_date']);
    expect(check(19900315)).toEqual(['born:wrong_type']);
  });

  it('country: an ISO alpha-2 code, from the known list when given', () => {
    const check = (country: unknown, countries?: Set<string>) =>
      codes(
        validateAnswers(template, { ...complete, country } as QuestionnaireAnswers, { ...SUBMIT, countries }),
      );
    expect(check('de')).toEqual(['country:invalid_country']);
    expect(check('DEU')).toEqual(['country:invalid_country']);
    expect(check('DE', new Set(['FR']))).toEqual(['country:invalid_country']);
    expect(check('FR', new Set(['FR']))).toEqual([]);
  });

  it('yes/no: a boolean', () => {
    expect(codes(validateAnswers(template, { ...complete, pep: 'no' }, DRAFT))).toContain('pep:wrong_type');
  });

  it('declaration: a required one must be ticked on submit; an optional one may stay unticked', () => {
    expect(codes(validateAnswers(template, { ...complete, truthful: false }, SUBMIT))).toEqual([
      'truthful:must_accept',
    ]);
    expect(validateAnswers(template, { ...complete, truthful: false }, DRAFT)).toEqual([]);
    expect(validateAnswers(template, { ...complete, newsletter: false }, SUBMIT)).toEqual([]);
    expect(codes(validateAnswers(template, { ...complete, truthful: 'yes' }, DRAFT))).toEqual([
      'truthful:wrong_type',
    ]);
  });

  it('evidence: document ids, distinct, between minFiles and maxFiles', () => {
    const check = (evidence: unknown, opts = SUBMIT) =>
      codes(validateAnswers(template, { ...complete, evidence } as QuestionnaireAnswers, opts));
    expect(check([DOC_A, DOC_B])).toEqual([]);
    expect(check(['../../etc/passwd'])).toEqual(['evidence:invalid_document']);
    expect(check([DOC_A, DOC_A])).toEqual(['evidence:invalid_document']);
    expect(check([DOC_A, DOC_B, 'c'.repeat(32)])).toEqual(['evidence:too_many_files']);
    expect(check(DOC_A)).toEqual(['evidence:wrong_type']);
    expect(check([])).toEqual(['evidence:required']);
  });
});

describe('normalizeAnswers and progress', () => {
  it('trims text and drops unanswered and hidden entries', () => {
    expect(
      normalizeAnswers(template, {
        ...complete,
        employer: '  Acme Ltd ',
        other_detail: null,
        newsletter: null,
      }),
    ).toEqual(complete);
  });

  it('skips pages without a visible question', () => {
    const twoPages = questionnaireTemplate.parse({
      ...input,
      sections: [
        {
          id: 's',
          title: key('s'),
          pages: [
            { id: 'first', questions: [{ id: 'a', type: 'yes_no', label: key('a') }] },
            {
              id: 'second',
              questions: [
                { id: 'b', type: 'text', label: key('b'), showWhen: { questionId: 'a', equals: true } },
              ],
            },
          ],
        },
      ],
    });
    expect(visiblePages(twoPages, {})).toEqual(['first']);
    expect(visiblePages(twoPages, { a: false })).toEqual(['first']);
    expect(visiblePages(twoPages, { a: true })).toEqual(['first', 'second']);
    expect(progress(twoPages, { a: true })).toEqual({ pages: 2, answered: 1, required: 2 });
  });

  it('counts visible required questions answered', () => {
    expect(progress(template, {})).toEqual({ pages: 2, answered: 0, required: 6 });
    expect(progress(template, { employment: 'employed', truthful: false })).toEqual({
      pages: 2,
      answered: 1,
      required: 7,
    });
    expect(progress(template, complete)).toEqual({ pages: 2, answered: 9, required: 9 });
  });
});

describe('score', () => {
  it('sums the chosen options of visible questions, with a pass mark and a band', () => {
    // employed 2 + (salary 2 + crypto 1) + pep no 1 = 6 of 2 + 3 + 1 = 6.
    expect(score(template, complete)).toEqual({ score: 6, max: 6, passed: true, band: 'high' });
    expect(score(template, { employment: 'retired', sources: ['crypto'], pep: true })).toEqual({
      score: 1,
      max: 6,
      passed: false,
      band: 'low',
    });
    expect(score(template, { employment: 'employed', sources: ['salary', 'gift'], pep: false })).toEqual({
      score: 4,
      max: 6,
      passed: true,
      band: 'high',
    });
  });

  it('never lets a multiple choice go below zero, and counts unanswered as zero', () => {
    expect(score(template, { sources: ['gift'] })).toMatchObject({ score: 0, passed: false });
    expect(score(template, {})).toEqual({ score: 0, max: 6, passed: false, band: 'low' });
  });

  it('passed is null without a pass mark', () => {
    const plain = questionnaireTemplate.parse({ ...input, scoring: undefined });
    expect(score(plain, complete)).toEqual({ score: 6, max: 6, passed: null, band: null });
    expect(maxPossibleScore(plain)).toBe(6);
  });
});

describe('version pinning', () => {
  it('accepts answers for the pinned template and version only', () => {
    expect(() =>
      checkTemplateVersion(template, { templateCode: 'fixture', templateVersion: 3 }),
    ).not.toThrow();
    expect(
      retCodeOf(() => checkTemplateVersion(template, { templateCode: 'fixture', templateVersion: 2 })),
    ).toBe(RET_CODES.QUESTIONNAIRE_VERSION_MISMATCH.code);
    expect(
      retCodeOf(() => checkTemplateVersion(template, { templateCode: 'other', templateVersion: 3 })),
    ).toBe(RET_CODES.QUESTIONNAIRE_VERSION_MISMATCH.code);
  });

  it('keeps a draft on its version until that version is retired', () => {
    expect(pinnedVersion(null, 3)).toBe(3);
    expect(pinnedVersion(2, 3)).toBe(2);
    expect(pinnedVersion(2, 3, [2])).toBe(3);
    expect(pinnedVersion(4, 3)).toBe(3);
  });

  it('acceptAnswers: version first, then field errors, then the normalized answers', () => {
    const set = {
      templateCode: 'fixture',
      templateVersion: 3,
      answers: { ...complete, employer: ' Acme Ltd' },
    };
    expect(acceptAnswers(template, set, SUBMIT)).toEqual(complete);
    expect(retCodeOf(() => acceptAnswers(template, { ...set, templateVersion: 1 }, SUBMIT))).toBe(
      RET_CODES.QUESTIONNAIRE_VERSION_MISMATCH.code,
    );
    try {
      acceptAnswers(template, { ...set, answers: { ...complete, truthful: false, injected: 1 } }, SUBMIT);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).retCode).toBe(RET_CODES.QUESTIONNAIRE_INVALID_ANSWERS.code);
      expect((error as AppError).message).toBe('injected: unknown_question; truthful: must_accept');
    }
  });
});

describe('resolveDateBound', () => {
  it.each([
    ['today', '2026-03-15', '2026-03-15'],
    ['today-18y', '2026-03-15', '2008-03-15'],
    ['today+30d', '2026-03-15', '2026-04-14'],
    ['today-12m', '2026-03-15', '2025-03-15'],
    ['today-1m', '2026-03-31', '2026-02-28'],
    ['today-1y', '2028-02-29', '2027-02-28'],
    ['today-3m', '2026-01-10', '2025-10-10'],
    ['1950-01-01', '2026-03-15', '1950-01-01'],
  ])('%s on %s is %s', (bound, today, expected) => {
    expect(resolveDateBound(bound, today)).toBe(expected);
  });
});

describe('the template contract', () => {
  it('refuses a showWhen on a later or unknown question, duplicate ids, and a test without pass mark or cool-down', () => {
    const page = (questions: unknown[]) => ({
      ...input,
      sections: [{ id: 's', title: key('s'), pages: [{ id: 'p', questions }] }],
    });
    const yes = (id: string, extra = {}) => ({ id, type: 'yes_no', label: key(id), ...extra });
    expect(
      questionnaireTemplate.safeParse(
        page([yes('a', { showWhen: { questionId: 'b', equals: true } }), yes('b')]),
      ).success,
    ).toBe(false);
    expect(questionnaireTemplate.safeParse(page([yes('a'), yes('a')])).success).toBe(false);
    expect(
      questionnaireTemplate.safeParse(
        page([yes('a'), yes('b', { showWhen: { questionId: 'a', equals: true } })]),
      ).success,
    ).toBe(true);
    expect(
      questionnaireTemplate.safeParse({ ...input, kind: 'test', review: 'auto', scoring: undefined }).success,
    ).toBe(false);
    expect(questionnaireTemplate.safeParse({ ...input, kind: 'test', review: 'auto' }).success).toBe(false);
    expect(
      questionnaireTemplate.safeParse({
        ...input,
        kind: 'test',
        review: 'auto',
        retry: { coolDownHours: 24 },
      }).success,
    ).toBe(true);
    // A leaf has exactly one operator; a regular expression cannot be smuggled in as a pattern.
    expect(
      questionnaireTemplate.safeParse(
        page([yes('a'), yes('b', { showWhen: { questionId: 'a', equals: true, answered: true } })]),
      ).success,
    ).toBe(false);
    expect(
      questionnaireTemplate.safeParse(page([{ id: 't', type: 't', label: key('t'), pattern: '(a+)+$' }]))
        .success,
    ).toBe(false);
    expect(
      questionnaireTemplate.safeParse(page([{ id: 't', type: 'text', label: key('t'), pattern: '(a+)+$' }]))
        .success,
    ).toBe(false);
  });
});
