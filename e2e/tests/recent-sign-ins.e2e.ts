/**
 * Issue 11 "Low", in Chromium against the real server: the sign-up form explains the password rule and
 * shows the server's translated reason for a common password; then the person's own "Recent sign-ins"
 * on the personal page lists the account's creation, a wrong password and the sign-ins, in English and
 * Arabic (right to left), on a phone and a desktop, axe clean (screenshots in e2e/artifacts/screens).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ARTIFACTS,
  DESKTOP,
  PHONE,
  atBothWidths,
  baseUrl,
  newContext,
  SCREENSHOTS,
  screenshot,
  signIn,
  useBrowser,
  type Page,
} from '../support/browser.ts';
import { localeFile, originOf, textAt } from '../support/locales.ts';

const PASSWORD = 'a quiet harbour at dawn';

async function openSignIns(page: Page, lang: string) {
  const texts = localeFile(`user-accounts/${lang}.json`);
  await page.goto(`${originOf(lang)}/user/accounts/${lang}/auth/personal`);
  const section = page.getByRole('region', { name: textAt(texts, 'security.signIns.title') });
  await section.getByRole('listitem').first().waitFor();
  await section.scrollIntoViewIfNeeded();
  return { section, texts };
}

describe('recent sign-ins and the password rule', () => {
  const browser = useBrowser();
  const email = `signins-${Date.now()}@example.com`;

  it('when a common password is chosen, the form says why; the person then sees their own sign-ins, in English and (Emirates host) Arabic, on a phone and a desktop', async () => {
    const { context } = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/login`);
    const en = localeFile('user-accounts/en.json');
    await expect
      .poll(() => page.getByText(textAt(en, 'login.passwordHint').replace('{{min}}', '12')).count())
      .toBe(1);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('password1234');
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toBe(textAt(localeFile('inverse-error-code/en.json'), '20014'));
    await screenshot(page, 'signin-password-too-common');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    await page.waitForURL('**/auth/personal');
    await context.clearCookies();
    await signIn(page, baseUrl(), email, 'not the password at all');
    await expect.poll(() => page.getByRole('alert').first().textContent()).not.toBe('');
    await context.close();

    // One context per language; the section is checked at both widths where it stands (atBothWidths).
    for (const lang of ['en', 'ar-SA']) {
      const { context: shotContext } = await newContext(browser(), PHONE);
      const shot = await shotContext.newPage();
      await signIn(shot, originOf(lang), email, PASSWORD);
      await shot.waitForURL('**/auth/personal');
      const { section, texts } = await openSignIns(shot, lang);
      const items = await section.getByRole('listitem').allTextContents();
      expect(items[0]).toContain(textAt(texts, 'security.signIns.kinds.sign_in'));
      expect(
        items.some((item) => item.includes(textAt(texts, 'security.signIns.kinds.sign_in_failed'))),
      ).toBe(true);
      expect(items.at(-1)).toContain(textAt(texts, 'security.signIns.kinds.sign_up'));
      expect(await shot.locator('html').getAttribute('dir')).toBe(lang === 'ar-SA' ? 'rtl' : 'ltr');
      await atBothWidths(shot, `signin-recent-${lang}`, { message: `axe on recent sign-ins (${lang})` });
      if (SCREENSHOTS)
        await section.screenshot({
          path: path.join(
            ARTIFACTS,
            'screens',
            `signin-recent-section-${lang}-${PHONE.width}x${PHONE.height}.png`,
          ),
        });
      await shotContext.close();
    }
  });
});
