/**
 * Verification at a vendor end to end (issue 13, docs/providers.md), in Chromium against the vendor
 * simulator mounted at /simulator (as `npm start` runs it): the portal's page loads the vendor's web SDK
 * and opens its flow; the simulated vendor sends signed webhooks back; the person sees the result.
 * Sumsub approves automatically; Onfido declines (RETRY) and the person retries; Jumio rejects for good
 * and a senior reviewer confirms. Every context is fresh (no cookies), the phone viewport included. The
 * vendor flow in Arabic on the Emirates site and the case's vendor panel in en and ar-SA are checked with
 * axe at 390×844 and 1280×800 (screenshots with E2E_SCREENSHOTS=1). Issue 19 (D118): the person types
 * what the document says in the vendor's page (the simulator keeps no image); Onfido's second attempt
 * reads the passport Sumsub read for another account (the demo scenario "the document read last"), and
 * the reviewer's Checks panel of that case shows our checks on what Onfido read, with their reasons.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  baseUrl,
  expectNoAxeViolations,
  expectOnlyOwnOrigins,
  emiratesUrl,
  newContext,
  screenshot,
  signIn,
  useBrowser,
  DEMO_PASSWORD,
  type Page,
} from '../support/browser.ts';
import { staffSignIn } from '../support/kyc.ts';
import { backofficeLanguage } from '../support/level1.ts';
import { backofficeText } from '../support/locales.ts';
import { caseState, untilServerDone } from '../support/background.ts';
import { partnerPost } from '../support/partner.ts';
import { CSRF_COOKIE, CSRF_HEADER } from '@kyc/contracts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A partner's webhook receiver on loopback: records every POST and answers 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/kyc-webhooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An admin registers the partner's webhook through the back office's API (session and CSRF token). */
async function registerWebhook(admin: Page, url: string): Promise<string> {
  const answer = await admin.evaluate(async (target) => {
    const csrf = /(?:^|; )(?:__Host-)?kyc_staff_csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const response = await fetch('/backoffice/api/partners/demo-partner/webhook', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
      body: JSON.stringify({ url: target, enabled: true, rotateSecret: true }),
    });
    return (await response.json()) as { ret_code: number; result?: { secret: string | null } };
  }, url);
  expect(answer.ret_code, JSON.stringify(answer)).toBe(0);
  return answer.result?.secret ?? '';
}

/** The person agrees, inside the partner's embedded flow, to share their verification with it. */
async function linkToPartner(page: Page, email: string, userRef: string) {
  const response = await partnerPost(baseUrl(), '/v1/s1/kyc/integration/access-token', {
    userRef,
    from: 'demo-app',
  });
  const { result } = (await response.json()) as { result: { url: string } };
  await page.goto(result.url);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await page.getByRole('heading', { name: /Share your verification/ }).waitFor({ state: 'detached' });
}

const KYC_LEVEL_1 = '/user/accounts/en/auth/kyc?level=1';

/** Opens the vendor's flow of level 1 and takes the simulated vendor's decision in its hosted page. */
/** Signs in and waits for the portal's own landing, so that the next navigation is not cut short by it. */
async function signedIn(page: Page, email: string) {
  await signIn(page, baseUrl(), email);
  await page.waitForURL('**/auth/personal**');
}

/** What the document says, typed in the vendor's hosted page (labels: locales/vendor-simulator/en.json). */
interface TypedDocument {
  number?: string;
  country?: string;
  firstNames?: string;
  lastName?: string;
  dateOfBirth?: string;
  expiryDate?: string;
  scenario?: 'What you typed' | "The document read last (another account's)";
}

const PASSPORT: TypedDocument = {
  number: 'C01X00T47',
  country: 'DEU',
  firstNames: 'Anna',
  lastName: 'Müller',
  dateOfBirth: '1990-01-01',
  expiryDate: '2031-06-30',
};

async function verifyAtVendor(
  page: Page,
  decision: 'Approve' | 'Ask to retry' | 'Reject for good',
  shot: string,
  document: TypedDocument = {},
) {
  await page.goto(`${baseUrl()}${KYC_LEVEL_1}`);
  const container = page.locator('#vendor-sdk-container');
  await container.waitFor();
  const frame = page.frameLocator('#vendor-sdk-container iframe');
  await frame.getByRole('heading', { name: 'Verify your identity' }).waitFor({ timeout: 20_000 });
  const fields: [keyof TypedDocument, string][] = [
    ['number', 'Document number'],
    ['country', 'Issuing country (3 letters, e.g. DEU)'],
    ['firstNames', 'First names'],
    ['lastName', 'Last name'],
    ['dateOfBirth', 'Date of birth'],
    ['expiryDate', 'Expiry date'],
  ];
  for (const [key, label] of fields) {
    const value = document[key];
    if (value) await frame.getByLabel(label, { exact: true }).fill(value);
  }
  if (document.scenario)
    // By its name: a select inside its label takes the chosen option's text into its accessible name.
    await frame.locator('select[name="docScenario"]').selectOption({ label: document.scenario });
  await screenshot(page, `${shot}-vendor-flow`);
  await frame.getByRole('button', { name: decision, exact: true }).click();
  const submitted = page.getByTestId('vendor-sdk-submitted');
  await submitted.waitFor({ timeout: 20_000 });
  return submitted;
}

/** The person's UID as the personal page shows it. */
async function uidOf(page: Page): Promise<number> {
  await page.goto(`${baseUrl()}/user/accounts/en/auth/personal`);
  const uid = page.locator('.account-summary dd').first();
  await uid.waitFor();
  return Number((await uid.innerText()).trim());
}

/** kyc-personal-info in the person's session (its CSRF header), as the portal's own pages call it. */
async function typePersonalInfo(page: Page, details: object) {
  const csrf = (await page.context().cookies(baseUrl())).find((c) => c.name === CSRF_COOKIE)?.value ?? '';
  const response = await page.context().request.post(`${baseUrl()}/v3/private/kyc/kyc-personal-info`, {
    data: details,
    headers: { [CSRF_HEADER]: csrf },
  });
  expect(((await response.json()) as { ret_code: number }).ret_code).toBe(0);
}

describe('verification at a vendor (simulator)', () => {
  const browser = useBrowser();
  let onfidoUid = 0;

  it('Sumsub on a phone: the person verifies in the vendor flow and is approved automatically', async () => {
    const { context, requests } = await newContext(browser(), PHONE);
    const page = await context.newPage();
    await signedIn(page, 'sumsub@demo.test');
    // Sumsub reads the person's passport (typed in its page, as the simulator keeps no image).
    const submitted = await verifyAtVendor(page, 'Approve', 'sumsub', PASSPORT);
    await expect.poll(() => submitted.getAttribute('data-status'), { timeout: 30_000 }).toBe('SUCCESS');
    await screenshot(page, 'sumsub-submitted');
    await expectNoAxeViolations(page, { soft: true });
    expectOnlyOwnOrigins(requests);
    await context.close();
  });

  it('Sumsub on the Emirates site in Arabic: the vendor flow at phone and desktop width, axe clean, then approved', async () => {
    const { context, requests } = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await signIn(page, emiratesUrl(), 'sumsub-ae@demo.test');
    await page.waitForURL('**/auth/personal**');
    const frame = page.frameLocator('#vendor-sdk-container iframe');
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(`${emiratesUrl()}/user/accounts/ar-SA/auth/kyc?level=1`);
      await page.locator('html[dir="rtl"]').waitFor({ state: 'attached' });
      // The simulator's hosted page follows the portal's language (the vendor's code for Arabic).
      await frame.locator('html[lang="ar"][dir="rtl"]').waitFor({ state: 'attached', timeout: 20_000 });
      await frame.locator('button[value="approve"]').waitFor();
      await expectNoAxeViolations(page, { soft: true, message: `vendor flow (ar-SA, ${viewport.width})` });
      await screenshot(page, `sumsub-ar-SA-${viewport.width}-vendor-flow`);
    }
    // Decided with the keyboard: headless Chromium does not always route a pointer click into the
    // cross-origin frame of a right-to-left page once the emulated viewport has been changed.
    await frame.locator('button[value="approve"]').press('Enter');
    const submitted = page.getByTestId('vendor-sdk-submitted');
    await expect.poll(() => submitted.getAttribute('data-status'), { timeout: 30_000 }).toBe('SUCCESS');
    await screenshot(page, 'sumsub-ar-SA-submitted');
    expectOnlyOwnOrigins(requests);
    await context.close();
  });

  it('Onfido: a RETRY shows the reason, the person retries and is approved; the linked partner receives signed webhooks', async () => {
    const receiver = await startReceiver();
    try {
      const staff = await newContext(browser(), DESKTOP);
      const admin = await staff.context.newPage();
      await staffSignIn(admin, baseUrl(), 'admin@demo.test');
      const secret = await registerWebhook(admin, receiver.url);
      expect(secret).toMatch(/^kycw_/);
      await staff.context.close();

      const userRef = `onfido-${randomBytes(4).toString('hex')}`;
      const embedded = await newContext(browser(), PHONE);
      await linkToPartner(await embedded.context.newPage(), 'onfido@demo.test', userRef);
      await embedded.context.close();

      const { context, requests } = await newContext(browser(), DESKTOP);
      const page = await context.newPage();
      await signedIn(page, 'onfido@demo.test');
      onfidoUid = await uidOf(page);
      // The person's details as typed with us (kyc-personal-info in their own session).
      await typePersonalInfo(page, { firstName: 'Anna', lastName: 'Müller', dateOfBirth: '1990-01-02' });
      const first = await verifyAtVendor(page, 'Ask to retry', 'onfido');
      await expect
        .poll(() => first.getAttribute('data-status'), { timeout: 30_000 })
        .toBe('FAILED_AND_CAN_RETRY');
      // Onfido reads the passport Sumsub read for sumsub@demo.test (the demo scenario): the same
      // document on two accounts, and a date of birth that is not the one typed.
      const second = await verifyAtVendor(page, 'Approve', 'onfido-retry', {
        scenario: "The document read last (another account's)",
      });
      await expect.poll(() => second.getAttribute('data-status'), { timeout: 30_000 }).toBe('SUCCESS');
      expectOnlyOwnOrigins(requests);
      await context.close();

      // The partner hears of the approval: signed with its webhook secret, naming only its own reference.
      const approval = () =>
        receiver.received.find((r) => {
          const event = JSON.parse(r.body) as { ref: string; status: string };
          return event.ref === 'LEVEL_1' && event.status === 'SUCCESS';
        });
      // The delivery job runs every JOB_INTERVAL_SECONDS (60 in the e2e server).
      await expect.poll(() => approval() !== undefined, { timeout: 90_000 }).toBe(true);
      const delivery = approval() as Received;
      const ts = String(delivery.headers['kyc-webhook-ts']);
      const expected = createHmac('sha256', secret).update(`${ts}${delivery.body}`).digest('hex');
      expect(delivery.headers['kyc-webhook-sign']).toBe(expected);
      expect(JSON.parse(delivery.body)).toMatchObject({ userRef, kind: 'kyc_level' });
      expect(delivery.body).not.toContain('onfido@demo.test');
    } finally {
      await receiver.close();
    }
  }, 180_000);

  it('Jumio: a final rejection by the vendor waits for a senior reviewer, who confirms it', async () => {
    const person = await newContext(browser(), DESKTOP);
    const page = await person.context.newPage();
    await signedIn(page, 'jumio@demo.test');
    const submitted = await verifyAtVendor(page, 'Reject for good', 'jumio');
    // The vendor only proposes: the person keeps seeing the review running.
    await expect.poll(() => submitted.getAttribute('data-status'), { timeout: 30_000 }).toBe('PENDING');

    const staff = await newContext(browser(), DESKTOP);
    const senior = await staff.context.newPage();
    await staffSignIn(senior, baseUrl(), 'senior@demo.test');
    await senior.goto(`${baseUrl()}/backoffice/verification-queue`);
    await senior
      .getByRole('row')
      .filter({ hasText: 'jumio@demo.test' })
      .first()
      .getByRole('link')
      .first()
      .click();
    await senior.getByRole('heading', { name: 'Decisions' }).waitFor();
    // The case's vendor panel, as a reviewer reads it, in en and ar-SA at both widths (axe clean).
    for (const lang of ['en', 'ar-SA'] as const) {
      await backofficeLanguage(senior, lang);
      const panel = senior.getByRole('region', { name: backofficeText(lang, 'case.vendor.heading') });
      await panel.getByText(backofficeText(lang, 'case.vendor.outcomes.rejected_final')).first().waitFor();
      for (const viewport of [PHONE, DESKTOP]) {
        await senior.setViewportSize(viewport);
        await panel.scrollIntoViewIfNeeded();
        await expectNoAxeViolations(senior, {
          soft: true,
          message: `vendor panel (${lang}, ${viewport.width})`,
        });
        await screenshot(senior, `jumio-vendor-panel-${lang}-${viewport.width}`);
      }
    }
    await backofficeLanguage(senior, 'en');
    await senior.getByRole('button', { name: 'Confirm final rejection' }).click();
    await senior.getByRole('dialog').getByRole('button', { name: 'Confirm final rejection' }).click();
    await expect.poll(() => senior.getByRole('dialog').count()).toBe(0);

    await page.goto(`${baseUrl()}/user/accounts/en/auth/personal`);
    await page.getByText('Your submission was not approved and cannot be submitted again.').waitFor();
    expectOnlyOwnOrigins(person.requests);
    for (const { context } of [person, staff]) await context.close();
  });

  it('the case of a vendor-verified person: the Checks panel shows our checks on what Onfido read, each with its reason (en and ar-SA, phone and desktop, axe clean)', async () => {
    expect(onfidoUid, 'the Onfido test ran first').toBeGreaterThan(0);
    const staff = await newContext(browser(), DESKTOP);
    const reviewer = await staff.context.newPage();
    await staffSignIn(reviewer, baseUrl(), 'reviewer@demo.test');
    const caseUrl = `${baseUrl()}/backoffice/cases/${onfidoUid}`;
    await reviewer.goto(caseUrl);
    // The checks are read from Onfido after its approval committed: until the duplicate is in the case.
    await untilServerDone('the checks of what Onfido read', async () =>
      Boolean(
        (await caseState(reviewer, caseUrl)).checks?.some(
          (c) => c.name === 'duplicate_document' && c.outcome === 'fail',
        ),
      ),
    );
    await reviewer.reload();
    for (const lang of ['en', 'ar-SA'] as const) {
      const t = (key: string) => backofficeText(lang, key);
      await backofficeLanguage(reviewer, lang);
      const panel = reviewer.getByRole('region', { name: t('case.checks.heading'), exact: true });
      await panel.getByText(t('case.checks.vendorReading').replaceAll('{{vendor}}', 'Onfido')).waitFor();
      const article = (name: string, outcome: string) =>
        panel.getByRole('article', {
          name: `${t(`case.checks.names.${name}`)}: ${t(`case.checks.outcomes.${outcome}`)}`,
          exact: true,
        });
      // The date of birth typed (2 January) against the one Onfido read (1 January): one row disagrees.
      await article('data_match', 'fail').locator('tr.case-checks__disagrees').waitFor();
      await article('expiry', 'pass').waitFor();
      // The same passport on sumsub@demo.test's account: the link to the other case.
      await article('duplicate_document', 'fail').getByRole('link').waitFor();
      for (const viewport of [PHONE, DESKTOP]) {
        await reviewer.setViewportSize(viewport);
        await panel.scrollIntoViewIfNeeded();
        await expectNoAxeViolations(reviewer, {
          soft: true,
          message: `vendor checks (${lang}, ${viewport.width})`,
        });
        await screenshot(reviewer, `onfido-checks-panel-${lang}`);
      }
    }
    await backofficeLanguage(reviewer, 'en');
    expectOnlyOwnOrigins(staff.requests);
    await staff.context.close();
  });
});
