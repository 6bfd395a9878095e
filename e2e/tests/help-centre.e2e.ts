/**
 * The help centre (issue 10, docs/help-centre.md): every help link of the portal's footer answers 200
 * in every language; the index and the articles at phone and desktop width in en and in ar-SA (right
 * to left, Emirates host), with axe; keyboard use; and the "Report a problem" journey: a person files a
 * report (errors translated next to the field), a reviewer answers it in the back office's support
 * inbox, and the person reads the answer on the help page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_LANGUAGE_CODES, HELP_CENTER_ARTICLES } from '@kyc/contracts';
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
  signIn,
  useBrowser,
  type Page,
} from '../support/browser.ts';
import { staffSignIn } from '../support/kyc.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
type Texts = Record<string, unknown>;
const localeOf = (ns: string, lang: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'locales', ns, `${lang}.json`), 'utf8')) as Texts;
const textOf = (texts: Texts, key: string): string =>
  key.split('.').reduce<unknown>((node, part) => (node as Texts)[part], texts) as string;
const SLUGS = Object.values(HELP_CENTER_ARTICLES);

async function capture(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await screenshot(page, name);
  await expectNoAxeViolations(page, { soft: true, message: name });
}

/** The page as it stands, at phone and desktop width (atBothWidths: resized in place, not reloaded). */
async function captureBoth(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await atBothWidths(page, name);
}

describe('help centre', () => {
  const browser = useBrowser();

  it('every help link of the footer answers 200, in the page language, in all 16 languages', async () => {
    const { context, requests } = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await signIn(page, baseUrl(), 'new@demo.test');
    await page.waitForURL(/\/user\/accounts\/en\/auth\/personal/);
    await page.locator('#footer a[href^="/help/"]').first().waitFor();
    const footerLinks = await page
      .locator('#footer a[href^="/help/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(footerLinks).toEqual(SLUGS.map((slug) => `/help/en/${slug}`));

    // The same links in every language (HTTP): each is a page in that language, never a JSON 404.
    for (const lang of ALL_LANGUAGE_CODES) {
      for (const slug of ['', ...SLUGS]) {
        const response = await context.request.get(`${baseUrl()}/help/${lang}/${slug}`);
        expect(response.status(), `/help/${lang}/${slug}`).toBe(200);
        expect(response.headers()['content-type']).toBe('text/html; charset=utf-8');
        expect(await response.text()).toContain(`<html lang="${lang}"`);
      }
    }
    // A footer link followed in the browser lands on the article, in the portal's language.
    await page.locator(`#footer a[href="/help/en/${HELP_CENTER_ARTICLES.faq}"]`).click();
    await page.waitForURL(`**/help/en/${HELP_CENTER_ARTICLES.faq}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Frequently asked questions');
    expectOnlyOwnOrigins(requests);
    await context.close();
  }, 240_000);

  it('the index, an article and the report page at phone and desktop width in en and ar-SA, with axe and the keyboard', async () => {
    const { context, requests } = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    for (const [lang, origin] of [
      ['en', baseUrl()],
      ['ar-SA', emiratesUrl()],
    ] as const) {
      const t = (key: string) => textOf(localeOf('help', lang), key);
      await page.goto(`${origin}/help/?lang=${lang}`);
      await page.waitForURL(`**/help/${lang}/`);
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar-SA' ? 'rtl' : 'ltr');
      await page.getByRole('heading', { level: 1, name: t('index.title') }).waitFor();
      await captureBoth(page, `help-index-${lang}`);

      await page.goto(`${origin}/help/${lang}/${HELP_CENTER_ARTICLES.detail}`);
      await page.locator('.help-article table').waitFor();
      await captureBoth(page, `help-article-${lang}`);

      await page.goto(`${origin}/help/${lang}/${HELP_CENTER_ARTICLES.webFormIssueReport}`);
      await page.locator('#report-submit:not([disabled])').waitFor();
      await captureBoth(page, `help-report-${lang}`);

      await page.goto(`${origin}/help/${lang}/no-such-article`);
      await page.getByRole('heading', { level: 1, name: t('notFound.title') }).waitFor();
      await captureBoth(page, `help-not-found-${lang}`);
    }

    // Keyboard: the skip link leads to the content; the language switcher opens and follows with keys.
    await page.setViewportSize(DESKTOP);
    await page.goto(`${baseUrl()}/help/en/${HELP_CENTER_ARTICLES.guide}`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.locator('.help-language summary').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Deutsch' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/help/de-DE/${HELP_CENTER_ARTICLES.guide}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('de-DE');
    expectOnlyOwnOrigins(requests);
    await context.close();
  }, 300_000);

  it('a person reports a problem, a reviewer answers it in the support inbox, and the person reads the answer', async () => {
    const help = (key: string) => textOf(localeOf('help', 'en'), key);
    const errors = localeOf('inverse-error-code', 'en');
    const reportUrl = `${baseUrl()}/help/en/${HELP_CENTER_ARTICLES.webFormIssueReport}`;

    // Signed out: the form asks for an email, and says what is wrong next to each field.
    const visitor = await newContext(browser(), PHONE);
    const anonymous = await visitor.context.newPage();
    await anonymous.goto(reportUrl);
    await anonymous.locator('#report-submit:not([disabled])').waitFor();
    expect(await anonymous.locator('#report-email-field').isVisible()).toBe(true);
    await anonymous.locator('#report-submit').click();
    await expect.poll(() => anonymous.locator('#report-topic-error').textContent()).toBe(errors['52001']);
    expect(await anonymous.locator('#report-topic').getAttribute('aria-invalid')).toBe('true');
    expect(await anonymous.evaluate(() => document.activeElement?.id)).toBe('report-topic');
    await anonymous.locator('#report-topic').selectOption('account');
    await anonymous.locator('#report-message').fill('I cannot sign in since yesterday evening.');
    await anonymous.locator('#report-email').fill('not-an-address');
    await anonymous.locator('#report-submit').click();
    await expect.poll(() => anonymous.locator('#report-email-error').textContent()).toBe(errors['52003']);
    await anonymous.locator('#report-email').fill('visitor@example.com');
    await anonymous.locator('#report-submit').click();
    await expect
      .poll(() => anonymous.locator('#report-status').textContent())
      .toContain('visitor@example.com');
    await visitor.context.close();

    // Signed in: the person files with the keyboard, and the report is listed as waiting.
    const person = await newContext(browser(), DESKTOP);
    const page = await person.context.newPage();
    await signIn(page, baseUrl(), 'l1@demo.test');
    await page.waitForURL(/\/auth\/personal/);
    await page.locator(`#footer a[href^="/help/"]`).first().waitFor();
    await page.locator(`#footer a[href="/help/en/${HELP_CENTER_ARTICLES.webFormIssueReport}"]`).click();
    await page.locator('#report-submit:not([disabled])').waitFor();
    expect(await page.locator('#report-signed-in').isVisible()).toBe(true);
    expect(await page.locator('#report-email-field').isVisible()).toBe(false);
    const message = `My proof of address upload fails every time (${Date.now()}).`;
    await page.locator('#report-topic').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('#report-topic').inputValue()).toBe('documents');
    await page.keyboard.press('Tab');
    await page.keyboard.type(message);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('#report-status').textContent())
      .toContain('We have received your report');
    const mine = page.locator('#report-mine-list li').filter({ hasText: message });
    await expect
      .poll(() => mine.locator('.help-mine__status').textContent())
      .toBe(help('report.status.open'));
    await capture(page, 'help-report-signed-in-en');

    // A reviewer answers it in the support inbox.
    const staff = await newContext(browser(), DESKTOP);
    const backoffice = await staff.context.newPage();
    await staffSignIn(backoffice, baseUrl(), 'reviewer@demo.test');
    const bo = (key: string) => textOf(localeOf('backoffice', 'en'), key);
    await backoffice
      .getByRole('link', { name: bo('areas.supportInbox.title') })
      .first()
      .click();
    await backoffice.getByRole('heading', { level: 1, name: bo('areas.supportInbox.title') }).waitFor();
    await backoffice.getByLabel(bo('supportInbox.filters.status')).selectOption('open');
    await backoffice.getByRole('button', { name: bo('supportInbox.filters.apply') }).click();
    await backoffice.waitForURL(/status=open/);
    const row = backoffice.getByRole('row').filter({ hasText: message });
    await row.waitFor();
    await capture(backoffice, 'backoffice-support-inbox-en');
    await row.getByRole('link').click();
    await backoffice.getByRole('heading', { level: 2, name: bo('supportInbox.detail.message') }).waitFor();
    await capture(backoffice, 'backoffice-support-request-en');
    const answer = 'Please upload a PDF of your latest bank statement; photos of screens are refused.';
    await backoffice.getByLabel(bo('supportInbox.detail.answer')).fill(answer);
    await backoffice.getByRole('button', { name: bo('supportInbox.detail.send') }).click();
    await backoffice.getByText(bo('supportInbox.detail.sent')).waitFor();
    await backoffice.getByText(answer).waitFor();
    await capture(backoffice, 'backoffice-support-request-answered-en');

    // The back office in Arabic, both widths: the inbox and the answered request.
    await backoffice.getByLabel(bo('language.label')).selectOption('ar-SA');
    await backoffice.locator('html[lang="ar-SA"][dir="rtl"]').waitFor({ state: 'attached' });
    const boAr = (key: string) => textOf(localeOf('backoffice', 'ar-SA'), key);
    await backoffice.goto(`${baseUrl()}/backoffice/support-inbox`);
    await backoffice.getByRole('heading', { level: 1, name: boAr('areas.supportInbox.title') }).waitFor();
    await backoffice.getByRole('row').filter({ hasText: message }).waitFor();
    await captureBoth(backoffice, 'backoffice-support-inbox-ar-SA');
    await backoffice.getByRole('row').filter({ hasText: message }).getByRole('link').click();
    await backoffice.getByText(answer).waitFor();
    await captureBoth(backoffice, 'backoffice-support-request-ar-SA');
    await backoffice.setViewportSize(PHONE);
    await backoffice
      .getByLabel(boAr('language.label'))
      .selectOption('en')
      .catch(() => undefined);
    await staff.context.close();

    // The person reads the answer on the help page.
    await page.reload();
    await expect
      .poll(() => mine.locator('.help-mine__status').textContent())
      .toBe(help('report.status.answered'));
    expect(await mine.locator('.help-mine__answer').textContent()).toContain(answer);
    await captureBoth(page, 'help-report-answered-en');
    expectOnlyOwnOrigins([...visitor.requests, ...person.requests, ...staff.requests]);
    await person.context.close();
  }, 300_000);
});
