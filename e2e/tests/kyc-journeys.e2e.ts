/**
 * Identity verification end to end (issue 4), in Chromium with its fake camera: people verify level 1
 * by camera and by file upload, reviewers decide in the back office (approve, RETRY, FINAL with a
 * senior's confirmation), and re-verification runs Needed → Pending → Rejected → resubmit in the
 * default region and in the Turkey region (app only).
 */
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  FAKE_CAMERA_ARGS,
  atBothWidths,
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
import { originOf } from '../support/locales.ts';
import { giveCaptureConsent, photoFile, signUpFresh } from '../support/kyc.ts';
import { approveLevel1, enterDocumentDetails, openCase, staffPage } from '../support/level1.ts';
import { FIRST_PARTY_APP, partnerPost } from '../support/partner.ts';

const PERSONAL = '/user/accounts/en/auth/personal';

type Capture = 'camera' | 'file';

/** One side of the document (or the selfie) by the fake camera or by choosing a file. */
async function capture(page: Page, how: Capture, label: string, file: string) {
  const region = page.getByRole('region', { name: label });
  if (how === 'camera') {
    await region.getByRole('button', { name: /^Take a (photo|selfie)$/ }).click();
    // The fake camera needs a moment before its first frame, as a real one does.
    const video = region.locator('video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await region.getByRole('button', { name: `Capture: ${label}` }).click();
  } else {
    const chooser = page.waitForEvent('filechooser');
    await region.getByRole('button', { name: 'Upload a file' }).click();
    await (await chooser).setFiles(file);
  }
  await region.getByText('Uploaded.').waitFor({ timeout: 20_000 });
}

/**
 * Level 1 on the kyc screen (or the SDK screen, already open): country, document type, the sides the
 * document needs, a selfie, review and submit.
 */
async function verifyLevel1(
  page: Page,
  how: Capture,
  {
    country = 'DE',
    document = 'Passport',
    shots,
    details = true,
  }: { country?: string; document?: string; shots?: string; details?: boolean },
) {
  const name = shots ?? how;
  await page.getByLabel('Country that issued your document').selectOption(country);
  await page.getByRole('button', { name: 'Continue' }).click();
  // A first verification asks for the name and date of birth as on the document; a re-verification
  // keeps the verified identity's.
  if (details) await enterDetails(page);
  await page.getByRole('radio', { name: document }).check();
  // D125: a passport offers its country as the nationality; an identity card's is chosen.
  await enterDocumentDetails(page, document === 'Passport' ? {} : { nationality: country });
  await page.getByRole('button', { name: 'Continue' }).click();
  await capture(page, how, 'Front of the document', await photoFile(`${name}-front`));
  await page.getByRole('button', { name: 'Continue' }).click();
  if (document !== 'Passport') {
    await capture(page, how, 'Back of the document', await photoFile(`${name}-back`));
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await capture(page, how, 'Selfie', await photoFile(`${name}-selfie`, 900, 1200));
  await page.getByRole('button', { name: 'Continue' }).click();
  // The consent and declaration before an ID and a selfie are submitted (issue 10).
  await giveCaptureConsent(page);
  await page.getByRole('heading', { name: 'Review and submit' }).waitFor();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await page.getByRole('heading', { name: 'Submitted' }).waitFor({ timeout: 20_000 });
}

async function enterDetails(page: Page) {
  await page.locator('input[autocomplete="given-name"]').fill('Ada');
  await page.locator('input[autocomplete="family-name"]').fill('Lovelace');
  await page.locator('input[autocomplete="bday"]').fill('1990-12-10');
  await page.locator('main button').last().click();
}

async function startLevel1(page: Page) {
  await page.goto(`${baseUrl()}/user/accounts/en/auth/kyc?level=1`);
  await page.getByLabel('Country that issued your document').waitFor();
}

async function rejectWith(page: Page, legend: string, button: string, confirm: string, message: string) {
  const form = page.getByRole('group', { name: legend });
  await form.getByLabel('Reason').selectOption('BLURRY_IMAGE');
  await form.getByLabel('Message to the person').fill(message);
  await form.getByRole('button', { name: button }).click();
  await page.getByRole('dialog').getByRole('button', { name: confirm }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

async function personal(page: Page) {
  await page.goto(`${baseUrl()}${PERSONAL}`);
  await page.getByRole('region', { name: 'Verification level' }).waitFor();
}

const step1 = (page: Page) => page.getByRole('region', { name: /^Step 1/ });
const reverifyPanel = (page: Page) => page.getByRole('region', { name: 'Re-verification' });

describe('identity verification journeys', () => {
  const browser = useBrowser(FAKE_CAMERA_ARGS);

  it('one person verifies by camera, another by file upload; a reviewer approves the first and rejects the second with RETRY; each sees the outcome', async () => {
    const a = await newContext(browser(), PHONE);
    const camera = await a.context.newPage();
    const cameraEmail = await signUpFresh(camera, baseUrl(), 'camera');
    await startLevel1(camera);
    await verifyLevel1(camera, 'camera', {});
    await expectNoAxeViolations(camera);

    const b = await newContext(browser(), DESKTOP);
    const upload = await b.context.newPage();
    const uploadEmail = await signUpFresh(upload, baseUrl(), 'upload');
    await startLevel1(upload);
    await verifyLevel1(upload, 'file', { country: 'FR', document: 'National ID card' });

    for (const page of [camera, upload]) {
      await personal(page);
      await step1(page).getByText('Under review').waitFor();
    }

    const staff = await staffPage(browser(), 'reviewer@demo.test');
    await openCase(staff.page, cameraEmail);
    // The name and date of birth the person typed, stored sealed, are shown to staff in clear.
    await staff.page.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
    await expect
      .poll(() => staff.page.getByRole('img', { name: 'Front side uploaded by the person' }).count())
      .toBe(1);
    await expectNoAxeViolations(staff.page);
    await screenshot(staff.page, 'backoffice-case-en');
    await approveLevel1(staff.page);

    await openCase(staff.page, uploadEmail);
    await rejectWith(
      staff.page,
      'Reject level 1',
      'Reject, can try again',
      'Reject level 1',
      'The photo of the back is blurred. Please take it again in good light.',
    );

    await personal(camera);
    await step1(camera).getByText('Verified', { exact: true }).waitFor();
    const level = camera.getByRole('region', { name: 'Verification level' });
    await level.getByText('Level 1').waitFor();
    await level.getByText('2 BTC').waitFor();
    await screenshot(camera, 'personal-level1-en');

    await personal(upload);
    await step1(upload).getByText('Not approved', { exact: true }).waitFor();
    await step1(upload)
      .getByText('The photo of the back is blurred. Please take it again in good light.')
      .waitFor();
    await step1(upload)
      .getByRole('link', { name: /Try again/ })
      .click();
    await upload.getByLabel('Country that issued your document').waitFor();
    await expectNoAxeViolations(upload);

    for (const { requests } of [a, b, staff]) expectOnlyOwnOrigins(requests);
    for (const { context } of [a, b, staff]) await context.close();
  });

  it('a final rejection proposed by a reviewer waits for a senior reviewer, who confirms it; the person cannot submit again', async () => {
    const person = await newContext(browser());
    const page = await person.context.newPage();
    const email = await signUpFresh(page, baseUrl(), 'final');
    await startLevel1(page);
    await verifyLevel1(page, 'file', { shots: 'final' });

    const reviewer = await staffPage(browser(), 'reviewer@demo.test');
    await openCase(reviewer.page, email);
    await rejectWith(
      reviewer.page,
      'Reject level 1',
      'Propose final rejection',
      'Propose final rejection',
      'The document appears to have been altered.',
    );
    await reviewer.page.getByText('You proposed the final rejection.', { exact: false }).waitFor();
    expect(await reviewer.page.getByRole('button', { name: 'Confirm final rejection' }).count()).toBe(0);

    // The person still sees the review running while the proposal waits.
    await personal(page);
    await step1(page).getByText('Under review').waitFor();

    const senior = await staffPage(browser(), 'senior@demo.test');
    await openCase(senior.page, email);
    await senior.page.getByRole('button', { name: 'Confirm final rejection' }).click();
    await senior.page.getByRole('dialog').getByRole('button', { name: 'Confirm final rejection' }).click();
    await expect.poll(() => senior.page.getByRole('dialog').count()).toBe(0);

    await personal(page);
    await step1(page).getByText('Your submission was not approved and cannot be submitted again.').waitFor();
    expect(
      await step1(page)
        .getByRole('link', { name: /Try again/ })
        .count(),
    ).toBe(0);

    for (const { context } of [person, reviewer, senior]) await context.close();
  });

  it('re-verification in the default region: Needed → verify in the SDK page → Pending → Rejected with the reason → resubmit → Pending', async () => {
    const person = await newContext(browser(), PHONE);
    const page = await person.context.newPage();
    const email = await signUpFresh(page, baseUrl(), 'reverify');
    await startLevel1(page);
    await verifyLevel1(page, 'file', { shots: 'reverify' });

    const reviewer = await staffPage(browser(), 'reviewer@demo.test');
    await openCase(reviewer.page, email);
    await approveLevel1(reviewer.page);
    const deadline = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    await reviewer.page.getByLabel('Deadline').fill(deadline);
    await reviewer.page.getByRole('button', { name: 'Request re-verification' }).click();
    await reviewer.page.getByRole('dialog').getByRole('button', { name: 'Request re-verification' }).click();
    await expect.poll(() => reviewer.page.getByRole('dialog').count()).toBe(0);

    // Needed: the panel with its requirements and the verify button.
    await personal(page);
    await reverifyPanel(page).getByText('Use an identity document issued in India.').waitFor();
    await screenshot(page, 'reverify-needed-en');
    await reverifyPanel(page).getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/auth/sdk?**isUpdatePoi=true**');
    await page.getByLabel('Country that issued your document').waitFor();
    await verifyLevel1(page, 'camera', { country: 'IN', shots: 'reverify-1', details: false });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`**${PERSONAL}`);

    // Pending: the notice and a disabled 'Reviewing'.
    await reverifyPanel(page).getByText('We are processing your documents.').waitFor();
    await expect
      .poll(() => reverifyPanel(page).getByRole('button', { name: 'Reviewing' }).isDisabled())
      .toBe(true);

    await openCase(reviewer.page, email);
    await rejectWith(
      reviewer.page,
      'Reject the re-verification',
      'Reject re-verification',
      'Reject re-verification',
      'Please use your Aadhaar card, not a PAN card.',
    );

    // Rejected: 'Review failed', the server's reason, resubmit enabled.
    await personal(page);
    await reverifyPanel(page).getByText('Review failed').waitFor();
    await reverifyPanel(page).getByText('Please use your Aadhaar card, not a PAN card.').waitFor();
    await screenshot(page, 'reverify-rejected-en');
    await expectNoAxeViolations(page);
    await reverifyPanel(page).getByRole('button', { name: 'Resubmit' }).click();
    await page.waitForURL('**/auth/sdk?**');
    await verifyLevel1(page, 'file', { country: 'IN', shots: 'reverify-2', details: false });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`**${PERSONAL}`);
    await reverifyPanel(page).getByText('We are processing your documents.').waitFor();

    expectOnlyOwnOrigins(person.requests);
    for (const { context } of [person, reviewer]) await context.close();
  });

  it('re-verification in the Turkey region: the web asks for the app; the app submits; after a rejection the web keeps resubmission for the app, where it is done', async () => {
    const person = await newContext(browser());
    const page = await person.context.newPage();
    await signIn(page, baseUrl(), 'reverify@demo.test');
    await page.waitForURL(`**${PERSONAL}`);
    await reverifyPanel(page)
      .getByText('In your region, re-verification is done in our mobile app.', { exact: false })
      .waitFor();
    expect(await reverifyPanel(page).getByRole('button', { name: 'Verify' }).count()).toBe(0);

    // The exchange's app (a partner of the integration API) opens the flow for the same person.
    const issued = await partnerPost(
      baseUrl(),
      '/v1/s1/kyc/integration/access-token',
      {
        email: 'reverify@demo.test',
        from: 'app',
        lang: 'en',
        isUpdatePoi: true,
      },
      FIRST_PARTY_APP,
    );
    const { result } = (await issued.json()) as { result: { url: string } };
    const app = await newContext(browser(), PHONE);
    const appPage = await app.context.newPage();
    await appPage.goto(result.url.replace(/^https?:\/\/[^/]+/, baseUrl()));
    await appPage.getByLabel('Country that issued your document').waitFor();
    await verifyLevel1(appPage, 'camera', {
      country: 'TR',
      document: 'National ID card',
      shots: 'turkey',
      details: false,
    });

    await personal(page);
    await reverifyPanel(page).getByText('We are processing your documents.').waitFor();

    const reviewer = await staffPage(browser(), 'reviewer@demo.test');
    await openCase(reviewer.page, 'reverify@demo.test');
    await rejectWith(
      reviewer.page,
      'Reject the re-verification',
      'Reject re-verification',
      'Reject re-verification',
      'The NFC chip could not be read. Please try again in the app.',
    );

    await personal(page);
    await reverifyPanel(page)
      .getByText('The NFC chip could not be read. Please try again in the app.')
      .waitFor();
    await reverifyPanel(page)
      .getByText('In your region, documents can only be resubmitted in our mobile app.')
      .waitFor();
    await expect
      .poll(() =>
        reverifyPanel(page)
          .getByRole('button', { name: /Resubmit/ })
          .first()
          .isDisabled(),
      )
      .toBe(true);

    // The resubmission happens in the app, with a new link; the web then shows the review running.
    const again = await partnerPost(
      baseUrl(),
      '/v1/s1/kyc/integration/access-token',
      {
        email: 'reverify@demo.test',
        from: 'app',
        lang: 'en',
        isUpdatePoi: true,
      },
      FIRST_PARTY_APP,
    );
    const second = (await again.json()) as { result: { url: string } };
    await appPage.goto(second.result.url.replace(/^https?:\/\/[^/]+/, baseUrl()));
    await appPage.getByLabel('Country that issued your document').waitFor();
    await verifyLevel1(appPage, 'file', {
      country: 'TR',
      document: 'National ID card',
      shots: 'turkey-2',
      details: false,
    });
    await personal(page);
    await reverifyPanel(page).getByText('We are processing your documents.').waitFor();

    for (const { context } of [person, app, reviewer]) await context.close();
  });

  it('screenshots: the capture steps at phone and desktop width, in en and in ar-SA on the Emirates host', async () => {
    for (const lang of ['en', 'ar-SA'] as const) {
      const origin = originOf(lang);
      // One walk per language; each screen is checked at both widths where it stands (atBothWidths).
      const { context, requests } = await newContext(browser(), PHONE);
      const page = await context.newPage();
      await signUpFresh(page, origin, `shots-${lang}`);
      await page.goto(`${origin}/user/accounts/${lang}/auth/kyc?level=1`);
      const country = page.locator('main select').first();
      await country.waitFor();
      await atBothWidths(page, `kyc-country-${lang}`, { axe: false });
      await country.selectOption('DE');
      await page.locator('main button').last().click();
      await page.locator('input[autocomplete="given-name"]').waitFor();
      await atBothWidths(page, `kyc-details-${lang}`, { axe: false });
      await enterDetails(page);
      await page.getByRole('radio').first().waitFor();
      // The document step with the nationality and number (D125): a number refused inline first.
      await page.locator('input[type="radio"][value="PASSPORT"]').check();
      await enterDocumentDetails(page, { documentNumber: 'C01 X00T47' });
      await page.locator('main button').last().click();
      await page.locator('main .field__error').waitFor();
      await atBothWidths(page, `kyc-document-${lang}`, { message: `document step ${lang}` });
      await enterDocumentDetails(page, { documentNumber: 'C01X00T47' });
      await page.locator('main button').last().click();
      // The camera needs a secure context: on the plain-http test host of the Emirates site the
      // browser offers none, and the step shows its file-upload fallback instead.
      const region = page.getByRole('region').first();
      await region.getByRole('button').first().waitFor();
      if (origin === baseUrl()) {
        await region.getByRole('button').first().click();
        await page.locator('video').waitFor();
        await expect
          .poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth))
          .toBeGreaterThan(0);
      }
      await atBothWidths(page, `kyc-capture-${lang}`, { message: `capture step ${lang}` });
      for (const screen of ['vendor', 'resetkyc', 'updatekyc', 'updatePOA', 'step1', 'step2']) {
        await page.goto(`${origin}/user/accounts/${lang}/auth/${screen}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        await atBothWidths(page, `${screen}-${lang}`, { message: `${screen} ${lang}` });
      }
      expectOnlyOwnOrigins(requests);
      await context.close();
    }
  }, 240_000);
});
