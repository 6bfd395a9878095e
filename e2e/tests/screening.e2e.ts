/**
 * Issue 18 in Chromium against the real server, whose demo mode loads the list fixtures
 * (apps/server/src/domain/screening/fixtures): a person who types the name of the invented OFAC
 * individual submits level 1; the reviewer sees the hit and cannot approve, marks it a false positive,
 * cannot confirm it alone, a senior reviewer confirms it, and the reviewer approves. Another such person
 * is declared a true match: their account shows the restricted state. The alerts queue, the hit on the
 * case page, the restricted state and the back-office home's frozen accounts notice (D111) are checked
 * with axe at 390×844 and 1280×800 in en and ar-SA (shot with E2E_SCREENSHOTS=1).
 */
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
  useBrowser,
  type Page,
} from '../support/browser.ts';
import { signUpFresh } from '../support/kyc.ts';
import {
  approveLevel1,
  alertsRowOf,
  backofficeLanguage,
  openCase,
  staffPage,
  submitLevel1ByFile,
} from '../support/level1.ts';
import { backofficeText, localeFile, textAt } from '../support/locales.ts';

/** The invented OFAC individual of the fixtures, typed as a person would type themselves. */
const VELMOROV = { firstName: 'Oleg Tarasovich', lastName: 'Velmorov', dateOfBirth: '1971-03-12' };

const backoffice = (lang: string) => (key: string) => backofficeText(lang, key);
const en = backoffice('en');

const panel = (page: Page) => page.getByRole('region', { name: en('case.screening.heading') });
const resolveForm = (page: Page) => page.getByRole('form', { name: en('case.screening.resolve.heading') });

describe('sanctions screening in the browser', () => {
  const browser = useBrowser();

  it('a person named on the OFAC list cannot be approved until a reviewer clears the hit and a senior reviewer confirms it', async () => {
    const person = await newContext(browser(), PHONE);
    const page = await person.context.newPage();
    const email = await signUpFresh(page, baseUrl(), 'velmorov');
    await submitLevel1ByFile(page, VELMOROV, 'velmorov');

    const reviewer = await staffPage(browser(), 'reviewer@demo.test');
    await openCase(reviewer.page, email);
    await panel(reviewer.page).getByText(en('case.screening.statuses.open_hit')).waitFor();
    await panel(reviewer.page).getByText('VELMOROV', { exact: false }).first().waitFor();
    await reviewer.page.getByText(en('decisions.screeningBlocked')).first().waitFor();
    expect(await reviewer.page.getByRole('button', { name: 'Approve level 1' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(reviewer.page, { message: 'case with an open hit' });

    // The reviewer marks it a false positive: a sanctions hit then waits for a second reviewer.
    await resolveForm(reviewer.page)
      .getByRole('button', { name: en('case.screening.resolve.falsePositive') })
      .click();
    await resolveForm(reviewer.page).getByText(en('case.screening.resolve.reasonRequired')).waitFor();
    await resolveForm(reviewer.page)
      .getByLabel(en('case.screening.resolve.reason'))
      .fill('Date of birth and passport photo differ from the listed person; different place of birth.');
    await resolveForm(reviewer.page)
      .getByRole('button', { name: en('case.screening.resolve.falsePositive') })
      .click();
    await resolveForm(reviewer.page).getByText(en('case.screening.resolve.ownProposal')).waitFor();
    expect(
      await resolveForm(reviewer.page)
        .getByRole('button', { name: en('case.screening.resolve.confirm') })
        .count(),
    ).toBe(0);
    expect(await reviewer.page.getByRole('button', { name: 'Approve level 1' }).isDisabled()).toBe(true);

    // A senior reviewer confirms it.
    const senior = await staffPage(browser(), 'senior@demo.test');
    await senior.page.goto(reviewer.page.url());
    await resolveForm(senior.page).getByText(en('case.screening.resolve.waiting')).waitFor();
    await resolveForm(senior.page)
      .getByRole('button', { name: en('case.screening.resolve.confirm') })
      .click();
    await panel(senior.page).getByText(en('case.screening.hitStates.confirmed_false_positive')).waitFor();

    // Now the reviewer approves, and the person is verified.
    await reviewer.page.reload();
    await panel(reviewer.page).getByText(en('case.screening.hitStates.confirmed_false_positive')).waitFor();
    await approveLevel1(reviewer.page);
    await page.goto(`${baseUrl()}/user/accounts/en/auth/personal`);
    await page
      .getByRole('region', { name: /^Step 1/ })
      .getByText('Verified', { exact: true })
      .waitFor();

    for (const { requests } of [person, reviewer, senior]) expectOnlyOwnOrigins(requests);
    for (const { context } of [person, reviewer, senior]) await context.close();
  }, 240_000);

  it('a true match freezes the account: the person sees it restricted; the alerts queue, the case and the restricted state in en and ar-SA at phone and desktop width, axe clean', async () => {
    // Signed up on the Emirates host, where Arabic is offered (spec §4).
    const person = await newContext(browser(), PHONE);
    const page = await person.context.newPage();
    const email = await signUpFresh(page, emiratesUrl(), 'velmorov-frozen');
    await submitLevel1ByFile(page, VELMOROV, 'velmorov-frozen', { origin: emiratesUrl() });

    const reviewer = await staffPage(browser(), 'reviewer@demo.test');
    // The alerts queue lists the open hit; its row leads to the case.
    for (const lang of ['en', 'ar-SA'] as const) {
      const t = backoffice(lang);
      const row = await alertsRowOf(reviewer.page, `${baseUrl()}/backoffice/screening-alerts`, lang, email);
      await atBothWidths(reviewer.page, `screening-alerts-${lang}`, { message: `alerts queue (${lang})` });
      await row.getByRole('link').first().click();
      await reviewer.page.getByRole('region', { name: t('case.screening.heading') }).waitFor();
      await atBothWidths(reviewer.page, `screening-case-hit-${lang}`, {
        message: `case with a hit (${lang})`,
      });
    }
    await backofficeLanguage(reviewer.page, 'en');
    await reviewer.page.setViewportSize(DESKTOP);
    await openCase(reviewer.page, email);
    await resolveForm(reviewer.page)
      .getByLabel(en('case.screening.resolve.reason'))
      .fill('Passport, date of birth and nationality match the listed person.');
    await resolveForm(reviewer.page)
      .getByRole('button', { name: en('case.screening.resolve.trueMatch') })
      .click();
    // The freeze is not undone by a click: the page asks first.
    await reviewer.page
      .getByRole('dialog', { name: en('case.screening.resolve.trueMatchConfirm.title') })
      .getByRole('button', { name: en('case.screening.resolve.trueMatchConfirm.action') })
      .click();
    await panel(reviewer.page).getByText(en('case.screening.frozen.heading')).waitFor();

    // Beside the compliance mail (D111): the back-office home says accounts are frozen and links to them.
    for (const lang of ['en', 'ar-SA'] as const) {
      const t = backoffice(lang);
      await reviewer.page.goto(`${baseUrl()}/backoffice/`);
      await backofficeLanguage(reviewer.page, lang);
      await reviewer.page.getByRole('link', { name: t('home.frozen.link') }).waitFor();
      await atBothWidths(reviewer.page, `screening-home-frozen-${lang}`, {
        message: `frozen accounts notice (${lang})`,
      });
    }
    await backofficeLanguage(reviewer.page, 'en');
    await reviewer.page.getByRole('link', { name: en('home.frozen.link') }).click();
    await reviewer.page.getByRole('row').filter({ hasText: email }).first().waitFor();
    await reviewer.page.setViewportSize(DESKTOP);

    // The person: restricted, with the way to support, in both languages and widths.
    const user = (lang: string) => (key: string) => textAt(localeFile(`user-accounts/${lang}.json`), key);
    for (const lang of ['en', 'ar-SA'] as const) {
      await page.goto(`${emiratesUrl()}/user/accounts/${lang}/auth/personal`);
      await page.getByRole('heading', { name: user(lang)('kyc.frozen.title') }).waitFor();
      await page.getByRole('link', { name: user(lang)('kyc.frozen.support') }).waitFor();
      await atBothWidths(page, `screening-frozen-${lang}`, { message: `restricted account (${lang})` });
    }
    await page.goto(`${emiratesUrl()}/user/accounts/en/auth/kyc?level=1`);
    await page.getByRole('heading', { name: user('en')('kyc.frozen.title') }).waitFor();
    expect(await page.getByLabel('Country that issued your document').count()).toBe(0);

    for (const { requests } of [person, reviewer]) expectOnlyOwnOrigins(requests);
    for (const { context } of [person, reviewer]) await context.close();
  }, 300_000);
});
