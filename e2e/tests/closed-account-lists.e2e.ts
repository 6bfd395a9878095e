/**
 * Issue 20 (D86) in Chromium against the real server: a person waiting in the verification queue closes
 * (the test-only closures hook of NODE_ENV=test); the queue then shows "Closed account #id" linking to the
 * case instead of their name and email, in en and ar-SA at 390×844 and 1280×800, checked with axe (shot
 * with E2E_SCREENSHOTS=1).
 */
import { describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '@kyc/contracts';
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
import { signUpFresh } from '../support/kyc.ts';
import { staffPage, submitLevel1ByFile } from '../support/level1.ts';
import { backofficeText } from '../support/locales.ts';

const text = (lang: string, key: string, values: Record<string, string | number> = {}) =>
  backofficeText(lang, key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));

async function backofficeLanguage(page: Page, lang: 'en' | 'ar-SA') {
  const current = (await page.locator('html').getAttribute('lang')) ?? 'en';
  if (current.startsWith(lang === 'en' ? 'en' : lang)) return;
  await page.getByLabel(text(current === 'ar-SA' ? 'ar-SA' : 'en', 'language.label')).selectOption(lang);
  await page.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached' });
}

describe('lists after an account closes', () => {
  const browser = useBrowser();

  it('the verification queue shows a closed person as "Closed account #id", translated, without their name or email', async () => {
    const person = await newContext(browser(), PHONE);
    const page = await person.context.newPage();
    const email = await signUpFresh(page, baseUrl(), 'closed-list');
    await submitLevel1ByFile(
      page,
      { firstName: 'Ilse', lastName: 'Marwood', dateOfBirth: '1979-02-14' },
      'closed-list',
    );
    const csrf = (await person.context.cookies(baseUrl())).find((c) => c.name === CSRF_COOKIE)?.value ?? '';
    const closed = await person.context.request.post(`${baseUrl()}/dev/test/closures`, {
      data: { email, closedAt: Date.now() },
      headers: { [CSRF_HEADER]: csrf },
    });
    const body = (await closed.json()) as { ret_code: number; result: { userId: number } };
    expect(body.ret_code, JSON.stringify(body)).toBe(0);
    const userId = body.result.userId;

    for (const viewport of [DESKTOP, PHONE]) {
      const reviewer = await staffPage(browser(), 'reviewer@demo.test', viewport);
      for (const lang of ['en', 'ar-SA'] as const) {
        await reviewer.page.goto(`${baseUrl()}/backoffice/verification-queue`);
        await backofficeLanguage(reviewer.page, lang);
        const marker = reviewer.page.getByRole('link', {
          name: text(lang, 'closedAccount.marker', { id: userId }),
        });
        await marker.waitFor();
        expect(await marker.getAttribute('href')).toBe(`/backoffice/cases/${userId}`);
        expect(await reviewer.page.getByText(email).count()).toBe(0);
        expect(await reviewer.page.getByText('Marwood').count()).toBe(0);
        await expectNoAxeViolations(reviewer.page);
        await screenshot(reviewer.page, `closed-account-queue-${lang}`);
      }
      await reviewer.context.close();
    }
    await person.context.close();
  });
});
