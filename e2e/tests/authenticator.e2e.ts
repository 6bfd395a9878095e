/**
 * Issue 15, in Chromium against the real server: a person who just signed up sets up an authenticator
 * app on the personal page behind the email code of scene 30032 (read from the development mailbox,
 * /dev/mailbox), confirms it with a code computed from the key the page shows, then removes it with the
 * app's next code. Every state axe clean, at a phone and a desktop width, in English and (Emirates host)
 * Arabic; the QR code is drawn without any request leaving our origins. Screenshots when
 * E2E_SCREENSHOTS=1 asks for them.
 */
import { describe, expect, it } from 'vitest';
import {
  PHONE,
  atBothWidths,
  baseUrl,
  expectOnlyOwnOrigins,
  newContext,
  signIn,
  useBrowser,
  type Page,
} from '../support/browser.ts';
import { signUpFresh } from '../support/kyc.ts';
import { localeFile, originOf, textAt } from '../support/locales.ts';
import { newestCode } from '../support/step-up.ts';
import { totpCode } from '../support/totp.ts';

/** The personal page's authenticator section in `lang`, scrolled into view. */
async function openSection(page: Page, lang: string) {
  const texts = localeFile(`user-accounts/${lang}.json`);
  await page.goto(`${originOf(lang)}/user/accounts/${lang}/auth/personal`);
  const section = page.getByRole('region', { name: textAt(texts, 'authenticator.title') });
  await section.getByRole('button', { name: textAt(texts, 'authenticator.setUp') }).waitFor();
  await section.scrollIntoViewIfNeeded();
  return { section, texts };
}

/** "Set up", then the security-verification dialog passed with the email code from the mailbox. */
async function enrolBehindEmailCode(page: Page, email: string, texts: object) {
  await page.getByRole('button', { name: textAt(texts, 'authenticator.setUp') }).click();
  const dialog = page.getByRole('dialog', { name: textAt(texts, 'securityVerification.title') });
  await dialog.getByText(textAt(texts, 'securityVerification.scenes.authenticator')).waitFor();
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

describe('authenticator app', () => {
  const browser = useBrowser();

  it('a new person sets up an authenticator app behind an email code, confirms it with its first code and removes it; en and ar-SA at phone and desktop width, axe clean', async () => {
    const signUp = await newContext(browser());
    const email = await signUpFresh(await signUp.context.newPage(), baseUrl(), 'totp');
    await signUp.context.close();

    // One round per language (two email codes), each state checked at both widths where it stands
    // (atBothWidths).
    for (const lang of ['en', 'ar-SA']) {
      const where = lang;
      const { context, requests } = await newContext(browser(), PHONE);
      const page = await context.newPage();
      await signIn(page, originOf(lang), email);
      await page.waitForURL('**/auth/personal');
      const { section, texts } = await openSection(page, lang);
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar-SA' ? 'rtl' : 'ltr');
      await atBothWidths(page, `authenticator-off-${lang}`, { message: `off ${where}` });

      // Set up: the QR code and the key, focus on the step's heading.
      await enrolBehindEmailCode(page, email, texts);
      const heading = section.getByRole('heading', { name: textAt(texts, 'authenticator.setup.title') });
      await heading.waitFor();
      await expect.poll(() => heading.evaluate((node) => node === document.activeElement)).toBe(true);
      await section.getByRole('img', { name: textAt(texts, 'authenticator.setup.qrLabel') }).waitFor();
      const key = section.locator('code');
      expect(await key.getAttribute('dir')).toBe('ltr');
      const secret = ((await key.textContent()) ?? '').replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      await atBothWidths(page, `authenticator-setup-${lang}`, { message: `setup ${where}` });

      const field = section.getByLabel(textAt(texts, 'authenticator.code'));
      if (lang === 'en') {
        await field.fill('000000');
        await section.getByRole('button', { name: textAt(texts, 'authenticator.finish') }).click();
        await expect
          .poll(() => section.getByRole('alert').textContent())
          .toBe(textAt(localeFile('inverse-error-code/en.json'), '60005'));
        await atBothWidths(page, 'authenticator-wrong-code-en', { axe: false });
      }
      await field.fill(totpCode(secret));
      await section.getByRole('button', { name: textAt(texts, 'authenticator.finish') }).click();
      await section.getByText(textAt(texts, 'authenticator.enabled')).waitFor();
      await atBothWidths(page, `authenticator-on-${lang}`, { message: `on ${where}` });

      // Remove: one of the app's codes (the next step: each step is accepted once).
      await section.getByRole('button', { name: textAt(texts, 'authenticator.remove'), exact: true }).click();
      await field.fill(totpCode(secret, Date.now() + 30_000));
      await atBothWidths(page, `authenticator-remove-${lang}`, { message: `remove ${where}` });
      await section.getByRole('button', { name: textAt(texts, 'authenticator.removeConfirm') }).click();
      await section.getByRole('button', { name: textAt(texts, 'authenticator.setUp') }).waitFor();
      await expect
        .poll(() => section.getByRole('status').last().textContent())
        .toBe(textAt(texts, 'authenticator.removedStatus'));
      // From the page (the Emirates host resolves only inside Chromium).
      const status = await page.evaluate(async () => {
        const answer = await fetch('/v3/private/user/security/totp');
        return ((await answer.json()) as { result: { enabled: boolean } }).result;
      });
      expect(status.enabled).toBe(false);
      expectOnlyOwnOrigins(requests);
      await context.close();
    }
  }, 300_000);
});
