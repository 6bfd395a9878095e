/**
 * Issue 15, in Chromium against the real server (no SMTP_URL: the development mailbox, /dev/mailbox, is
 * where the code arrives, as for a developer running `npm start`): a person verified at level 1 resets
 * their verification behind the security-verification dialog and an email code; the dialog at a phone
 * and a desktop width in English and (Emirates host) Arabic, axe clean. Screenshots go to
 * $STEPUP_SHOTS (e.g. /tmp/shots-stepup) when it is set.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAPTURE_CONSENT_VERSION, CSRF_COOKIE, STAFF_CSRF_COOKIE } from '@kyc/contracts';
import {
  DESKTOP,
  PHONE,
  baseUrl,
  emiratesUrl,
  expectNoAxeViolations,
  newContext,
  signIn,
  useBrowser,
  type Browser,
  type Page,
} from '../support/browser.ts';
import { photoFile, signUpFresh, staffSignIn } from '../support/kyc.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const json = (file: string) => JSON.parse(readFileSync(path.join(ROOT, 'locales', file), 'utf8')) as object;
const pick = (texts: object, key: string): string =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts) as string;
const originOf = (lang: string) => (lang === 'ar-SA' ? emiratesUrl() : baseUrl());
const SHOTS = process.env.STEPUP_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  await page.screenshot({ path: path.join(SHOTS, `${name}-${size?.width}x${size?.height}.png`) });
}

/** A state-changing API call from the page's context, with its CSRF header as the SPA sends it. */
async function post(
  page: Page,
  url: string,
  options: { data?: unknown; multipart?: Record<string, unknown> },
) {
  const name = url.startsWith('/backoffice') ? STAFF_CSRF_COOKIE : CSRF_COOKIE;
  const cookies = await page.context().cookies();
  const csrf = cookies.find((cookie) => cookie.name === name)?.value ?? '';
  const response = await page.request.post(`${baseUrl()}${url}`, {
    ...(options.multipart ? { multipart: options.multipart as never } : { data: options.data }),
    headers: {
      'x-csrf-token': csrf,
      'idempotency-key': `key-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
  });
  return (await response.json()) as { ret_code: number; result: Record<string, unknown> };
}

/** A fresh person verified at level 1: a passport submitted through the API and approved by a reviewer. */
async function verifiedPerson(browser: Browser): Promise<string> {
  const { context } = await newContext(browser);
  const page = await context.newPage();
  const email = await signUpFresh(page, baseUrl(), 'stepup');
  const ids: string[] = [];
  for (const side of ['front', 'selfie']) {
    const file = await photoFile(
      `stepup-${side}`,
      side === 'selfie' ? 900 : 1600,
      side === 'selfie' ? 1200 : 1000,
    );
    const uploaded = await post(page, '/v3/private/kyc/upload-document', {
      multipart: { side, file: { name: `${side}.jpg`, mimeType: 'image/jpeg', buffer: readFileSync(file) } },
    });
    expect(uploaded.ret_code).toBe(0);
    ids.push(String(uploaded.result.documentId));
  }
  const submitted = await post(page, '/v3/private/kyc/submit', {
    data: {
      level: 1,
      documentType: 'PASSPORT',
      country: 'DE',
      documentIds: ids,
      consent: { privacy: true, declaration: true, version: CAPTURE_CONSENT_VERSION, language: 'en' },
    },
  });
  expect(submitted.ret_code, JSON.stringify(submitted)).toBe(0);
  await context.close();

  const staff = await newContext(browser);
  const reviewer = await staff.context.newPage();
  await staffSignIn(reviewer, baseUrl(), 'reviewer@demo.test');
  const queue = (await (await reviewer.request.get(`${baseUrl()}/backoffice/api/queue`)).json()) as {
    result: { items: Array<{ userId: number; email: string }> };
  };
  const userId = queue.result.items.find((item) => item.email === email)?.userId;
  expect(userId).toBeDefined();
  const approved = await post(reviewer, `/backoffice/api/cases/${userId}/decisions`, {
    data: { decision: 'approve', level: 1 },
  });
  expect(approved.ret_code).toBe(0);
  await staff.context.close();
  return email;
}

/** The reset form filled and sent: the security-verification dialog opens. */
async function openResetDialog(page: Page, lang: string) {
  const texts = json(`user-accounts/${lang}.json`);
  await page.goto(`${originOf(lang)}/user/accounts/${lang}/auth/resetkyc`);
  await page.getByRole('checkbox').check();
  await page
    .getByLabel(
      pick(texts, 'resetKyc.confirm.typeLabel').replace('{{word}}', pick(texts, 'resetKyc.confirm.word')),
    )
    .fill(pick(texts, 'resetKyc.confirm.word'));
  await page.getByRole('button', { name: pick(texts, 'resetKyc.confirm.submit') }).click();
  const dialog = page.getByRole('dialog', { name: pick(texts, 'securityVerification.title') });
  await dialog.waitFor();
  await dialog.getByText(pick(texts, 'securityVerification.emailHint').split('{{email}}')[0] ?? '').waitFor();
  return { dialog, texts };
}

async function newestCode(page: Page, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const answer = (await (
        await page.request.get(`${baseUrl()}/dev/mailbox?format=json&to=${encodeURIComponent(email)}`)
      ).json()) as { result: Array<{ text_body: string }> };
      code = /\b(\d{6})\b/.exec(answer.result[0]?.text_body ?? '')?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code ?? '';
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
        await shot(page, `step-up-dialog-${lang}`);
        await expectNoAxeViolations(page, { soft: true, message: `dialog ${lang} ${viewport.width}` });
        await dialog.getByRole('button', { name: pick(texts, 'securityVerification.cancel') }).click();
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
      .toBe(pick(json('inverse-error-code/en.json'), '60005'));
    await shot(page, 'step-up-dialog-wrong-code-en');
    await dialog.getByLabel('Code from the email').fill(await newestCode(page, email));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/auth/personal');
    await page.getByText('Your verification has been reset.').waitFor();
    const info = await post(page, '/v3/private/kyc/kyc-info', { data: { obtain_current: true } });
    expect((info.result.applicant as { level: number }).level).toBe(0);
    await context.close();
  }, 240_000);
});
