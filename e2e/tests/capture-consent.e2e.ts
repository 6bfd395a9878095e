/**
 * A capture a compliance officer signs off (issue 10), in Chromium: a tiny or solid-colour photo is
 * refused at the capture step with its translated reason and retaken; the consent and declaration
 * must be given before the ID and selfie are submitted, and the reviewer sees it recorded; approving
 * asks for confirmation and takes a comment; level 2 asks for the residence address, shown to the
 * reviewer beside the proof, labelled "Proof of address"; a proposed final rejection carries a badge
 * and the queue filters for it. Screenshots at 390×844 and 1280×800 in en and ar-SA, axe on each.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  ARTIFACTS,
  DESKTOP,
  atBothWidths,
  PHONE,
  baseUrl,
  expectNoAxeViolations,
  expectOnlyOwnOrigins,
  newContext,
  screenshot,
  signIn,
  useBrowser,
  type Browser,
  type Page,
} from '../support/browser.ts';
import { originOf } from '../support/locales.ts';
import { photoFile, signUpFresh, staffSignIn, type StaffEmail } from '../support/kyc.ts';
import { chooseCaptureFile, nextStep, toDocumentFront } from '../support/level1.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
type Texts = Record<string, unknown>;
const locale = (namespace: string, lang: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'locales', namespace, `${lang}.json`), 'utf8')) as Texts;
const text = (texts: Texts, key: string): string =>
  key.split('.').reduce<unknown>((node, part) => (node as Texts)[part], texts) as string;
const EN = locale('user-accounts', 'en');
const ERRORS_EN = locale('inverse-error-code', 'en');

/** A solid-colour JPEG written under e2e/artifacts (the 200×150 red square that is never a passport). */
async function solidFile(name: string, width: number, height: number): Promise<string> {
  mkdirSync(path.join(ARTIFACTS, 'files'), { recursive: true });
  const file = path.join(ARTIFACTS, 'files', `${name}.jpg`);
  writeFileSync(
    file,
    await sharp({ create: { width, height, channels: 3, background: { r: 220, g: 20, b: 30 } } })
      .jpeg()
      .toBuffer(),
  );
  return file;
}

/** Uploads a file that passes the checks and waits until it is stored. */
async function uploadGood(page: Page, file: string) {
  await chooseCaptureFile(page, file);
  await page.locator('.capture__done').waitFor({ timeout: 20_000 });
}

async function staffPage(browser: Browser, email: StaffEmail) {
  const { context } = await newContext(browser);
  const page = await context.newPage();
  await staffSignIn(page, baseUrl(), email);
  return { context, page };
}

async function openCase(page: Page, email: string, query = '') {
  await page.goto(`${baseUrl()}/backoffice/verification-queue${query}`);
  const row = page.getByRole('row').filter({ hasText: email });
  await row.first().getByRole('link').first().click();
  await page.getByRole('heading', { name: 'Decisions' }).waitFor();
}

describe('capture sign-off (issue 10)', () => {
  const browser = useBrowser();

  it('a tiny or solid-colour photo is refused with its translated reason and retaken; the consent must be given before submitting and is recorded; the approval is confirmed with a comment; level 2 asks for the address, shown beside the proof', async () => {
    const { context, requests } = await newContext(browser(), PHONE);
    const page = await context.newPage();
    const email = await signUpFresh(page, baseUrl(), 'consent');
    await toDocumentFront(page, baseUrl(), 'en');

    // The red square is refused as too small, a large solid colour as one colour: translated, retake offered.
    await chooseCaptureFile(page, await solidFile('red-200x150', 200, 150));
    const alert = page.locator('.capture__error');
    await expect.poll(() => alert.textContent()).toBe(text(ERRORS_EN, '40006'));
    await expectNoAxeViolations(page);
    await screenshot(page, 'capture-refused-en');
    await chooseCaptureFile(page, await solidFile('red-1200x800', 1200, 800));
    await expect.poll(() => alert.textContent()).toBe(text(ERRORS_EN, '40008'));
    await uploadGood(page, await photoFile('consent-front'));
    await nextStep(page);
    await uploadGood(page, await photoFile('consent-selfie', 900, 1200));
    await nextStep(page);

    // The consent step: both boxes required before the review.
    await page.getByRole('heading', { name: 'Consent and declaration' }).waitFor();
    const proceed = page.getByRole('button', { name: 'Continue' });
    expect(await proceed.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: /I consent to the processing/ }).check();
    expect(await proceed.isDisabled()).toBe(true);
    // Keyboard: Tab to the declaration and Space ticks it.
    await page.getByRole('checkbox', { name: /I consent to the processing/ }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await page.getByRole('checkbox', { name: /I declare that the information/ }).isChecked()).toBe(
      true,
    );
    await expectNoAxeViolations(page);
    await screenshot(page, 'capture-consent-en');
    await proceed.click();
    await page.getByRole('heading', { name: 'Review and submit' }).waitFor();
    await page.getByText(text(EN, 'captureSignOff.review.given'), { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByRole('heading', { name: 'Submitted' }).waitFor({ timeout: 20_000 });
    // The draft is gone after the submission; nothing went to localStorage.
    expect(
      await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('kyc-capture-draft'))),
    ).toEqual([]);
    const local = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(local).not.toMatch(/kyc-capture-draft|Lovelace/);

    // The reviewer sees the consent recorded, and approves after a confirmation, with a comment.
    const reviewer = await staffPage(browser(), 'reviewer@demo.test');
    await openCase(reviewer.page, email);
    await reviewer.page.getByText(/Given: text version 1, in en, at/).waitFor();
    await reviewer.page.getByRole('button', { name: 'Approve level 1' }).click();
    const dialog = reviewer.page.getByRole('dialog', { name: 'Approve level 1?' });
    await dialog.getByLabel('Comment (optional)').fill('Passport matches the selfie.');
    await expectNoAxeViolations(reviewer.page);
    await screenshot(reviewer.page, 'backoffice-approve-dialog-en');
    await dialog.getByRole('button', { name: 'Approve level 1' }).click();
    await reviewer.page.getByText('Approved. The case below is up to date.').waitFor();
    await reviewer.page.getByText('Passport matches the selfie.').waitFor();

    // Level 2: the residence address, then the proof of address.
    await page.goto(`${baseUrl()}/user/accounts/en/auth/kyc?level=2`);
    await page.getByRole('combobox', { name: 'Country of residence' }).selectOption('DE');
    await nextStep(page);
    await page.getByText('This field is required.').first().waitFor();
    await page.getByLabel('Street and number').fill('Unter den Linden 1');
    await page.getByLabel('City').fill('Berlin');
    await page.getByLabel('Postal code (optional)').fill('10117');
    await expectNoAxeViolations(page);
    await screenshot(page, 'capture-address-en');
    await nextStep(page);
    await uploadGood(page, await photoFile('consent-poa', 1200, 1600));
    await nextStep(page);
    await page.getByText('Unter den Linden 1, 10117, Berlin').waitFor();
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByRole('heading', { name: 'Submitted' }).waitFor({ timeout: 20_000 });

    await openCase(reviewer.page, email, '?level=2');
    await reviewer.page.getByText('Residence address: Unter den Linden 1, 10117, Berlin, DE').waitFor();
    await reviewer.page.getByRole('heading', { name: /Submission \d+: Proof of address/ }).waitFor();
    expect(await reviewer.page.getByText('ID card', { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(reviewer.page);
    await screenshot(reviewer.page, 'backoffice-case-poa-en');
    expectOnlyOwnOrigins(requests);
    await reviewer.context.close();
    await context.close();
  });

  it('a proposed final rejection carries a badge in the queue and on the case, and the queue filters for it', async () => {
    const { context } = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    const email = await signUpFresh(page, baseUrl(), 'final');
    await toDocumentFront(page, baseUrl(), 'en');
    await uploadGood(page, await photoFile('final-front'));
    await nextStep(page);
    await uploadGood(page, await photoFile('final-selfie', 900, 1200));
    await nextStep(page);
    await page.getByRole('checkbox', { name: /I consent to the processing/ }).check();
    await page.getByRole('checkbox', { name: /I declare that the information/ }).check();
    await nextStep(page);
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByRole('heading', { name: 'Submitted' }).waitFor({ timeout: 20_000 });

    const reviewer = await staffPage(browser(), 'reviewer@demo.test');
    await openCase(reviewer.page, email);
    const form = reviewer.page.getByRole('group', { name: 'Reject level 1' });
    await form.getByLabel('Reason').selectOption('BLURRY_IMAGE');
    await form.getByLabel('Message to the person').fill('The document does not match the selfie.');
    await form.getByRole('button', { name: 'Propose final rejection' }).click();
    await reviewer.page.getByRole('dialog').getByRole('button', { name: 'Propose final rejection' }).click();
    await expect.poll(() => reviewer.page.getByRole('dialog').count()).toBe(0);
    await reviewer.page
      .getByRole('heading', { name: /Level 1\s*Final rejection awaiting a senior/ })
      .waitFor();

    // The queue: the badge on the row, and the filter keeps only such cases.
    await reviewer.page.goto(`${baseUrl()}/backoffice/verification-queue`);
    const row = reviewer.page.getByRole('row').filter({ hasText: email });
    await row.getByText('Final rejection awaiting a senior').waitFor();
    await reviewer.page.getByLabel('Final rejection').selectOption('true');
    await reviewer.page.getByRole('button', { name: 'Apply filters' }).click();
    await reviewer.page.waitForURL(/pendingFinal=true/);
    await row.waitFor();
    await expect
      .poll(() => reviewer.page.getByRole('row').filter({ hasText: 'pending@demo.test' }).count())
      .toBe(0);
    await expectNoAxeViolations(reviewer.page);
    await reviewer.context.close();
    await context.close();
  });

  it('screenshots: refusal, consent and address steps, the approve dialog and the filtered queue, at phone and desktop width, in en and in ar-SA on the Emirates host', async () => {
    const tiny = await solidFile('red-shots', 200, 150);
    // One walk per language; each screen is checked at both widths where it stands (atBothWidths).
    for (const lang of ['en', 'ar-SA'] as const) {
      const origin = originOf(lang);
      const { context, requests } = await newContext(browser(), PHONE);
      const page = await context.newPage();
      await signUpFresh(page, origin, `capture-shots-${lang}`);
      await toDocumentFront(page, origin, lang);
      await chooseCaptureFile(page, tiny);
      const errors = locale('inverse-error-code', lang);
      await expect.poll(() => page.locator('.capture__error').textContent()).toBe(text(errors, '40006'));
      if (lang === 'ar-SA') await page.locator('html[dir="rtl"]').waitFor({ state: 'attached' });
      await atBothWidths(page, `capture-refused-${lang}`, { message: `refusal ${lang}` });
      await uploadGood(page, await photoFile(`shots-front-${lang}`));
      await nextStep(page);
      await uploadGood(page, await photoFile(`shots-selfie-${lang}`, 900, 1200));
      await nextStep(page);
      await page.locator('.kyc-consent').waitFor();
      await atBothWidths(page, `capture-consent-${lang}`, { message: `consent ${lang}` });
      // The step and answers survive a reload (the files do not).
      await page.reload();
      await page.locator('[data-testid="capture-file-front"]').waitFor({ state: 'attached' });
      await context.close();

      // The address step of a person verified at level 1.
      const verified = await newContext(browser(), PHONE);
      const l1 = await verified.context.newPage();
      await signIn(l1, origin, 'l1@demo.test');
      await l1.waitForURL('**/user/accounts/**');
      await l1.goto(`${origin}/user/accounts/${lang}/auth/kyc?level=2`);
      await l1.locator('input[autocomplete="address-line1"]').waitFor();
      await l1.locator('select[autocomplete="country"]').selectOption('DE');
      await l1.locator('input[autocomplete="address-line1"]').fill('Unter den Linden 1');
      await l1.locator('input[autocomplete="address-level2"]').fill('Berlin');
      await atBothWidths(l1, `capture-address-${lang}`, { message: `address ${lang}` });
      expectOnlyOwnOrigins([...requests, ...verified.requests]);
      await verified.context.close();
    }

    // The back office in both languages and widths: the approve dialog and the filtered queue.
    const { context, page } = await staffPage(browser(), 'admin@demo.test');
    for (const lang of ['en', 'ar-SA'] as const) {
      if (lang !== 'en') {
        await page.getByLabel(text(locale('backoffice', 'en'), 'language.label')).selectOption(lang);
        await page.locator(`html[lang="${lang}"][dir="rtl"]`).waitFor({ state: 'attached' });
      }
      const bo = locale('backoffice', lang === 'en' ? 'en-US' : lang);
      await page.goto(`${baseUrl()}/backoffice/verification-queue?pendingFinal=true`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      await atBothWidths(page, `backoffice-queue-pending-final-${lang}`, { message: `queue ${lang}` });
      await page.goto(`${baseUrl()}/backoffice/verification-queue`);
      await page.getByRole('row').filter({ hasText: 'pending@demo.test' }).getByRole('link').first().click();
      const approve = page.getByRole('button', {
        name: text(bo, 'decisions.approve').replace('{{level}}', '1'),
      });
      await approve.click();
      await page.getByRole('dialog').waitFor();
      await atBothWidths(page, `backoffice-approve-dialog-${lang}`, { message: `approve dialog ${lang}` });
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    }
    await context.close();
  }, 300_000);
});
