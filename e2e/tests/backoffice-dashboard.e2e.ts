/**
 * Issue 17, the dashboard in the browser: an admin opens the back-office home, the figures show with
 * their charts and tables, the period selector reads another period (kept in the URL), and "Download
 * CSV" saves a figure's CSV. axe on each state, at 390×844 and 1280×800 in en and ar-SA (pictures with
 * E2E_SCREENSHOTS=1).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  baseUrl,
  expectNoAxeViolations,
  newContext,
  screenshot,
  useBrowser,
  type Page,
} from '../support/browser.ts';
import { staffSignIn } from '../support/kyc.ts';
import { backofficeText } from '../support/locales.ts';

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await screenshot(page, name);
  await expectNoAxeViolations(page, { message: name });
}

describe('the compliance dashboard', () => {
  const browser = useBrowser();

  it('when an admin opens the home page, then the figures show with charts and tables, a period can be chosen and a figure downloaded as CSV', async () => {
    const en = (key: string) => backofficeText('en-US', key);
    const { context } = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await staffSignIn(page, baseUrl(), 'admin@demo.test');
    await page.goto(`${baseUrl()}/backoffice/`);
    await page.getByRole('heading', { level: 2, name: en('dashboard.heading') }).waitFor();
    const backlog = page.getByRole('table', { name: en('dashboard.backlog.title') });
    await backlog.waitFor();
    // The demo data has a level 1 case waiting.
    expect(await backlog.getByRole('row').count()).toBe(7);
    await page.getByRole('img', { name: new RegExp(en('dashboard.decisions.title')) }).waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    await page
      .getByRole('table', { name: en('dashboard.throughput.title') })
      .or(page.getByText(en('dashboard.throughput.none')))
      .first()
      .waitFor();

    // The period selector, by keyboard: the days, then Enter.
    const from = page.getByLabel(en('dashboard.period.from'));
    await from.focus();
    await from.fill('2026-01-01');
    const to = page.getByLabel(en('dashboard.period.to'));
    await to.fill('2026-01-31');
    await to.press('Enter');
    await page.waitForURL(/from=2026-01-01&to=2026-01-31/);
    const perDay = page.getByRole('table', { name: en('dashboard.decisions.title') });
    await perDay.getByRole('row').nth(31).waitFor();
    expect(await perDay.getByRole('row').count()).toBe(32);

    // A figure's CSV: the file the browser saves.
    const saved = page.waitForEvent('download');
    await page
      .getByRole('link', {
        name: new RegExp(`^${en('dashboard.downloadCsv')}\\W+${en('dashboard.decisions.title')}$`),
      })
      .click();
    const file = await saved;
    expect(file.suggestedFilename()).toBe('decisions_per_day-2026-01-01-2026-01-31.csv');
    const lines = readFileSync(await file.path(), 'utf8').split('\r\n');
    expect(lines[0]).toBe('day,approved,rejected');
    expect(lines[1]).toMatch(/^2026-01-01,\d+,\d+$/);
    expect(lines.filter(Boolean)).toHaveLength(32);

    // A bad period from the URL: the reason in the page's language.
    await page.goto(`${baseUrl()}/backoffice/?from=2024-01-01&to=2026-01-01`);
    await page.getByText(en('apiErrors.dashboardPeriodTooLong')).waitFor();

    for (const lang of ['en', 'ar-SA'] as const) {
      const t = (key: string) => backofficeText(lang, key);
      if (lang !== 'en') {
        await page.getByLabel(en('language.label')).selectOption(lang);
        await page.locator(`html[lang="${lang}"][dir="rtl"]`).waitFor({ state: 'attached' });
      }
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await page.goto(`${baseUrl()}/backoffice/`);
        await page.getByRole('table', { name: t('dashboard.breaches.title') }).waitFor();
        await page.locator('.recharts-surface').first().waitFor();
        const text = (await page.locator('main').textContent()) ?? '';
        expect(text).not.toMatch(/dashboard\./);
        await shoot(page, `dashboard-${lang}`);
      }
    }
    await page.getByLabel(backofficeText('ar-SA', 'language.label')).selectOption('en');
    await context.close();
  });

  it('when a reviewer opens the home page, then the figures show without team throughput', async () => {
    const en = (key: string) => backofficeText('en-US', key);
    const { context } = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await staffSignIn(page, baseUrl(), 'reviewer@demo.test');
    await page.goto(`${baseUrl()}/backoffice/`);
    await page.getByRole('table', { name: en('dashboard.breaches.title') }).waitFor();
    expect(await page.getByRole('heading', { name: en('dashboard.throughput.title') }).count()).toBe(0);
    await context.close();
  });
});
