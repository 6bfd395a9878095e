/**
 * The back office's own screens at phone and desktop width, in English and in Arabic (right to left),
 * for an admin who may see every area: home, verification queue, a case, the audit log (staff named,
 * its chain verified), the quotas (loaded, prefilled) and provider routing (issue 13). Screenshots go to
 * e2e/artifacts/screens; axe runs on each.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  atBothWidths,
  baseUrl,
  expectOnlyOwnOrigins,
  newContext,
  useBrowser,
  type Page,
} from '../support/browser.ts';
import { staffSignIn } from '../support/kyc.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
type Texts = Record<string, unknown>;
const localeOf = (lang: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'locales/backoffice', `${lang}.json`), 'utf8')) as Texts;
const textOf = (texts: Texts, key: string): string =>
  key.split('.').reduce<unknown>((node, part) => (node as Texts)[part], texts) as string;

/** Opens an area from the address bar and waits for its heading (the area's title in this language). */
async function openArea(page: Page, area: string, title?: string) {
  await page.goto(`${baseUrl()}/backoffice${area}`);
  await page.getByRole('heading', { level: 1, ...(title ? { name: title } : {}) }).waitFor();
}

/** The area as it stands, at phone and desktop width (atBothWidths: resized in place, not reloaded). */
async function capture(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await atBothWidths(page, name);
}

describe('back-office screens', () => {
  const browser = useBrowser();

  // One test per language (each a minute or two of axe runs on a loaded runner), each in its own context.
  it.each(['en', 'ar-SA'] as const)(
    'home, verification queue, a case, audit log, quotas and provider routing at phone and desktop width, in %s',
    async (lang) => {
      const { context, requests } = await newContext(browser(), DESKTOP);
      const page = await context.newPage();
      await staffSignIn(page, baseUrl(), 'admin@demo.test');
      const texts = localeOf(lang === 'en' ? 'en-US' : lang);
      const t = (key: string) => textOf(texts, key);
      if (lang !== 'en') {
        await page.getByLabel(textOf(localeOf('en'), 'language.label')).selectOption(lang);
        await page.locator(`html[lang="${lang}"][dir="rtl"]`).waitFor({ state: 'attached' });
      }
      await openArea(page, '/');
      await capture(page, `backoffice-home-${lang}`);

      await openArea(page, '/verification-queue', t('areas.verificationQueue.title'));
      await capture(page, `backoffice-verification-queue-${lang}`);
      // The demo's pending applicant is in the queue: their case, with the decisions.
      const pending = page.getByRole('row').filter({ hasText: 'pending@demo.test' });
      await pending.getByRole('link').first().click();
      const decisions = page.getByRole('heading', { level: 2, name: t('decisions.heading') });
      await decisions.waitFor();
      await capture(page, `backoffice-case-${lang}`);
      // One column on a phone: the decisions come after everything; a link at the top leads there.
      const jump = page.getByRole('link', { name: t('common.jumpToDecisions') });
      expect(await jump.isVisible()).toBe(false);
      await page.setViewportSize(PHONE);
      await jump.click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('case-decisions-heading');
      await page.setViewportSize(DESKTOP);

      // Viewing the case was audited under the admin's name, with the number the filter takes.
      await openArea(page, '/audit-log', t('areas.auditLog.title'));
      await page.getByRole('table').getByText('Alex Admin', { exact: false }).first().waitFor();
      // The chain's integrity line (issue 11): verified up to the newest entry, in this language.
      const verified = t('audit.chain.verified').split('{{')[0] ?? '';
      await page.getByRole('status').filter({ hasText: verified }).waitFor();
      await capture(page, `backoffice-audit-log-${lang}`);

      await openArea(page, '/quotas', t('areas.quotas.title'));
      await page.getByRole('button', { name: t('quotas.save') }).waitFor();
      await capture(page, `backoffice-quotas-${lang}`);

      await openArea(page, '/provider-routes', t('areas.providerRoutes.title'));
      await page.getByRole('button', { name: t('providerRoutes.add') }).waitFor();
      await capture(page, `backoffice-provider-routes-${lang}`);
      expectOnlyOwnOrigins(requests);
      await context.close();
    },
    180_000,
  );
});
