/**
 * Issue 19, the person's correction step in the browser against the real server (docs/checks.md "The
 * correction step"): a person submits level 1 with a generated passport whose machine-readable zone says
 * 11 December 1990 and C01X00T47 while they typed 10 December and C01X00T48 (the number asked on the
 * document step, D125); once the checks have run in the background, the personal page asks them to
 * check the date of birth and the document number, showing what they typed and what the document says
 * (English, then Arabic on the Emirates host, right to left); they correct both (a number with a space
 * refused inline first), the step closes, and the reviewer's case shows what was first typed and the
 * corrected values. A fresh browser context at
 * phone size; screenshots (E2E_SCREENSHOTS=1) and axe at 390×844 and 1280×800.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderDocument, td3Lines } from '../../apps/server/test/support/mrz-documents.ts';
import { portraitJpeg } from '../../apps/server/src/domain/checks/quality/synthetic-images.ts';
import {
  ARTIFACTS,
  DESKTOP,
  PHONE,
  atBothWidths,
  baseUrl,
  emiratesUrl,
  expectNoAxeViolations,
  expectOnlyOwnOrigins,
  newContext,
  screenshot,
  signIn,
  useBrowser,
  type Page,
} from '../support/browser.ts';
import { signUpFresh } from '../support/kyc.ts';
import { openCase, staffPage, submitLevel1ByFile } from '../support/level1.ts';
import { backofficeText, localeFile, textAt } from '../support/locales.ts';

/** The date of birth one day off the zone's, the number one character off (D125). */
const TYPED = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1990-12-10',
  documentNumber: 'C01X00T48',
};
const PASSPORT = {
  documentCode: 'P',
  // Three characters, padded with fillers, as the zone holds them (ICAO 9303: Germany is D<<).
  issuingState: 'D<<',
  surname: 'LOVELACE',
  givenNames: 'ADA',
  documentNumber: 'C01X00T47',
  nationality: 'D<<',
  dateOfBirth: '901211',
  sex: 'F' as const,
  expiryDate: '340101',
};

const text = (lang: 'en' | 'ar-SA', key: string) =>
  textAt(localeFile(`user-accounts/${lang === 'en' ? 'en-US' : lang}.json`), key);
const personalUrl = (origin: string, lang: string) => `${origin}/user/accounts/${lang}/auth/personal`;

/** The correction step on the personal page; the checks run in the background, the page asks again. */
async function correctionStep(page: Page, origin: string, lang: 'en' | 'ar-SA', title = 'correction.title') {
  await page.goto(personalUrl(origin, lang));
  const step = page.getByRole('region', { name: text(lang, title) });
  await step.waitFor({ timeout: 150_000 });
  return step;
}

async function bothWidths(page: Page, name: string, form = 'correction-fields') {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.getByTestId(form).scrollIntoViewIfNeeded();
    await screenshot(page, name);
    await expectNoAxeViolations(page, { soft: true, message: `${name} ${viewport.width}` });
  }
  await page.setViewportSize(PHONE);
}

describe('the correction step in the browser', () => {
  const browser = useBrowser();

  it('a typed date of birth and document number that differ from the passport: the person is asked with both values of each, in en and ar-SA at both widths, corrects them, and the reviewer sees both', async () => {
    const dir = path.join(ARTIFACTS, 'files');
    mkdirSync(dir, { recursive: true });
    const front = path.join(dir, 'correction-passport.jpg');
    writeFileSync(front, await renderDocument('TD3', PASSPORT, { documentWidth: 1200, jpegQuality: 90 }));

    const person = await newContext(browser(), PHONE);
    const page = await person.context.newPage();
    const email = await signUpFresh(page, baseUrl(), 'correction');
    await submitLevel1ByFile(page, TYPED, 'correction', { front });

    // English: the date of birth, what was typed and what the document says, in words and dates.
    const step = await correctionStep(page, baseUrl(), 'en');
    const field = step.getByRole('group', { name: text('en', 'correction.field.dateOfBirth') });
    await field.getByText('December 10, 1990').or(field.getByText('10 December 1990')).waitFor();
    await field.getByText('December 11, 1990').or(field.getByText('11 December 1990')).waitFor();
    const number = step.getByRole('group', { name: text('en', 'correction.field.documentNumber') });
    await number.getByText('C01X00T48', { exact: true }).waitFor();
    await number.getByText('C01X00T47', { exact: true }).waitFor();
    await bothWidths(page, 'correction-step-en');

    // Arabic on the Emirates host, right to left.
    await signIn(page, emiratesUrl(), email);
    await page.waitForURL('**/user/accounts/**');
    const arabic = await correctionStep(page, emiratesUrl(), 'ar-SA');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await arabic.getByRole('group', { name: text('ar-SA', 'correction.field.dateOfBirth') }).waitFor();
    await arabic.getByRole('group', { name: text('ar-SA', 'correction.field.documentNumber') }).waitFor();
    await bothWidths(page, 'correction-step-ar-SA');

    // The person corrects both: the document's values are offered; a number with a space is refused in
    // the browser, then sent in lower case (the server upper-cases it); the step closes.
    const again = await correctionStep(page, baseUrl(), 'en');
    const valueLabel = (key: string) =>
      text('en', 'correction.value').replace('{{field}}', text('en', `correction.field.${key}`));
    const dobGroup = again.getByRole('group', { name: text('en', 'correction.field.dateOfBirth') });
    await dobGroup.getByRole('radio', { name: text('en', 'correction.useDocument') }).check();
    const input = again.getByLabel(valueLabel('dateOfBirth'));
    expect(await input.inputValue()).toBe('1990-12-11');
    const numberInput = again.getByLabel(valueLabel('documentNumber'));
    expect(await numberInput.inputValue()).toBe('C01X00T47');
    await numberInput.fill('C01 X00T47');
    await again.getByRole('button', { name: text('en', 'correction.submit') }).click();
    await again
      .getByText(text('en', 'capture.document.errors.numberFormat').replace('{{max}}', '20'))
      .waitFor();
    await numberInput.fill('c01x00t47');
    await again.getByRole('button', { name: text('en', 'correction.submit') }).click();
    await page.getByTestId('correction-done').waitFor();
    expect(await page.getByRole('region', { name: text('en', 'correction.title') }).count()).toBe(0);
    await page.reload();
    await page.locator('.account-summary').waitFor();
    await page.locator('section.next-steps[aria-busy="false"]').waitFor();
    expect(await page.getByRole('region', { name: text('en', 'correction.title') }).count()).toBe(0);

    // The reviewer sees what was first typed and the corrected value; data_match passes now.
    const reviewer = await staffPage(browser(), 'reviewer@demo.test');
    await openCase(reviewer.page, email);
    const en = (key: string) => backofficeText('en', key);
    const answers = reviewer.page.getByTestId('case-corrections');
    const row = answers.getByRole('row', { name: en('case.checks.fields.dateOfBirth') });
    await row.getByText(en('case.checks.corrections.corrected')).waitFor();
    const numberRow = answers.getByRole('row', { name: en('case.checks.fields.documentNumber') });
    await numberRow.getByText(en('case.checks.corrections.corrected')).waitFor();
    await numberRow.getByText('C01X00T48').waitFor();
    const match = reviewer.page.getByRole('article', { name: en('case.checks.names.data_match') });
    await match.getByText(en('case.checks.outcomes.pass'), { exact: true }).first().waitFor();
    await answers.scrollIntoViewIfNeeded();
    await atBothWidths(reviewer.page, 'correction-case-en', { message: 'case with the correction' });

    for (const { requests } of [person, reviewer]) expectOnlyOwnOrigins(requests);
    for (const { context } of [person, reviewer]) await context.close();
  }, 300_000);

  it('no zone could be read from the photo: the person types the two lines (a wrong check digit is refused inline), and is then asked about the date of birth the zone disagrees with; en and ar-SA at both widths, axe clean', async () => {
    const dir = path.join(ARTIFACTS, 'files');
    mkdirSync(dir, { recursive: true });
    // A usable photo where the data page should be: no zone in it.
    const front = path.join(dir, 'correction-no-zone.jpg');
    writeFileSync(front, await portraitJpeg());

    const person = await newContext(browser(), PHONE);
    const page = await person.context.newPage();
    const email = await signUpFresh(page, baseUrl(), 'correction-zone');
    const typed = { ...TYPED, documentNumber: PASSPORT.documentNumber };
    await submitLevel1ByFile(page, typed, 'correction-zone', { front });

    const step = await correctionStep(page, baseUrl(), 'en', 'correction.mrz.title');
    await bothWidths(page, 'correction-zone-en', 'correction-mrz');
    await signIn(page, emiratesUrl(), email);
    await page.waitForURL('**/user/accounts/**');
    await correctionStep(page, emiratesUrl(), 'ar-SA', 'correction.mrz.title');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await bothWidths(page, 'correction-zone-ar-SA', 'correction-mrz');

    const zone = await correctionStep(page, baseUrl(), 'en', 'correction.mrz.title');
    const [line1, line2] = td3Lines(PASSPORT);
    const wrong = `${line2.slice(0, 9)}${line2[9] === '1' ? '2' : '1'}${line2.slice(10)}`;
    const input = zone.getByLabel(text('en', 'correction.mrz.label'));
    await input.fill(`${line1}\n${wrong}`);
    await zone.getByRole('button', { name: text('en', 'correction.mrz.submit') }).click();
    await zone.getByRole('alert').waitFor();
    await input.fill(`${line1}\n${line2}`);
    await zone.getByRole('button', { name: text('en', 'correction.mrz.submit') }).click();
    const fields = page.getByRole('region', { name: text('en', 'correction.title') });
    await fields.getByRole('group', { name: text('en', 'correction.field.dateOfBirth') }).waitFor();
    expect(step).toBeTruthy();

    expectOnlyOwnOrigins(person.requests);
    await person.context.close();
  }, 300_000);
});
