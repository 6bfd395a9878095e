/**
 * The back office's partners page (issue 11, docs/sdk.md "Signed partner calls") end to end: an admin
 * lists the partners, rotates the demo partner's secret (shown once, in a dialog with a copy button),
 * the new secret signs a partner call, and the admin revokes it again from the keyboard; the audit log
 * names both. Screenshots at phone and desktop width in en and ar-SA (right to left), axe on each.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  baseUrl,
  expectNoAxeViolations,
  expectOnlyOwnOrigins,
  newContext,
  screenshot,
  useBrowser,
} from '../support/browser.ts';
import { staffSignIn } from '../support/kyc.ts';
import { DEMO_PARTNER, partnerPost } from '../support/partner.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
type Texts = Record<string, unknown>;
const localeOf = (lang: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'locales/backoffice', `${lang}.json`), 'utf8')) as Texts;
const textOf = (texts: Texts, key: string): string =>
  key.split('.').reduce<unknown>((node, part) => (node as Texts)[part], texts) as string;
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');

describe('back-office partners', () => {
  const browser = useBrowser();

  it('an admin lists partners, rotates a secret shown once, the new secret signs calls, and revokes it (audited)', async () => {
    const { context, requests } = await newContext(browser(), DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const page = await context.newPage();
    await staffSignIn(page, baseUrl(), 'admin@demo.test');

    for (const lang of ['en', 'ar-SA'] as const) {
      const t = (key: string) => textOf(localeOf(lang === 'en' ? 'en-US' : lang), key);
      if (lang !== 'en') {
        await page.getByLabel(textOf(localeOf('en'), 'language.label')).selectOption(lang);
        await page.locator(`html[lang="${lang}"][dir="rtl"]`).waitFor({ state: 'attached' });
      }
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await page.goto(`${baseUrl()}/backoffice/partners`);
        await page.getByRole('heading', { level: 1, name: t('areas.partners.title') }).waitFor();
        await page.getByText('Demo Partner', { exact: true }).waitFor();
        await page.getByText('https://partner.demo.test').waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.locator('body').innerText()).not.toMatch(/partners\.[a-zA-Z]/);
        await screenshot(page, `backoffice-partners-${lang}`);
        await expectNoAxeViolations(page, { soft: true, message: `partners ${lang}` });

        const edit = page.getByRole('button', {
          name: fill(t('partners.edit'), { partner: 'Demo Partner' }),
        });
        await edit.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', {
          name: fill(t('partners.form.editTitle'), { partner: 'Demo Partner' }),
        });
        await dialog.waitFor();
        await screenshot(page, `backoffice-partner-dialog-${lang}`);
        await expectNoAxeViolations(page, { soft: true, message: `partner dialog ${lang}` });
        await page.keyboard.press('Escape');
        await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      }
    }

    /** Rotates the demo partner's secret, checks it is shown once and signs, then revokes it again. */
    const rotateAndRevoke = async (lang: 'en' | 'ar-SA') => {
      const t = (key: string) => textOf(localeOf(lang === 'en' ? 'en-US' : lang), key);
      await page.setViewportSize(DESKTOP);
      await page.goto(`${baseUrl()}/backoffice/partners`);
      await page
        .getByRole('button', { name: fill(t('partners.rotate'), { partner: 'Demo Partner' }) })
        .click();
      const shown = page.getByRole('dialog', {
        name: fill(t('partners.secret.title'), { partner: 'Demo Partner' }),
      });
      await shown.waitFor();
      await shown.getByText(t('partners.secret.warning')).waitFor();
      const secret = await shown.getByLabel(t('partners.secret.label')).inputValue();
      expect(secret).toMatch(/^kycs_[A-Za-z0-9_-]{43}$/);
      await shown.getByRole('button', { name: t('partners.secret.copy') }).click();
      await shown.getByText(t('partners.secret.copied')).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await screenshot(page, `backoffice-partner-secret-${lang}`);
        await expectNoAxeViolations(page, { soft: true, message: `secret dialog ${lang}` });
      }
      await page.setViewportSize(DESKTOP);
      await shown.getByRole('button', { name: t('partners.secret.done') }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      // Shown once: gone from the page, and the list names it by fingerprint only.
      expect(await page.locator('body').innerText()).not.toContain(secret);
      const revokeName = new RegExp(`^${fill(t('partners.revoke.action'), { fingerprint: '[0-9a-f]{8}' })}$`);
      // The demo partner's row only: other seeded partners (exchange-app) have live secrets too.
      const revokes = page
        .getByRole('row')
        .filter({ hasText: DEMO_PARTNER.id })
        .getByRole('button', { name: revokeName });
      await expect.poll(() => revokes.count()).toBe(2);

      // Both secrets sign partner calls: the new one and the seed's.
      const signedWith = async (key: string) => {
        const answer = await partnerPost(
          baseUrl(),
          '/v1/s1/kyc/integration/revoke-token',
          { token: 'no-such-token-0000000000000000000000000000' },
          { id: DEMO_PARTNER.id, secret: key },
        );
        return ((await answer.json()) as { ret_code: number }).ret_code;
      };
      expect(await signedWith(secret)).toBe(0);
      expect(await signedWith(DEMO_PARTNER.secret)).toBe(0);

      // Revoke the new one (the last button: secrets are listed oldest first), from the keyboard.
      await revokes.last().focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', {
        name: new RegExp(
          fill(t('partners.revoke.title'), { fingerprint: '[0-9a-f]{8}' }).replace('?', '\\?'),
        ),
      });
      await confirm.waitFor();
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await screenshot(page, `backoffice-partner-revoke-${lang}`);
        await expectNoAxeViolations(page, { soft: true, message: `revoke dialog ${lang}` });
      }
      await confirm.getByRole('button', { name: t('partners.revoke.confirm') }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await expect.poll(() => revokes.count()).toBe(1);
      expect(await signedWith(secret)).toBe(10003);
    };

    await rotateAndRevoke('ar-SA');
    await page.getByLabel(textOf(localeOf('ar-SA'), 'language.label')).selectOption('en');
    await page.locator('html[lang="en"]').waitFor({ state: 'attached' });
    await rotateAndRevoke('en');
    await page.getByText(/^Secret [0-9a-f]{8} revoked\.$/).waitFor();

    await page.goto(`${baseUrl()}/backoffice/audit-log`);
    await page.getByRole('table').getByText('Partner secret created').first().waitFor();
    await page.getByRole('table').getByText('Partner secret revoked').first().waitFor();
    await page.getByRole('table').getByText('partner:demo-partner').first().waitFor();

    expectOnlyOwnOrigins(requests);
    await context.close();
  }, 240_000);
});
