/**
 * Issue 18 "Risk score", the admin pages in Chromium against the real server: an admin changes a
 * factor's points on the Risk weights page and saves a new version; a reviewer then sees the new points,
 * read only, with who saved them. The weights and Country risk lists pages are checked with axe at
 * 390×844 and 1280×800 in en and ar-SA (shot with E2E_SCREENSHOTS=1).
 */
import { describe, expect, it } from 'vitest';
import { atBothWidths, baseUrl, expectOnlyOwnOrigins, useBrowser } from '../support/browser.ts';
import { backofficeLanguage, staffPage } from '../support/level1.ts';
import { backofficeText } from '../support/locales.ts';

const backoffice = (lang: string) => (key: string) => backofficeText(lang, key);

describe('the risk admin pages in the browser', () => {
  const browser = useBrowser();

  it('an admin changes a weight and the reviewer sees it; both pages in en and ar-SA at phone and desktop width, axe clean', async () => {
    const en = backoffice('en');
    const admin = await staffPage(browser(), 'admin@demo.test');
    await admin.page.goto(`${baseUrl()}/backoffice/risk/weights`);
    const pep = admin.page.getByLabel(
      en('riskWeights.pointsOf').replace('{{factor}}', en('case.risk.factors.pep')),
    );
    const before = Number(await pep.inputValue());
    const after = before === 45 ? 46 : 45;
    await pep.fill(String(after));
    await admin.page.getByRole('button', { name: en('riskWeights.save') }).click();
    await admin.page.getByText(/Everyone's risk is being recomputed in the background/).waitFor();

    const reviewer = await staffPage(browser(), 'reviewer@demo.test');
    await reviewer.page.goto(`${baseUrl()}/backoffice`);
    await reviewer.page
      .getByRole('link', { name: en('areas.riskWeights.title') })
      .first()
      .click();
    const table = reviewer.page.getByRole('table', { name: en('riskWeights.tableCaption') });
    const row = table.getByRole('row').filter({ hasText: en('case.risk.factors.pep') });
    await row.getByText(String(after), { exact: true }).waitFor();
    expect(await table.getByRole('textbox').count()).toBe(0);
    await reviewer.page.getByText(/^Saved by .+ on /).waitFor();
    await reviewer.page.getByText(en('riskWeights.readOnly')).waitFor();

    for (const lang of ['en', 'ar-SA'] as const) {
      const t = backoffice(lang);
      await admin.page.goto(`${baseUrl()}/backoffice/risk/weights`);
      await backofficeLanguage(admin.page, lang);
      await admin.page.getByRole('button', { name: t('riskWeights.save') }).waitFor();
      await atBothWidths(admin.page, `risk-weights-${lang}`, { message: `risk weights (${lang})` });

      await admin.page.goto(`${baseUrl()}/backoffice/risk/country-lists`);
      await admin.page
        .getByRole('table', { name: t('riskCountryLists.lists.fatf_call_for_action') })
        .waitFor();
      await atBothWidths(admin.page, `risk-country-lists-${lang}`, { message: `country lists (${lang})` });
    }
    await backofficeLanguage(admin.page, 'en');

    for (const { requests } of [admin, reviewer]) expectOnlyOwnOrigins(requests);
    for (const { context } of [admin, reviewer]) await context.close();
  }, 240_000);
});
