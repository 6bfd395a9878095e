/**
 * Verification at a vendor end to end (issue 13, docs/providers.md), in Chromium against the vendor
 * simulator mounted at /simulator (as `npm start` runs it): the portal's page loads the vendor's web SDK
 * and opens its flow; the simulated vendor sends signed webhooks back; the person sees the result.
 * Sumsub approves automatically; Onfido declines (RETRY) and the person retries; Jumio rejects for good
 * and a senior reviewer confirms. Every context is fresh (no cookies), the phone viewport included.
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
import { staffSignIn } from '../support/kyc.ts';

const KYC_LEVEL_1 = '/user/accounts/en/auth/kyc?level=1';

/** Opens the vendor's flow of level 1 and takes the simulated vendor's decision in its hosted page. */
/** Signs in and waits for the portal's own landing, so that the next navigation is not cut short by it. */
async function signedIn(page: Page, email: string) {
  await signIn(page, baseUrl(), email);
  await page.waitForURL('**/auth/personal**');
}

async function verifyAtVendor(
  page: Page,
  decision: 'Approve' | 'Ask to retry' | 'Reject for good',
  shot: string,
) {
  await page.goto(`${baseUrl()}${KYC_LEVEL_1}`);
  const container = page.locator('#vendor-sdk-container');
  await container.waitFor();
  const frame = page.frameLocator('#vendor-sdk-container iframe');
  await frame.getByRole('heading', { name: 'Verify your identity' }).waitFor({ timeout: 20_000 });
  await screenshot(page, `${shot}-vendor-flow`);
  await frame.getByRole('button', { name: decision, exact: true }).click();
  const submitted = page.getByTestId('vendor-sdk-submitted');
  await submitted.waitFor({ timeout: 20_000 });
  return submitted;
}

describe('verification at a vendor (simulator)', () => {
  const browser = useBrowser();

  it('Sumsub on a phone: the person verifies in the vendor flow and is approved automatically', async () => {
    const { context, requests } = await newContext(browser(), PHONE);
    const page = await context.newPage();
    await signedIn(page, 'sumsub@demo.test');
    const submitted = await verifyAtVendor(page, 'Approve', 'sumsub');
    await expect.poll(() => submitted.getAttribute('data-status'), { timeout: 30_000 }).toBe('SUCCESS');
    await screenshot(page, 'sumsub-submitted');
    await expectNoAxeViolations(page, { soft: true });
    expectOnlyOwnOrigins(requests);
    await context.close();
  });

  it('Onfido: a RETRY shows the reason, and the person retries and is approved', async () => {
    const { context, requests } = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await signedIn(page, 'onfido@demo.test');
    const first = await verifyAtVendor(page, 'Ask to retry', 'onfido');
    await expect
      .poll(() => first.getAttribute('data-status'), { timeout: 30_000 })
      .toBe('FAILED_AND_CAN_RETRY');
    const second = await verifyAtVendor(page, 'Approve', 'onfido-retry');
    await expect.poll(() => second.getAttribute('data-status'), { timeout: 30_000 }).toBe('SUCCESS');
    expectOnlyOwnOrigins(requests);
    await context.close();
  });

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
    await senior.getByRole('button', { name: 'Confirm final rejection' }).click();
    await senior.getByRole('dialog').getByRole('button', { name: 'Confirm final rejection' }).click();
    await expect.poll(() => senior.getByRole('dialog').count()).toBe(0);

    await page.goto(`${baseUrl()}/user/accounts/en/auth/personal`);
    await page.getByText('Your submission was not approved and cannot be submitted again.').waitFor();
    expectOnlyOwnOrigins(person.requests);
    for (const { context } of [person, staff]) await context.close();
  });
});
