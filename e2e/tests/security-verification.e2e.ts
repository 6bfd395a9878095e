/**
 * Issue 15, in Chromium against the real server (no SMTP_URL: the development mailbox, /dev/mailbox, is
 * where the code arrives, as for a developer running `npm start`): a person verified at level 1 resets
 * their verification behind the security-verification dialog and an email code; the dialog at a phone
 * and a desktop width in English and (Emirates host) Arabic, axe clean. Screenshots are taken when
 * E2E_SCREENSHOTS=1 asks for them.
 */
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  baseUrl,
  expectNoAxeViolations,
  newContext,
  screenshot,
  signIn,
  useBrowser,
  type Page,
} from '../support/browser.ts';
import { localeFile, originOf, textAt } from '../support/locales.ts';
import { newestCode, post, verifiedPerson } from '../support/step-up.ts';

/** The reset form filled and sent: the security-verification dialog opens. */
async function openResetDialog(page: Page, lang: string) {
  const texts = localeFile(`user-accounts/${lang}.json`);
  await page.goto(`${originOf(lang)}/user/accounts/${lang}/auth/resetkyc`);
  await page.getByRole('checkbox').check();
  await page
    .getByLabel(
      textAt(texts, 'resetKyc.confirm.typeLabel').replace('{{word}}', textAt(texts, 'resetKyc.confirm.word')),
    )
    .fill(textAt(texts, 'resetKyc.confirm.word'));
  await page.getByRole('button', { name: textAt(texts, 'resetKyc.confirm.submit') }).click();
  const dialog = page.getByRole('dialog', { name: textAt(texts, 'securityVerification.title') });
  await dialog.waitFor();
  await dialog
    .getByText(textAt(texts, 'securityVerification.emailHint').split('{{email}}')[0] ?? '')
    .waitFor();
  return { dialog, texts };
}

describe('security verification', () => {
  const browser = useBrowser();

  it('a verified person resets their verification behind an email code; the dialog in en and ar-SA at phone and desktop width, axe clean', async () => {
    const email = await verifiedPerson(browser());

    // The dialog as a person sees it, each time cancelled (nothing is spent by looking).
    for (const viewport of [PHONE, DESKTOP])
      for (const lang of ['en', 'ar-SA']) {
        const { context } = await newContext(browser(), viewport);
        const page = await context.newPage();
        await signIn(page, originOf(lang), email);
        await page.waitForURL('**/auth/personal');
        const { dialog, texts } = await openResetDialog(page, lang);
        expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar-SA' ? 'rtl' : 'ltr');
        await screenshot(page, `step-up-dialog-${lang}`);
        await expectNoAxeViolations(page, { soft: true, message: `dialog ${lang} ${viewport.width}` });
        await dialog.getByRole('button', { name: textAt(texts, 'securityVerification.cancel') }).click();
        await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
        await context.close();
      }

    // A fresh browser, no cookies: sign in, reset, the code from the mailbox.
    const { context } = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseUrl(), email);
    await page.waitForURL('**/auth/personal');
    const { dialog } = await openResetDialog(page, 'en');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Code sent to' }).waitFor();
    await dialog.getByLabel('Code from the email').fill('000000');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe(textAt(localeFile('inverse-error-code/en.json'), '60005'));
    await screenshot(page, 'step-up-dialog-wrong-code-en');
    await dialog.getByLabel('Code from the email').fill(await newestCode(page, email));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/auth/personal');
    await page.getByText('Your verification has been reset.').waitFor();
    const info = await post(page, '/v3/private/kyc/kyc-info', { data: { obtain_current: true } });
    expect((info.result.applicant as { level: number }).level).toBe(0);
    await context.close();
  }, 240_000);
});
