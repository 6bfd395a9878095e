/**
 * Issue 18 in Chromium, the rest of "Done means": a list change turns an approved person into an alert
 * (the operator watchlist each e2e server screens against, e2e/support/watchlist.ts, gains the person's
 * name; an admin refreshes the lists; the `screening` job's delta re-screening raises the hit), which the
 * reviewer takes ("Assign to me") and finds under "Assigned to: Me"; and a high-risk person (a passport
 * of a country on the FATF increased-monitoring and EU high-risk lists) finds the EDD task on their
 * personal page. The alerts queue with its filter and the case's hit are checked with axe at 390×844 and
 * 1280×800 in en and ar-SA (shot with E2E_SCREENSHOTS=1).
 */
import { appendFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  atBothWidths,
  baseUrl,
  expectOnlyOwnOrigins,
  newContext,
  screenshot,
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
import { watchlistFile } from '../support/watchlist.ts';

const backoffice = (lang: string) => (key: string) => backofficeText(lang, key);
const en = backoffice('en');
const ALERTS = () => `${baseUrl()}/backoffice/screening-alerts`;

/** Reloads the alerts queue until a row names `email` (the job runs each minute); answers the row. */
async function alertRowOf(page: Page, email: string) {
  for (let attempt = 0; attempt < 60; attempt++) {
    await page.goto(ALERTS());
    await page.getByRole('heading', { level: 1, name: en('areas.screeningAlerts.title') }).waitFor();
    await page
      .locator('[aria-busy="true"]')
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    const row = page.getByRole('row').filter({ hasText: email });
    if ((await row.count()) > 0) return row.first();
    await page.waitForTimeout(3_000);
  }
  throw new Error(`no alert for ${email}`);
}

describe('screening alerts in the browser', () => {
  const browser = useBrowser();

  it('a list change turns an approved person into an alert; the reviewer takes it and finds it under "Assigned to: Me", in en and ar-SA at phone and desktop width, axe clean', async () => {
    const person = await newContext(browser(), PHONE);
    const page = await person.context.newPage();
    const email = await signUpFresh(page, baseUrl(), 'watchlisted');
    await submitLevel1ByFile(
      page,
      { firstName: 'Quillon', lastName: 'Ferrowby-Astrand', dateOfBirth: '1984-07-09' },
      'watchlisted',
    );

    // Nobody lists them yet: the reviewer approves and the person is verified.
    const reviewer = await staffPage(browser(), 'reviewer@demo.test');
    await openCase(reviewer.page, email);
    await approveLevel1(reviewer.page);
    await page.goto(`${baseUrl()}/user/accounts/en/auth/personal`);
    await page
      .getByRole('region', { name: /^Step 1/ })
      .getByText('Verified', { exact: true })
      .waitFor();

    // The operator adds them to its watchlist; an admin refreshes the lists now.
    const port = new URL(baseUrl()).port;
    appendFileSync(watchlistFile(port), 'Quillon Ferrowby-Astrand,,1984,,internal,WL-0002\n');
    const admin = await staffPage(browser(), 'admin@demo.test');
    await admin.page.goto(ALERTS());
    await admin.page.getByRole('button', { name: en('screeningLists.refresh') }).click();
    await admin.page.getByText(en('screeningLists.refreshed')).waitFor();

    // The job re-screens the verified people against the added entry: the person is an alert.
    const row = await alertRowOf(reviewer.page, email);
    await row.getByText(`watchlist-${port}.csv`, { exact: false }).waitFor();
    await row.getByRole('button', { name: en('screeningAlerts.assignToMe') }).click();
    // Taken: the row no longer offers it to this reviewer.
    await reviewer.page
      .getByRole('row')
      .filter({ hasText: email })
      .getByRole('button', { name: en('screeningAlerts.assignToMe') })
      .waitFor({ state: 'detached' });

    for (const lang of ['en', 'ar-SA'] as const) {
      const t = backoffice(lang);
      const mine = await alertsRowOf(reviewer.page, `${ALERTS()}?assignee=me`, lang, email);
      expect(await reviewer.page.getByLabel(t('screeningAlerts.filters.assignee')).inputValue()).toBe('me');
      await atBothWidths(reviewer.page, `screening-alerts-mine-${lang}`, {
        message: `alerts assigned to me (${lang})`,
      });
      await mine.getByRole('link').first().click();
      const panel = reviewer.page.getByRole('region', { name: t('case.screening.heading') });
      await panel.getByText(t('case.screening.statuses.open_hit')).waitFor();
      await panel.getByText(t('case.screening.ourNameTyped'), { exact: false }).first().waitFor();
      await atBothWidths(reviewer.page, `screening-list-change-case-${lang}`, {
        message: `case with the new alert (${lang})`,
      });
    }
    await backofficeLanguage(reviewer.page, 'en');

    for (const { requests } of [person, reviewer, admin]) expectOnlyOwnOrigins(requests);
    for (const { context } of [person, reviewer, admin]) await context.close();
  }, 360_000);

  it('a high-risk person finds the enhanced due diligence task on their personal page', async () => {
    const person = await newContext(browser(), DESKTOP);
    const page = await person.context.newPage();
    await signUpFresh(page, baseUrl(), 'high-risk');
    // Viet Nam is on the FATF increased-monitoring list (30) and the EU high-risk list (30): high at 60.
    await submitLevel1ByFile(
      page,
      { firstName: 'Linh', lastName: 'Tran-Hoang', dateOfBirth: '1990-02-14' },
      'high-risk',
      { country: 'VN' },
    );

    const q = (key: string) => textAt(localeFile('questionnaires/en.json'), key);
    const next = page.locator('section.next-steps');
    for (let attempt = 0; attempt < 20; attempt++) {
      await page.goto(`${baseUrl()}/user/accounts/en/auth/personal`);
      await page.locator('section.next-steps[aria-busy="false"]').waitFor();
      if ((await next.getByText(q('edd.title')).count()) > 0) break;
      await page.waitForTimeout(1_000);
    }
    const task = next.getByRole('listitem').filter({ hasText: q('edd.title') });
    await task.waitFor();
    await task.getByText(/\d/).first().waitFor(); // its deadline
    await task.getByRole('link').click();
    await page
      .getByRole('heading', { level: 1 })
      .filter({ hasText: q('edd.title') })
      .waitFor();
    await screenshot(page, 'risk-edd-task-en');

    expectOnlyOwnOrigins(person.requests);
    await person.context.close();
  }, 180_000);
});
