/**
 * Issue 20, in Chromium against the real server: a person (signed up through the page, level 1 with a
 * passport) asks for a copy of their data on the personal page behind the email code of scene 30034 (read
 * from the development mailbox), waits while it is prepared, downloads it (again behind 30034) and the
 * zip holds their data and documents; a second download of the same link is refused. Every state axe
 * clean in English and (Emirates host) Arabic at a phone and a desktop width; screenshots only with
 * E2E_SCREENSHOTS=1.
 */
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  atBothWidths,
  expectNoAxeViolations,
  expectOnlyOwnOrigins,
  newContext,
  screenshot,
  signIn,
  useBrowser,
  type Browser,
  type Page,
} from '../support/browser.ts';
import { localeFile, originOf, textAt } from '../support/locales.ts';
import { ADA, newestCode, verifiedPerson } from '../support/step-up.ts';

/** The personal page's "Your data" section in `lang`, scrolled into view. */
async function openSection(page: Page, lang: string) {
  const texts = localeFile(`user-accounts/${lang}.json`);
  await page.goto(`${originOf(lang)}/user/accounts/${lang}/auth/personal`);
  const section = page.getByRole('region', { name: textAt(texts, 'dataExport.title') });
  await section.getByText(textAt(texts, 'dataExport.intro')).waitFor();
  await section.scrollIntoViewIfNeeded();
  return { section, texts };
}

/** A fresh phone context signed in on the Emirates host, its page showing the section in Arabic. */
async function openInArabic(browser: Browser, email: string) {
  const { context } = await newContext(browser, PHONE);
  const page = await context.newPage();
  await signIn(page, originOf('ar-SA'), email);
  await page.waitForURL('**/auth/personal');
  return { context, page, ...(await openSection(page, 'ar-SA')) };
}

/** The security-verification dialog passed with the newest email code. */
async function passEmailCode(page: Page, email: string, texts: object) {
  const dialog = page.getByRole('dialog', { name: textAt(texts, 'securityVerification.title') });
  await dialog.getByText(textAt(texts, 'securityVerification.scenes.dataExport')).waitFor();
  const before = await newestCode(page, email).catch(() => '');
  await dialog.getByRole('button', { name: textAt(texts, 'securityVerification.send') }).click();
  let code = before;
  await expect
    .poll(async () => {
      code = await newestCode(page, email);
      return code !== before;
    })
    .toBe(true);
  await dialog.getByLabel(textAt(texts, 'securityVerification.emailCode')).fill(code);
  await dialog.getByRole('button', { name: textAt(texts, 'securityVerification.confirm') }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

describe('the person’s own copy of their data', () => {
  const browser = useBrowser();

  it('a new person asks for a copy behind an email code, downloads it once and finds their data in it; en and ar-SA at phone and desktop width, axe clean', async () => {
    const email = await verifiedPerson(browser());

    // en, desktop: ask for the copy.
    const { context, requests } = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await signIn(page, originOf('en'), email);
    await page.waitForURL('**/auth/personal');
    const { section, texts } = await openSection(page, 'en');
    await screenshot(page, 'data-export-none-en');
    await expectNoAxeViolations(page, { soft: true, message: 'none en desktop' });
    await section.getByRole('button', { name: textAt(texts, 'dataExport.request') }).click();
    await passEmailCode(page, email, texts);
    await expect
      .poll(() => section.getByRole('status').last().textContent())
      .toBe(textAt(texts, 'dataExport.requestedStatus'));
    // Prepared by the server's job in the background; the section polls until it is ready.
    const download = section.getByRole('button', { name: textAt(texts, 'dataExport.download') });
    await download.waitFor({ timeout: 30_000 });
    expect((await section.textContent()) ?? '').not.toMatch(/dataExport\./);
    await atBothWidths(page, 'data-export-ready-en', { message: 'ready en' });

    // The ready copy in Arabic at both widths (no new code: viewing needs none).
    const opened = await openInArabic(browser(), email);
    const view = opened.page;
    await opened.section.getByRole('button', { name: textAt(opened.texts, 'dataExport.download') }).waitFor();
    expect(await view.locator('html').getAttribute('dir')).toBe('rtl');
    const shown = (await opened.section.textContent()) ?? '';
    expect(shown).not.toMatch(/dataExport\./);
    expect(shown).not.toMatch(/Your data|Download|copy/);
    await atBothWidths(view, 'data-export-ready-ar-SA', { message: 'ready ar-SA' });
    await opened.context.close();

    // Download, behind a second email code: the file the browser saves.
    const zipAnswer = page.waitForResponse((r) =>
      r.url().includes('/v3/private/user/data-exports/download/'),
    );
    const saved = page.waitForEvent('download');
    await download.click();
    await passEmailCode(page, email, texts);
    const answer = await zipAnswer;
    expect(answer.headers()['content-type']).toBe('application/zip');
    const file = await saved;
    expect(file.suggestedFilename()).toMatch(/^personal-data-\d+-\d{4}-\d{2}-\d{2}-\d+\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync(await file.path())));
    const json = (name: string) =>
      JSON.parse(Buffer.from(files[name] ?? []).toString('utf8')) as Record<string, unknown>;
    expect(json('manifest.json')).toMatchObject({ subject: { email } });
    expect(json('data/account.json')).toMatchObject({
      account: { email },
      personalDetails: { firstName: ADA.firstName, lastName: ADA.lastName, dateOfBirth: ADA.dateOfBirth },
    });
    const documents = Object.keys(files).filter((name) => name.startsWith('documents/'));
    expect(documents).toHaveLength(2);
    for (const name of documents)
      expect(
        Buffer.from(files[name] ?? [])
          .subarray(0, 3)
          .toString('hex'),
      ).toBe('ffd8ff');
    await section.getByText(textAt(texts, 'dataExport.downloaded').split('{{date}}')[0] ?? '').waitFor();
    await expect
      .poll(() => section.getByRole('status').last().textContent())
      .toBe(textAt(texts, 'dataExport.downloadedStatus'));
    await screenshot(page, 'data-export-downloaded-en');
    await expectNoAxeViolations(page, { soft: true, message: 'downloaded en desktop' });

    // The link worked once: the same address again is refused.
    const again = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return ((await response.json()) as { ret_code: number }).ret_code;
    }, new URL(answer.url()).pathname);
    expect(again).toBe(62024);
    expectOnlyOwnOrigins(requests);
    await context.close();

    // The downloaded state in Arabic on a phone.
    const ar = await openInArabic(browser(), email);
    await ar.section.getByRole('button', { name: textAt(ar.texts, 'dataExport.request') }).waitFor();
    await screenshot(ar.page, 'data-export-downloaded-ar-SA');
    await expectNoAxeViolations(ar.page, { soft: true, message: 'downloaded ar-SA phone' });
    await ar.context.close();
  }, 300_000);
});
