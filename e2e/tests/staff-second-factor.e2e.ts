/**
 * Issue 11, staff second factor, in a real browser: the auditor signs in with a recovery code instead
 * of the authenticator code, sees how many are left and makes a new set (shown once) on the Security
 * page; an admin resets the auditor's two-step verification from the Staff page with a reason; the
 * auditor then sets it up again and is shown the first recovery codes. Screenshots of the new screens
 * (and of the sites dialog, issue 17) at phone and desktop width in en and ar-SA, axe on each. (Only this file signs the auditor in.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  DESKTOP,
  atBothWidths,
  baseUrl,
  expectOnlyOwnOrigins,
  newContext,
  useBrowser,
  type Page,
} from '../support/browser.ts';
import { staffSignIn } from '../support/kyc.ts';
import { DEMO_STAFF_TOTP_SECRETS, demoRecoveryCode, totpCode } from '../support/totp.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
type Texts = Record<string, unknown>;
const localeOf = (lang: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'locales/backoffice', `${lang}.json`), 'utf8')) as Texts;
const en = localeOf('en');
const t = (key: string, texts: Texts = en): string =>
  key.split('.').reduce<unknown>((node, part) => (node as Texts)[part], texts) as string;
const AUDITOR = 'auditor@demo.test';

/** The screen as it stands, at phone and desktop width (atBothWidths: resized in place, not reloaded). */
async function capture(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await atBothWidths(page, name);
}

/** Email and password of the auditor: the page asks for the authenticator code next. */
async function passwordStep(page: Page) {
  await page.goto(`${baseUrl()}/backoffice/login`);
  await page.getByLabel('Email', { exact: true }).fill(AUDITOR);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('staff second factor', () => {
  const browser = useBrowser();

  it('a recovery code signs the auditor in once; the Security page makes a new set; an admin resets the auditor, who sets it up again', async () => {
    const { context, requests } = await newContext(browser(), DESKTOP);
    const page = await context.newPage();

    // The code step offers a recovery code instead; the code signs in once.
    await passwordStep(page);
    await page.getByRole('button', { name: t('login.recovery.useCode') }).click();
    const field = page.getByLabel(t('login.recovery.label'), { exact: true });
    await field.fill(demoRecoveryCode(AUDITOR, 0).toLowerCase());
    await page.getByRole('button', { name: t('login.recovery.submit') }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();

    // Security: 9 of 10 left; a new set needs a fresh code and is shown once.
    await page.goto(`${baseUrl()}/backoffice/security`);
    await page.getByText('Recovery codes left: 9 of 10').waitFor();
    await page.getByRole('button', { name: t('security.codes.regenerate') }).click();
    const dialog = page.getByRole('dialog', { name: t('security.codes.dialogTitle') });
    await dialog.getByText(t('security.codes.dialogWarning')).waitFor();
    await dialog.getByLabel(t('security.codes.codeLabel')).fill('000000');
    await dialog.getByRole('button', { name: t('security.codes.confirm') }).click();
    await dialog.getByText(t('security.codes.errors.invalid')).waitFor();
    await dialog
      .getByLabel(t('security.codes.codeLabel'))
      .fill(totpCode(DEMO_STAFF_TOTP_SECRETS[AUDITOR], Date.now() + 30_000));
    await dialog.getByRole('button', { name: t('security.codes.confirm') }).click();
    const list = page.getByRole('list', { name: t('recoveryCodes.listLabel') });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(10);
    const newCode = (await list.getByRole('listitem').first().innerText()).trim();
    expect(newCode).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    await capture(page, 'backoffice-security-new-codes-en');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/backoffice/login**');

    // The old demo codes stopped working; a new one signs in.
    await passwordStep(page);
    await page.getByRole('button', { name: t('login.recovery.useCode') }).click();
    await field.fill(demoRecoveryCode(AUDITOR, 1));
    await page.getByRole('button', { name: t('login.recovery.submit') }).click();
    await page.getByText(t('login.recovery.errors.invalid')).waitFor();
    await field.fill(newCode);
    await page.getByRole('button', { name: t('login.recovery.submit') }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();

    // An admin resets the auditor's two-step verification, with a reason; the auditor is signed out.
    const admin = await newContext(browser(), DESKTOP);
    const desk = await admin.context.newPage();
    await staffSignIn(desk, baseUrl(), 'admin@demo.test');
    await desk.goto(`${baseUrl()}/backoffice/staff`);
    const row = desk.getByRole('row').filter({ hasText: AUDITOR });
    await row.getByRole('button', { name: 'Reset two-step verification for Avery Auditor' }).click();
    const confirm = desk.getByRole('dialog');
    await confirm.getByRole('button', { name: t('staffAdmin.confirm') }).click();
    await confirm.getByText(t('staffAdmin.errors.reasonRequired')).waitFor();
    await confirm.getByLabel(t('staffAdmin.reasonLabel')).fill('Phone lost, e2e ticket 11');
    await confirm.getByRole('button', { name: t('staffAdmin.confirm') }).click();
    await desk.getByText('Two-step verification of Avery Auditor was reset.', { exact: false }).waitFor();
    await row.getByText(t('staffAdmin.notEnrolled')).waitFor();
    await desk.goto(`${baseUrl()}/backoffice/audit-log?action=staff.second_factor_reset`);
    await desk
      .getByRole('table')
      .getByText(((en.audit as Texts).actions as Texts)['staff.second_factor_reset'] as string)
      .first()
      .waitFor();
    expectOnlyOwnOrigins(admin.requests);
    await admin.context.close();

    // The auditor's session ended; with the password they set up two-step verification again.
    await page.reload();
    await page.waitForURL('**/backoffice/login**');
    await passwordStep(page);
    await page.getByRole('heading', { name: t('login.enrol.heading') }).waitFor();
    const secret = (await page.locator('.totp-enrolment__secret').innerText()).replace(/\s/g, '');
    await page.getByLabel('Verification code', { exact: true }).fill(totpCode(secret));
    await page.getByRole('button', { name: t('login.enrol.submit') }).click();
    await page.getByRole('heading', { name: t('login.savedCodes.heading') }).waitFor();
    expect(
      await page
        .getByRole('list', { name: t('recoveryCodes.listLabel') })
        .getByRole('listitem')
        .count(),
    ).toBe(10);
    await capture(page, 'backoffice-saved-codes-en');
    await page.getByRole('button', { name: t('login.savedCodes.continue') }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expectOnlyOwnOrigins(requests);
    await context.close();
  }, 180_000);

  it('the recovery-code step, Security and Staff at phone and desktop width, in en and ar-SA', async () => {
    const { context, requests } = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    for (const lang of ['en', 'ar-SA'] as const) {
      const texts = localeOf(lang === 'en' ? 'en-US' : lang);
      // The code step of the admin, switched to a recovery code (nothing is sent).
      await page.goto(`${baseUrl()}/backoffice/login`);
      if ((await page.locator('html').getAttribute('lang')) !== lang) {
        await page.locator('.login-page__header select').selectOption(lang);
        await page.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached' });
      }
      await page.locator('input[name="email"]').fill('admin@demo.test');
      await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
      await page.locator('button[type="submit"]').click();
      await page.getByRole('button', { name: t('login.recovery.useCode', texts) }).click();
      await page.getByRole('heading', { name: t('login.recovery.heading', texts) }).waitFor();
      await capture(page, `backoffice-login-recovery-${lang}`);
    }
    await page.setViewportSize(DESKTOP);
    await page.locator('.login-page__header select').selectOption('en');
    await staffSignIn(page, baseUrl(), 'admin@demo.test');
    for (const lang of ['en', 'ar-SA'] as const) {
      const texts = localeOf(lang === 'en' ? 'en-US' : lang);
      await page.setViewportSize(DESKTOP);
      if ((await page.locator('html').getAttribute('lang')) !== lang) {
        await page.locator('.shell-topbar__language select').selectOption(lang);
        await page.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached' });
      }
      await page.goto(`${baseUrl()}/backoffice/staff`);
      await page.getByRole('heading', { level: 1, name: t('areas.staff.title', texts) }).waitFor();
      await page.getByRole('row').filter({ hasText: 'reviewer@demo.test' }).waitFor();
      await capture(page, `backoffice-staff-${lang}`);
      const reviewerRow = page.getByRole('row').filter({ hasText: 'reviewer@demo.test' });
      const named = (key: string) => t(key, texts).replace('{{name}}', 'Riley Reviewer');
      await reviewerRow.getByRole('button', { name: named('staffAdmin.resetFor') }).click();
      await page.getByRole('dialog').waitFor();
      await capture(page, `backoffice-staff-reset-dialog-${lang}`);
      await page.keyboard.press('Escape');
      // Issue 17 (D121): the sites the member works, for the automatic case assignment.
      await reviewerRow.getByRole('button', { name: named('staffAdmin.sites.editFor') }).click();
      await page.getByRole('dialog', { name: named('staffAdmin.sites.dialogTitle') }).waitFor();
      await capture(page, `backoffice-staff-sites-dialog-${lang}`);
      await page.keyboard.press('Escape');

      await page.goto(`${baseUrl()}/backoffice/security`);
      await page.getByRole('heading', { level: 1, name: t('areas.security.title', texts) }).waitFor();
      await page.getByRole('button', { name: t('security.codes.regenerate', texts) }).waitFor();
      await capture(page, `backoffice-security-${lang}`);
    }
    expectOnlyOwnOrigins(requests);
    await context.close();
  }, 240_000);
});
