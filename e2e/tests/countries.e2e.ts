/**
 * Every country (issue 10, docs/countries.md) end to end: a new person verifies with a Belgian passport
 * and a reviewer approves it; a person from the United States is told, in their language, that the
 * exchange does not serve it; an admin changes a country's coverage in the back office (audited) and
 * the person's country list follows. Screenshots at phone and desktop width in en and ar-SA (Emirates
 * host, right to left), axe on each.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  atBothWidths,
  baseUrl,
  emiratesUrl,
  expectNoAxeViolations,
  expectOnlyOwnOrigins,
  newContext,
  screenshot,
  useBrowser,
  type Page,
} from '../support/browser.ts';
import { giveCaptureConsent, photoFile, signUpFresh, staffSignIn } from '../support/kyc.ts';
import { enterDocumentDetails } from '../support/level1.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
type Texts = Record<string, unknown>;
const localeOf = (ns: string, lang: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'locales', ns, `${lang}.json`), 'utf8')) as Texts;
const textOf = (texts: Texts, key: string): string =>
  key.split('.').reduce<unknown>((node, part) => (node as Texts)[part], texts) as string;
/** A translation with its {{placeholders}} filled, as i18next renders it. */
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');

async function upload(page: Page, label: string, file: string) {
  const region = page.getByRole('region', { name: label });
  const chooser = page.waitForEvent('filechooser');
  await region.getByRole('button', { name: 'Upload a file' }).click();
  await (await chooser).setFiles(file);
  await region.getByText('Uploaded.').waitFor({ timeout: 20_000 });
}

/** The level-1 screen at its first step, the issuing country. */
async function openCountryStep(page: Page, origin: string, lang: string) {
  await page.goto(`${origin}/user/accounts/${lang}/auth/kyc?level=1`);
  await page.locator('main select').first().waitFor();
}

describe('every country', () => {
  const browser = useBrowser();

  it('a new person picks Belgium, a passport, uploads, submits level 1, and a reviewer approves it', async () => {
    const person = await newContext(browser(), DESKTOP);
    const page = await person.context.newPage();
    const email = await signUpFresh(page, baseUrl(), 'belgian');
    await openCountryStep(page, baseUrl(), 'en');

    await page.getByLabel('Country that issued your document').selectOption('BE');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.locator('input[autocomplete="given-name"]').fill('Amélie');
    await page.locator('input[autocomplete="family-name"]').fill('Peeters');
    await page.locator('input[autocomplete="bday"]').fill('1991-04-02');
    await page.getByRole('button', { name: 'Continue' }).click();
    // Belgium's documents (Regulation (EU) 2019/1157: an identity card besides the passport).
    for (const name of ['National ID card', 'Passport', 'Driving licence', 'Residence permit'])
      await page.getByRole('radio', { name }).waitFor();
    await page.getByRole('radio', { name: 'Passport' }).check();
    await enterDocumentDetails(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await upload(page, 'Front of the document', await photoFile('belgian-front'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await upload(page, 'Selfie', await photoFile('belgian-selfie', 900, 1200));
    await page.getByRole('button', { name: 'Continue' }).click();
    await giveCaptureConsent(page);
    await page.getByRole('heading', { name: 'Review and submit' }).waitFor();
    // The issuing country, and the nationality a passport suggests (D125).
    await expect.poll(() => page.getByText('Belgium', { exact: true }).count()).toBe(2);
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByRole('heading', { name: 'Submitted' }).waitFor({ timeout: 20_000 });

    const staff = await newContext(browser(), DESKTOP);
    const desk = await staff.context.newPage();
    await staffSignIn(desk, baseUrl(), 'reviewer@demo.test');
    await desk.goto(`${baseUrl()}/backoffice/verification-queue`);
    await desk.getByRole('row').filter({ hasText: email }).first().getByRole('link').first().click();
    await desk.getByRole('heading', { level: 1, name: 'Amélie Peeters' }).waitFor();
    await desk.getByRole('button', { name: 'Approve level 1' }).click();
    await desk.getByRole('dialog').getByRole('button', { name: 'Approve level 1' }).click();
    await desk.getByText('Approved. The case below is up to date.').waitFor();

    await page.goto(`${baseUrl()}/user/accounts/en/auth/personal`);
    await page
      .getByRole('region', { name: /^Step 1/ })
      .getByText('Verified', { exact: true })
      .waitFor();
    await page.getByRole('region', { name: 'Verification level' }).getByText('Level 1').waitFor();

    for (const { requests } of [person, staff]) expectOnlyOwnOrigins(requests);
    for (const { context } of [person, staff]) await context.close();
  }, 120_000);

  it('a person from the United States is told that it is not served, in en and in ar-SA, at phone and desktop width', async () => {
    for (const [origin, lang] of [
      [baseUrl(), 'en'],
      [emiratesUrl(), 'ar-SA'],
    ] as const) {
      const texts = localeOf('user-accounts', lang === 'en' ? 'en-US' : lang);
      const t = (key: string) => textOf(texts, key);
      const unitedStates = new Intl.DisplayNames([lang], { type: 'region' }).of('US') ?? 'US';
      // One walk per language; the step is checked at both widths where it stands (atBothWidths).
      const { context, requests } = await newContext(browser(), PHONE);
      const page = await context.newPage();
      await signUpFresh(page, origin, `us-${lang}`);
      await openCountryStep(page, origin, lang);
      const select = page.getByLabel(t('capture.country.label'));
      // Closed countries are listed in their own group, after the offered ones.
      const closedGroup = select.locator(`optgroup[label="${t('countries.closedGroup')}"]`);
      expect(await closedGroup.locator('option[value="US"]').count()).toBe(1);
      expect(await closedGroup.locator('option[value="BE"]').count()).toBe(0);

      await select.selectOption('US');

      const alert = page.getByRole('alert');
      await alert.getByText(fill(t('countries.closedNotice'), { country: unitedStates })).waitFor();
      await alert.getByText(t('countries.reasons.NOT_SERVED_BUSINESS')).waitFor();
      expect(await page.locator('main button[disabled]').count()).toBeGreaterThan(0);
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar-SA' ? 'rtl' : 'ltr');
      await atBothWidths(page, `countries-closed-${lang}`, { message: `country step ${lang}` });

      // Keyboard: the select is reachable and changes with the arrow keys; an offered country clears the notice.
      await select.focus();
      await select.selectOption('BE');
      await expect.poll(() => page.getByRole('alert').count()).toBe(0);
      expectOnlyOwnOrigins(requests);
      await context.close();
    }
  }, 180_000);

  it('an admin searches the countries, closes one with a reason (audited), the country list follows, and reopens it', async () => {
    const { context, requests } = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await staffSignIn(page, baseUrl(), 'admin@demo.test');
    const fiji = 'Fiji';

    for (const lang of ['en', 'ar-SA'] as const) {
      const texts = localeOf('backoffice', lang === 'en' ? 'en-US' : lang);
      const t = (key: string) => textOf(texts, key);
      if (lang !== 'en') {
        await page.getByLabel(textOf(localeOf('backoffice', 'en'), 'language.label')).selectOption(lang);
        await page.locator(`html[lang="${lang}"][dir="rtl"]`).waitFor({ state: 'attached' });
      }
      const name = new Intl.DisplayNames([lang], { type: 'region' }).of('FJ') ?? 'FJ';
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await page.goto(`${baseUrl()}/backoffice/countries`);
        await page.getByRole('heading', { level: 1, name: t('areas.countries.title') }).waitFor();
        await page.getByRole('table').waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(page, `backoffice-countries-${lang}`);
        await expectNoAxeViolations(page, { soft: true, message: `countries ${lang}` });

        // Search by name in the page language, from the keyboard.
        const search = page.getByLabel(t('countries.filters.q'));
        await search.fill(name);
        await search.press('Enter');
        await page.waitForURL(/q=/);
        const edit = page.getByRole('button', { name: fill(t('countries.edit'), { country: name }) });
        await edit.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: fill(t('countries.form.title'), { country: name }) });
        await dialog.waitFor();
        await dialog.getByRole('radio', { name: t('countries.states.closed') }).check();
        await dialog.getByLabel(t('countries.form.reason')).waitFor();
        await screenshot(page, `backoffice-country-dialog-${lang}`);
        await expectNoAxeViolations(page, { soft: true, message: `country dialog ${lang}` });
        await page.keyboard.press('Escape');
        await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      }
    }

    // The change itself, in English on a desktop.
    await page.getByLabel(textOf(localeOf('backoffice', 'ar-SA'), 'language.label')).selectOption('en');
    await page.locator('html[lang="en"]').waitFor({ state: 'attached' });
    await page.setViewportSize(DESKTOP);
    await page.goto(`${baseUrl()}/backoffice/countries?q=fiji`);
    await page.getByRole('button', { name: `Edit ${fiji}` }).click();
    const dialog = page.getByRole('dialog', { name: `Coverage of ${fiji}` });
    await dialog.getByRole('radio', { name: 'Closed' }).check();
    await dialog.getByLabel('Reason for closing').selectOption('NOT_SERVED_BUSINESS');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Coverage of ${fiji} saved.`).waitFor();
    await page.getByText('Closed: Not served (business decision)').waitFor();
    await screenshot(page, 'backoffice-country-saved-en');

    const stateOfFiji = async () => {
      const answer = await page.request.get(`${baseUrl()}/v2/public/country-list?is_disable=1`);
      const list = ((await answer.json()) as { result: { list: { code: string; state: string }[] } }).result
        .list;
      return list.find((c) => c.code === 'FJ')?.state;
    };
    expect(await stateOfFiji()).toBe('closed');

    await page.goto(`${baseUrl()}/backoffice/audit-log?action=countries.update`);
    await page.getByRole('table').getByText('Country coverage changed').first().waitFor();
    await page.getByRole('table').getByText('country:FJ').first().waitFor();

    // Reopened, so that the other journeys find Fiji as the data has it.
    await page.goto(`${baseUrl()}/backoffice/countries?q=fiji`);
    await page.getByRole('button', { name: `Edit ${fiji}` }).click();
    await dialog.getByRole('radio', { name: 'Offered' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Coverage of ${fiji} saved.`).waitFor();
    expect(await stateOfFiji()).toBe('offered');

    expectOnlyOwnOrigins(requests);
    await context.close();
  }, 240_000);
});
