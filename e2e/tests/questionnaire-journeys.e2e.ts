/**
 * Questionnaires end to end (issue 5), in Chromium against the real server: the crypto knowledge test
 * passed and failed (with its cool-down), a draft surviving a reload, the client agreement accepted, and
 * an EDD questionnaire with evidence rejected by a reviewer in the back office, shown as an open task in
 * the person's task list, answered again from there and approved. Labels are read from the template
 * and translation files, so the test follows the content.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  atBothWidths,
  baseUrl,
  expectNoAxeViolations,
  expectOnlyOwnOrigins,
  newContext,
  screenshot,
  useBrowser,
  type Page,
} from '../support/browser.ts';
import { originOf } from '../support/locales.ts';
import { photoFile, signUpFresh, staffSignIn } from '../support/kyc.ts';

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

/** The English text of a key of the back office (locales/backoffice/en.json). */
const backoffice = JSON.parse(readFileSync(path.join(ROOT, 'locales/backoffice/en.json'), 'utf8')) as object;
const staffText = (key: string): string =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], backoffice) as string;

const eddLabel = (id: string) => text(`edd.q.${id}.label`);

/** Uploads one evidence file into an evidence question and waits until it is listed. */
async function attachEvidence(page: Page, questionId: string, file: string) {
  const group = page.getByRole('group', { name: eddLabel(questionId) });
  const before = await group.getByRole('button', { name: /^Remove / }).count();
  await group.getByLabel('Upload a file', { exact: true }).setInputFiles(file);
  await expect
    .poll(() => group.getByRole('button', { name: /^Remove / }).count(), { timeout: 20_000 })
    .toBe(before + 1);
}

/**
 * Answers the EDD questionnaire page by page as a salaried person funding the account from their own
 * bank account, with a document on the wealth and the funds pages, and submits it.
 */
async function answerEdd(page: Page, evidence: { wealth: string; funds: string }) {
  const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();
  await page
    .getByLabel(eddLabel('occupation_description'))
    .fill('Senior software engineer at Example Payments GmbH in Berlin; I lead a team of eight engineers.');
  await page.getByLabel(eddLabel('years_in_role')).fill('6');
  await next();

  await page.getByLabel(eddLabel('net_worth_usd')).fill('850000');
  const sources = page.getByRole('group', { name: eddLabel('source_of_wealth') });
  await sources.getByRole('checkbox', { name: text('edd.q.source_of_wealth.o.employment') }).check();
  await sources.getByRole('checkbox', { name: text('edd.q.source_of_wealth.o.investments') }).check();
  await page
    .getByLabel(eddLabel('source_of_wealth_explanation'))
    .fill('Salary saved since 2012 (about USD 40,000 a year) and an index-fund portfolio bought from 2015.');
  await attachEvidence(page, 'wealth_evidence', evidence.wealth);
  await next();

  await page.getByLabel(eddLabel('expected_deposit_usd')).fill('120000');
  await page
    .getByRole('group', { name: eddLabel('deposit_origin') })
    .getByRole('radio', { name: text('edd.q.deposit_origin.o.own_bank_account') })
    .check();
  await page.getByLabel(eddLabel('bank_country')).selectOption('DE');
  await attachEvidence(page, 'funds_evidence', evidence.funds);
  await next();

  for (const id of ['high_risk_countries', 'privacy_services'])
    await page
      .getByRole('group', { name: eddLabel(id) })
      .getByRole('radio', { name: 'No', exact: true })
      .check();
  await next();

  for (const id of ['declaration_true', 'declaration_consent'])
    await page.getByRole('checkbox', { name: eddLabel(id) }).check();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
}

/**
 * Screenshots of the back office's questionnaire queue and of one response, at phone and desktop width,
 * with axe on each; the page's language is chosen in the top bar's switcher (`lang`).
 */
async function reviewScreenshots(desk: Page, email: string, lang: 'en' | 'ar-SA') {
  if (lang !== 'en') {
    await desk.getByLabel('Language').selectOption(lang);
    await desk.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached' });
  }
  for (const viewport of [DESKTOP, PHONE]) {
    await desk.setViewportSize(viewport);
    await desk.goto(`${baseUrl()}/backoffice/questionnaires`);
    const person = desk.getByRole('link', { name: email, exact: true });
    await person.waitFor();
    await screenshot(desk, `backoffice-questionnaires-${lang}`);
    await expectNoAxeViolations(desk, { soft: true, message: `questionnaire queue ${lang}` });
    await person.click();
    await desk.getByRole('heading', { level: 1 }).waitFor();
    // The gallery's thumbnails load lazily: in view, every one decodes (they are the stored JPEGs).
    await desk.locator('img').last().scrollIntoViewIfNeeded();
    await desk.waitForFunction(() => {
      const images = [...document.images];
      return images.length >= 2 && images.every((image) => image.complete && image.naturalWidth > 0);
    });
    await screenshot(desk, `backoffice-questionnaire-response-${lang}`);
    await expectNoAxeViolations(desk, { soft: true, message: `questionnaire response ${lang}` });
    if (viewport === PHONE) {
      // One column: the decisions come after everything; a link at the top leads there, focused.
      await desk.locator('a.ui-jump-link').click();
      await expect.poll(() => desk.evaluate(() => document.activeElement?.id)).toBe('qr-decisions-heading');
    } else {
      expect(await desk.locator('a.ui-jump-link').isVisible()).toBe(false);
    }
  }
  await desk.setViewportSize(DESKTOP);
}

/** The task of the EDD questionnaire in the person's task list. */
const eddTask = (page: Page) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: text('edd.title') }) });

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

  it('EDD with evidence: rejected by a reviewer, an open task for the person, answered again from the task list, approved', async () => {
    const person = await newContext(browser(), PHONE);
    const page = await person.context.newPage();
    const email = await signUpFresh(page, baseUrl(), 'edd');
    await open(page, 'eddQuestionnaire');
    await answerEdd(page, {
      wealth: await photoFile('edd-tax-return', 1200, 1600),
      funds: await photoFile('edd-bank-statement', 1200, 1600),
    });
    await page.getByRole('heading', { name: 'Under review' }).waitFor();

    // Submitted: the task list shows the EDD task as done while it is reviewed.
    await open(page, 'complianceTasks');
    await eddTask(page).getByText('Done', { exact: true }).waitFor();

    // A reviewer finds the response in the queue, opens its evidence, takes it and rejects it.
    const staff = await newContext(browser(), DESKTOP);
    const desk = await staff.context.newPage();
    await staffSignIn(desk, baseUrl(), 'reviewer@demo.test');
    await reviewScreenshots(desk, email, 'en');
    const evidenceLinks = desk.getByRole('link', { name: /^File \d/ });
    await expect.poll(() => evidenceLinks.count()).toBe(2);
    const href = await evidenceLinks.first().getAttribute('href');
    if (!href) throw new Error('an evidence link without a target');
    const file = await desk.request.get(new URL(href, baseUrl()).toString());
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toMatch(/^image\/jpeg/);

    // The same pages in Arabic, right to left, for a senior reviewer.
    const senior = await newContext(browser(), DESKTOP);
    const seniorPage = await senior.context.newPage();
    await staffSignIn(seniorPage, baseUrl(), 'senior@demo.test');
    await reviewScreenshots(seniorPage, email, 'ar-SA');
    expectOnlyOwnOrigins(senior.requests);
    await senior.context.close();

    await desk
      .getByRole('button', { name: staffText('questionnaireReview.decisions.lock'), exact: true })
      .click();
    const reason = 'The bank statement must be less than three months old and show your name and address.';
    await desk
      .getByLabel(staffText('questionnaireReview.decisions.form.reason'))
      .selectOption('INSUFFICIENT_EVIDENCE');
    await desk.getByLabel(staffText('questionnaireReview.decisions.form.message')).fill(reason);
    await desk
      .getByRole('button', { name: staffText('questionnaireReview.decisions.rejectEdd'), exact: true })
      .click();
    await desk
      .getByRole('dialog')
      .getByRole('button', {
        name: staffText('questionnaireReview.decisions.confirm.reject.action'),
        exact: true,
      })
      .click();
    await desk.getByText(staffText('questionnaireReview.decisions.success.reject')).waitFor();

    // The person: an open task with the reviewer's message, leading to the questionnaire.
    await open(page, 'complianceTasks');
    const task = eddTask(page);
    await task.getByText('To do', { exact: true }).waitFor();
    await task.getByText(reason, { exact: false }).waitFor();
    await screenshot(page, 'compliance-tasks-edd-open-en');
    await task.getByRole('link', { name: 'Start' }).click();
    await page.waitForURL('**/auth/eddQuestionnaire');
    await page.getByRole('heading', { name: 'Not approved' }).waitFor();
    // The reviewer's message, isolated from the sentence's direction (U+2068 … U+2069).
    await page.getByText(`Reason given by our compliance team: \u2068${reason}\u2069`).waitFor();
    await page.getByRole('button', { name: 'Answer again', exact: true }).click();

    // The earlier answers are there; a newer bank statement is added before submitting again.
    await expect
      .poll(() => page.getByLabel(eddLabel('occupation_description')).inputValue())
      .toMatch(/Example Payments GmbH/);
    const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();
    await next();
    await next();
    await attachEvidence(page, 'funds_evidence', await photoFile('edd-bank-statement-recent', 1200, 1600));
    await next();
    await next();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('heading', { name: 'Under review' }).waitFor();
    await open(page, 'complianceTasks');
    await eddTask(page).getByText('Done', { exact: true }).waitFor();

    // The reviewer passes the case; the person sees it approved.
    await desk.reload();
    await desk
      .getByRole('button', { name: staffText('questionnaireReview.decisions.lock'), exact: true })
      .click();
    await desk
      .getByRole('button', { name: staffText('questionnaireReview.decisions.passEdd'), exact: true })
      .click();
    await desk.getByText(staffText('questionnaireReview.decisions.success.approve')).waitFor();
    await open(page, 'eddQuestionnaire');
    await page.getByRole('heading', { name: 'Approved' }).waitFor();
    await screenshot(page, 'edd-approved-en');

    // Decided: the queue no longer waits on it. (Other files share this server: their responses may wait
    // there, so the queue need not be empty; this person's must be gone.)
    await desk.goto(`${baseUrl()}/backoffice/questionnaires`);
    await desk
      .getByText(staffText('questionnaireReview.queue.empty'))
      .or(desk.getByRole('table', { name: staffText('questionnaireReview.queue.tableCaption') }))
      .first()
      .waitFor();
    expect(await desk.getByRole('link', { name: email, exact: true }).count()).toBe(0);

    for (const { requests } of [person, staff]) expectOnlyOwnOrigins(requests);
    for (const { context } of [person, staff]) await context.close();
  }, 120_000);

  it('screenshots: the questionnaire screens at phone and desktop width, in en and in ar-SA on the Emirates host', async () => {
    for (const lang of ['en', 'ar-SA'] as const) {
      const origin = originOf(lang);
      // One walk per language: axe at phone width, the screenshots at both (atBothWidths).
      const { context, requests } = await newContext(browser(), PHONE);
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
        await expectNoAxeViolations(page, { soft: true, message: `${screen} ${lang}` });
        await atBothWidths(page, `${screen}-${lang}`, { axe: false });
      }
      expectOnlyOwnOrigins(requests);
      await context.close();
    }
  }, 180_000);
});
