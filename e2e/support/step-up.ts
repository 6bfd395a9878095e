/**
 * Issue 15 e2e helpers: API calls from a page's context (with the CSRF header the SPA sends), a fresh
 * person verified at level 1 (submitted through the API, approved by a reviewer) and the newest email
 * code from the development mailbox (/dev/mailbox: the e2e server runs without SMTP_URL).
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { CAPTURE_CONSENT_VERSION, CSRF_COOKIE, STAFF_CSRF_COOKIE } from '@kyc/contracts';
import { baseUrl, newContext, type Browser, type Page } from './browser.ts';
import { photoFile, signUpFresh, staffSignIn } from './kyc.ts';

/** A state-changing API call from the page's context, with its CSRF header as the SPA sends it. */
export async function post(
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

export const ADA = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10' };

/** A fresh person verified at level 1: a passport submitted through the API and approved by a reviewer. */
export async function verifiedPerson(browser: Browser, residenceCountry = 'DE'): Promise<string> {
  const { context } = await newContext(browser);
  const page = await context.newPage();
  const email = await signUpFresh(page, baseUrl(), 'stepup');
  const details = await post(page, '/v3/private/kyc/kyc-personal-info', {
    data: { ...ADA, residenceCountry },
  });
  expect(details.ret_code, JSON.stringify(details)).toBe(0);
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

export async function newestCode(page: Page, email: string): Promise<string> {
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
