/**
 * Questionnaires end to end (issue 5), in Chromium against the real server: the crypto knowledge test
 * passed and failed (with its cool-down), a draft surviving a reload, and the client agreement accepted.
 * Answers are chosen from the template files themselves, so the test follows the content.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  baseUrl,
  emiratesUrl,
  expectNoAxeViolations,
  expectOnlyOwnOrigins,
  newContext,
  screenshot,
  useBrowser,
  type Page,
} from '../support/browser.ts';
import { signUpFresh } from '../support/kyc.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Option {
  value: string;
  label: string;
  score?: number;
}
interface Question {
  id: string;
  type: string;
  label: string;
  options?: Option[];
}
interface Template {
  sections: { pages: { id: string; questions: Question[] }[] }[];
}

const template = (code: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'content/questionnaires', `${code}.v1.json`), 'utf8')) as Template;
const english = JSON.parse(readFileSync(path.join(ROOT, 'locales/questionnaires/en.json'), 'utf8')) as object;
const text = (key: string): string =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], english) as string;

const pages = (t: Template) => t.sections.flatMap((s) => s.pages);

/** Answers every question of the knowledge test, rightly or wrongly, page by page, and submits. */
async function takeKnowledgeTest(page: Page, right: boolean) {
  const all = pages(template('crypto-knowledge-test'));
  for (const [index, { questions }] of all.entries()) {
    for (const question of questions) {
      const options = question.options ?? [];
      const best = Math.max(...options.map((o) => o.score ?? 0));
      const pick = options.find((o) => (right ? (o.score ?? 0) === best : (o.score ?? 0) < best));
      if (!pick) throw new Error(`no option to pick for ${question.id}`);
      await page
        .getByRole('group', { name: text(question.label) })
        .getByRole('radio', { name: text(pick.label), exact: true })
        .check();
    }
    const last = index === all.length - 1;
    await page.getByRole('button', { name: last ? 'Submit' : 'Next', exact: true }).click();
  }
}

async function open(page: Page, screen: string) {
  await page.goto(`${baseUrl()}/user/accounts/en/auth/${screen}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

describe('questionnaire journeys', () => {
  const browser = useBrowser();

  it('the knowledge test: one person passes; another fails and sees when they may retry; a draft survives a reload', async () => {
    const passer = await newContext(browser(), PHONE);
    const page = await passer.context.newPage();
    await signUpFresh(page, baseUrl(), 'test-pass');
    await open(page, 'crypto-knowledge-test');

    // A draft: the first answer, saved, then the page reloaded.
    const [first] = pages(template('crypto-knowledge-test'))[0]?.questions ?? [];
    if (!first?.options?.[1]) throw new Error('the test has no first question');
    const firstGroup = page.getByRole('group', { name: text(first.label) });
    await firstGroup.getByRole('radio', { name: text(first.options[1].label), exact: true }).check();
    await page.getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'knowledge-test-en');
    await expectNoAxeViolations(page);
    await page.reload();
    await expect
      .poll(() =>
        page
          .getByRole('group', { name: text(first.label) })
          .getByRole('radio', { name: text(first.options?.[1]?.label ?? ''), exact: true })
          .isChecked(),
      )
      .toBe(true);

    await takeKnowledgeTest(page, true);
    await page.getByRole('heading', { name: 'Test passed' }).waitFor();
    await screenshot(page, 'knowledge-test-passed-en');

    const failer = await newContext(browser(), DESKTOP);
    const other = await failer.context.newPage();
    await signUpFresh(other, baseUrl(), 'test-fail');
    await open(other, 'crypto-knowledge-test');
    await takeKnowledgeTest(other, false);
    await other.getByRole('heading', { name: 'Test not passed' }).waitFor();
    await other.getByText(/You can take the test again after/).waitFor();
    await screenshot(other, 'knowledge-test-failed-en');
    await expectNoAxeViolations(other);

    for (const { requests } of [passer, failer]) expectOnlyOwnOrigins(requests);
    for (const { context } of [passer, failer]) await context.close();
  });

  it('the client agreement: its versioned text, every declaration, accepted and recorded', async () => {
    const { context, requests } = await newContext(browser());
    const page = await context.newPage();
    await signUpFresh(page, baseUrl(), 'agreement');
    await open(page, 'client-agreement');
    const all = pages(template('client-agreement'));
    for (const [index, { questions }] of all.entries()) {
      for (const question of questions)
        await page.getByRole('checkbox', { name: text(question.label) }).check();
      const last = index === all.length - 1;
      await page.getByRole('button', { name: last ? 'Accept' : 'Next', exact: true }).click();
    }
    await page.getByText(/You accepted version 1 on/).waitFor();
    await expectNoAxeViolations(page);
    expectOnlyOwnOrigins(requests);
    await context.close();
  });

  it('screenshots: the questionnaire screens at phone and desktop width, in en and in ar-SA on the Emirates host', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      for (const [origin, lang] of [
        [baseUrl(), 'en'],
        [emiratesUrl(), 'ar-SA'],
      ] as const) {
        const { context, requests } = await newContext(browser(), viewport);
        const page = await context.newPage();
        await signUpFresh(page, origin, `qn-${lang}`);
        for (const screen of [
          'eddQuestionnaire',
          'sourceOfFundsWealth',
          'risk-tolerance-test',
          'complianceTasks',
        ]) {
          await page.goto(`${origin}/user/accounts/${lang}/auth/${screen}`);
          await page.getByRole('heading', { level: 1 }).waitFor();
          await page.waitForLoadState('networkidle');
          await screenshot(page, `${screen}-${lang}`);
          if (viewport === PHONE)
            await expectNoAxeViolations(page, { soft: true, message: `${screen} ${lang}` });
        }
        expectOnlyOwnOrigins(requests);
        await context.close();
      }
    }
  }, 180_000);
});
