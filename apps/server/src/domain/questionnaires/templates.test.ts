import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ANSWER_ERROR_CODES,
  QUESTIONNAIRE_STATUSES,
  EDD_STATUSES,
  SCREENS,
  showWhenRefs,
  questionnaireTemplate,
  type ShowWhenCondition,
  type QuestionnaireTemplate,
} from '@kyc/contracts';
import { allQuestions, maxPossibleScore, score } from './engine.ts';

/**
 * The content of content/questionnaires (docs/questionnaires.md "Templates"): every file is a valid
 * template named after its code and version, every label exists in English, every condition reads an
 * earlier question, tests can be passed and failed, and every questionnaire screen of spec §2 has one.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const DIR = path.join(ROOT, 'content/questionnaires');
const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(name, value);
    else flatten(value, name, out);
  }
  return out;
}
const english = flatten(
  JSON.parse(readFileSync(path.join(ROOT, 'locales/questionnaires/en.json'), 'utf8')) as Tree,
);

const templates = files.map((file) => ({
  file,
  template: questionnaireTemplate.parse(JSON.parse(readFileSync(path.join(DIR, file), 'utf8'))),
}));

/** Every translation key a template uses. */
function keysOf(t: QuestionnaireTemplate): string[] {
  const keys = [t.title, ...(t.description ? [t.description] : [])];
  for (const band of t.scoring?.bands ?? []) keys.push(band.label);
  for (const section of t.sections) {
    keys.push(section.title);
    for (const page of section.pages) {
      if (page.title) keys.push(page.title);
      keys.push(...(page.body ?? []));
      for (const q of page.questions) {
        keys.push(q.label);
        if (q.help) keys.push(q.help);
        if (q.type === 'number' && q.unit) keys.push(q.unit);
        if (q.type === 'single_choice' || q.type === 'multiple_choice')
          keys.push(...q.options.map((o) => o.label));
      }
    }
  }
  return keys;
}

describe('questionnaire content', () => {
  it('has the templates issue 5 asks for', () => {
    expect(templates.map((t) => t.template.code).sort()).toEqual(
      expect.arrayContaining([
        'aml-200',
        'client-agreement',
        'crypto-knowledge-test',
        'edd',
        'hk-professional-investor',
        'name-screening',
        'qualified-investor',
        'residence-info',
        'risk-tolerance-test',
        'source-of-funds-wealth',
      ]),
    );
  });

  it.each(templates)('$file is named <code>.v<version>.json', ({ file, template }) => {
    expect(file).toBe(`${template.code}.v${template.version}.json`);
  });

  it.each(templates)('$file: every label, help, option and unit key exists in English', ({ template }) => {
    const missing = keysOf(template).filter((key) => !english.get(key)?.trim());
    expect(missing).toEqual([]);
  });

  it.each(templates)('$file: every showWhen reads an earlier question', ({ template }) => {
    const earlier = new Set<string>();
    for (const q of allQuestions(template)) {
      for (const ref of q.showWhen ? showWhenRefs(q.showWhen) : [])
        expect(earlier, `${q.id} → ${ref}`).toContain(ref);
      earlier.add(q.id);
    }
  });

  it.each(templates)('$file: conditions compare against values the question can take', ({ template }) => {
    const byId = new Map(allQuestions(template).map((q) => [q.id, q]));
    const check = (cond: ShowWhenCondition): void => {
      if ('all' in cond) return cond.all.forEach(check);
      if ('any' in cond) return cond.any.forEach(check);
      const q = byId.get(cond.questionId);
      if (!q || 'answered' in cond) return;
      const expected = 'in' in cond ? cond.in : ['equals' in cond ? cond.equals : cond.notEquals];
      for (const value of expected) {
        if (q.type === 'single_choice' || q.type === 'multiple_choice')
          expect(
            q.options.map((o) => o.value),
            `${cond.questionId}`,
          ).toContain(value);
        if (q.type === 'yes_no') expect(typeof value, `${cond.questionId}`).toBe('boolean');
      }
    };
    for (const q of allQuestions(template)) if (q.showWhen) check(q.showWhen);
  });

  it.each(templates)('$file: every screen is a spec §2 route of issue 5', ({ template }) => {
    const routes = new Set<string>(SCREENS.filter((s) => s.issue === 5).map((s) => s.path));
    for (const screen of template.screens) expect(routes).toContain(screen);
  });

  it('every questionnaire screen of spec §2 is served by exactly one template (complianceTasks lists them)', () => {
    const served = templates.flatMap((t) => t.template.screens);
    expect(new Set(served).size).toBe(served.length);
    const issue5 = SCREENS.filter((s) => s.issue === 5 && s.path !== 'complianceTasks').map((s) => s.path);
    expect(issue5.filter((p) => !served.includes(p))).toEqual([]);
  });

  const tests = templates.filter((t) => t.template.kind === 'test');
  it.each(tests)('$file: a test can be passed and failed, and scores are consistent', ({ template }) => {
    const scoring = template.scoring;
    if (!scoring) throw new Error('a test needs scoring');
    expect(template.retry?.coolDownHours).toBeGreaterThan(0);
    const max = maxPossibleScore(template);
    expect(scoring.passMark).toBeGreaterThan(0);
    expect(scoring.passMark).toBeLessThanOrEqual(max);
    // Every scored question of a test is a choice with exactly one best answer or a scored yes/no.
    const best: Record<string, string | boolean> = {};
    const worst: Record<string, string | boolean> = {};
    for (const q of allQuestions(template)) {
      if (q.type === 'single_choice') {
        const [first, second, ...rest] = [...q.options].sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
        if (!first || !second) throw new Error(`${q.id}: too few options`);
        expect(first.score ?? 0, q.id).toBeGreaterThan(second.score ?? 0);
        best[q.id] = first.value;
        worst[q.id] = (rest.at(-1) ?? second).value;
      } else if (q.type === 'yes_no' && q.scores) {
        best[q.id] = q.scores.yes >= q.scores.no;
        worst[q.id] = q.scores.yes < q.scores.no;
      } else throw new Error(`${q.id}: a test question must be scored`);
    }
    expect(score(template, best)).toMatchObject({ score: max, max, passed: true });
    expect(score(template, worst).passed).toBe(false);
    for (const band of scoring.bands ?? []) expect(band.min).toBeLessThanOrEqual(max);
  });

  it('the crypto knowledge test has at least ten questions, a pass mark and a 24 h cool-down', () => {
    const t = templates.find((x) => x.template.code === 'crypto-knowledge-test')?.template;
    if (!t) throw new Error('crypto-knowledge-test missing');
    expect(allQuestions(t).length).toBeGreaterThanOrEqual(10);
    expect(t.retry?.coolDownHours).toBe(24);
    // Each question has exactly one correct answer worth one point.
    for (const q of allQuestions(t))
      if (q.type === 'single_choice') expect(q.options.filter((o) => o.score === 1)).toHaveLength(1);
  });

  it('the English file has a message for every field error and status', () => {
    for (const code of ANSWER_ERROR_CODES) expect(english.has(`errors.${code}`), code).toBe(true);
    for (const s of QUESTIONNAIRE_STATUSES) expect(english.has(`statuses.questionnaire.${s}`), s).toBe(true);
    for (const s of EDD_STATUSES) expect(english.has(`statuses.edd.${s}`), s).toBe(true);
  });

  it('the English file has no key that no template or form uses', () => {
    const used = new Set(templates.flatMap((t) => keysOf(t.template)));
    const unused = [...english.keys()].filter(
      (key) => !used.has(key) && !/^(common|units|result|statuses|errors)\./.test(key),
    );
    expect(unused).toEqual([]);
  });
});
