/**
 * Issue 20, in Chromium against the real server: a fresh person (a new browser context, no cookies)
 * signs up, closes their account from the personal page behind the email code of scene 30035 (read from
 * the development mailbox), sees the final screen with what remains and the date it goes, and cannot
 * sign in again (62030). Once as a plain closure and once with the erasure request, in English and
 * (Emirates host) Arabic, at a phone and a desktop width; every state axe clean, no request outside our
 * origins. Screenshots when E2E_SCREENSHOTS=1 asks for them.
 */
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  baseUrl,
  expectNoAxeViolations,
  expectOnlyOwnOrigins,
  newContext,
  screenshot,
  signIn,
  useBrowser,
  type Page,
} from '../support/browser.ts';
import { signUpFresh } from '../support/kyc.ts';
import { localeFile, originOf, textAt } from '../support/locales.ts';
import { newestCode } from '../support/step-up.ts';

/** The security-verification dialog passed with the email code from the mailbox. */
async function passEmailCode(page: Page, email: string, texts: object) {
  const dialog = page.getByRole('dialog', { name: textAt(texts, 'securityVerification.title') });
  await dialog.getByText(textAt(texts, 'securityVerification.scenes.closeAccount')).waitFor();
  await dialog.getByRole('button', { name: textAt(texts, 'securityVerification.send') }).click();
  await dialog
    .getByRole('status')
    .filter({ hasText: textAt(texts, 'securityVerification.codeSent').split('{{email}}')[0] ?? '' })
    .waitFor();
  await dialog
    .getByLabel(textAt(texts, 'securityVerification.emailCode'))
    .fill(await newestCode(page, email));
  await dialog.getByRole('button', { name: textAt(texts, 'securityVerification.confirm') }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

describe('closing an account', () => {
  const browser = useBrowser();

  it('a fresh person closes their account behind an email code (with and without the erasure request), sees when what remains will go and cannot sign in again; en and ar-SA at phone and desktop width, axe clean', async () => {
    const rounds = [
      { viewport: DESKTOP, lang: 'en', erase: false },
      { viewport: DESKTOP, lang: 'ar-SA', erase: true },
      { viewport: PHONE, lang: 'en', erase: true },
      { viewport: PHONE, lang: 'ar-SA', erase: false },
    ];
    for (const { viewport, lang, erase } of rounds) {
      const where = `${lang} ${viewport.width}${erase ? ' erase' : ''}`;
      const shot = `account-closure-${lang}-${viewport === PHONE ? 'phone' : 'desktop'}`;
      const texts = localeFile(`user-accounts/${lang}.json`);
      // A fresh person in a fresh browser context: nothing carried over from another round.
      const signUp = await newContext(browser());
      const email = await signUpFresh(await signUp.context.newPage(), baseUrl(), 'closure');
      await signUp.context.close();

      const { context, requests } = await newContext(browser(), viewport);
      const page = await context.newPage();
      await signIn(page, originOf(lang), email);
      await page.waitForURL('**/auth/personal');
      await page.goto(`${originOf(lang)}/user/accounts/${lang}/auth/personal`);
      const section = page.getByRole('region', { name: textAt(texts, 'accountClosure.title') });
      const submit = section.getByRole('button', {
        name: textAt(texts, erase ? 'accountClosure.submitErase' : 'accountClosure.submit'),
      });
      await section.getByText(textAt(texts, 'accountClosure.eraseHint')).waitFor();
      await section.scrollIntoViewIfNeeded();
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar-SA' ? 'rtl' : 'ltr');

      if (erase)
        await section.getByRole('checkbox', { name: textAt(texts, 'accountClosure.eraseLabel') }).check();
      // Not confirmed: said inline, nothing asked of the person yet.
      await submit.click();
      await expect
        .poll(() => section.getByRole('alert').textContent())
        .toBe(textAt(texts, 'accountClosure.confirmRequired'));
      expect(await page.getByRole('dialog').count()).toBe(0);
      await screenshot(page, `${shot}-section`);
      await expectNoAxeViolations(page, { soft: true, message: `section ${where}` });

      await section.getByRole('checkbox', { name: textAt(texts, 'accountClosure.confirmLabel') }).check();
      await submit.click();
      await passEmailCode(page, email, texts);

      // The final screen: focus on its heading, what remains grouped by the date it goes.
      const heading = page.getByRole('heading', {
        level: 1,
        name: textAt(texts, 'accountClosure.closed.title'),
      });
      await heading.waitFor();
      await expect.poll(() => heading.evaluate((node) => node === document.activeElement)).toBe(true);
      const until = textAt(texts, 'accountClosure.closed.until').split('{{date}}')[0] ?? '';
      const dates = page.locator('.account-closed__until');
      await expect.poll(() => dates.count()).toBeGreaterThan(0);
      expect(await dates.first().textContent()).toContain(until.trim());
      // The person-level records go five years after the closure (GLOBAL and ARE's defaults differ:
      // the Emirates host pins no site, so the account is GLOBAL's, five years).
      const fiveYears = String(new Date().getUTCFullYear() + 5);
      const latin = (await dates.first().textContent())?.replace(/[٠-٩]/g, (d) =>
        String(d.charCodeAt(0) - 0x660),
      );
      expect(latin).toContain(fiveYears);
      await page
        .getByText(textAt(texts, 'accountClosure.kinds.identity_documents'), { exact: true })
        .first()
        .waitFor();
      if (erase) await page.getByText(textAt(texts, 'accountClosure.closed.erasedTitle')).waitFor();
      await screenshot(page, `${shot}-closed`);
      await expectNoAxeViolations(page, { soft: true, message: `closed ${where}` });
      expectOnlyOwnOrigins(requests);
      await context.close();

      // A new browser: the right password is refused with 62030, in words.
      const again = await newContext(browser(), viewport);
      const login = await again.context.newPage();
      await signIn(login, originOf(lang), email);
      const refusal = [
        textAt(localeFile('inverse-error-code/en.json'), '62030'),
        textAt(localeFile(`inverse-error-code/${lang}.json`), '62030'),
      ];
      await expect
        .poll(async () => refusal.includes((await login.getByRole('alert').textContent()) ?? ''))
        .toBe(true);
      expect(login.url()).toContain('/login');
      await again.context.close();
    }
  }, 300_000);
});
