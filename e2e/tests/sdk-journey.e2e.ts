/**
 * SDK (embedded) mode as a partner's user meets it (issue 10 part 1): the partner's server mints a
 * link, and the person opens it in a browser that has never signed in to the portal — no cookie, no
 * session. The whole level-1 flow must run on the integration endpoints: any call of the embedded flow
 * to a /v2/private/ or /v3/private/ path fails the test, as a portal session would have hidden it.
 */
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  baseUrl,
  emiratesUrl,
  expectNoAxeViolations,
  expectOnlyOwnOrigins,
  newContext,
  screenshot,
  useBrowser,
  type Browser,
  type Page,
} from '../support/browser.ts';
import { giveCaptureConsent, photoFile, signUpFresh } from '../support/kyc.ts';
import { enterDocumentDetails } from '../support/level1.ts';
import { FIRST_PARTY_APP, partnerPost } from '../support/partner.ts';

/**
 * docs/sdk.md, README: the exchange's own app (first party, demo data only; the key is published) mints
 * for an existing account by email; a third-party partner's link flow is partner-links.e2e.ts.
 */
const PRIVATE_PATH = /^\/(v2|v3)\/private\//;
/** locales/user-accounts/en.json footer.embeddedHelp, sdk.errors.linkExpired. */
const EMBEDDED_HELP = 'For help with this verification, contact the support of the app you came from.';
const LINK_EXPIRED = 'This verification link has expired or is no longer valid.';

async function partnerCall<T>(path: string, body: object): Promise<T> {
  const response = await partnerPost(baseUrl(), `/v1/s1/kyc/integration/${path}`, body, FIRST_PARTY_APP);
  const envelope = (await response.json()) as { ret_code: number; result: T };
  expect(envelope.ret_code, JSON.stringify(envelope)).toBe(0);
  return envelope.result;
}

/** A person with an account (created in a browser of its own, then closed) and the partner's link. */
async function personWithPartnerLink(browser: Browser, label: string) {
  const signUp = await newContext(browser);
  const email = await signUpFresh(await signUp.context.newPage(), baseUrl(), label);
  await signUp.context.close();
  const minted = await partnerCall<{ token: string; url: string }>('access-token', {
    email,
    from: 'demo-app',
  });
  return { email, ...minted };
}

/** Every API path the page calls (documents, scripts, styles and translations left out). */
function recordApiPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/(v\d|user\/(public|private)|logout)/.test(pathname)) paths.push(pathname);
  });
  return paths;
}

async function upload(page: Page, label: string, file: string) {
  const region = page.getByRole('region', { name: label });
  const chooser = page.waitForEvent('filechooser');
  await region.getByRole('button', { name: 'Upload a file' }).click();
  await (await chooser).setFiles(file);
  await region.getByText('Uploaded.').waitFor({ timeout: 20_000 });
}

async function enterDetails(page: Page) {
  await page.locator('input[autocomplete="given-name"]').fill('Ada');
  await page.locator('input[autocomplete="family-name"]').fill('Lovelace');
  await page.locator('input[autocomplete="bday"]').fill('1990-12-10');
  await page.locator('main button').last().click();
}

describe('SDK mode for a partner’s user who has never signed in (issue 10)', () => {
  const browser = useBrowser();

  it('a fresh browser opens the partner’s link and submits level 1; no call reaches a private path, no cookie is set', async () => {
    const { url } = await personWithPartnerLink(browser(), 'sdk-fresh');
    const { context, requests } = await newContext(browser(), PHONE);
    const page = await context.newPage();
    const apiPaths = recordApiPaths(page);
    await page.goto(url);
    await page.getByLabel('Country that issued your document').selectOption('DE');

    // The footer of an embedded flow leads nowhere out of it.
    const footer = page.locator('#footer');
    await expect.poll(() => footer.textContent()).toContain(EMBEDDED_HELP);
    expect(await footer.getByRole('link').count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'sdk-fresh-country-en');

    await page.getByRole('button', { name: 'Continue' }).click();
    await enterDetails(page);
    await page.getByRole('radio', { name: 'Passport' }).check();
    await enterDocumentDetails(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await upload(page, 'Front of the document', await photoFile('sdk-front'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await upload(page, 'Selfie', await photoFile('sdk-selfie', 900, 1200));
    await page.getByRole('button', { name: 'Continue' }).click();
    await giveCaptureConsent(page);
    await page.getByRole('heading', { name: 'Review and submit' }).waitFor();
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByRole('heading', { name: 'Submitted' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'sdk-fresh-submitted-en');
    await page.getByRole('button', { name: 'Continue' }).click();
    // Back on the SDK landing page (spec §2 after a step), the level waits for review.
    await page.getByText('We are reviewing your submission', { exact: false }).first().waitFor({
      timeout: 20_000,
    });
    expect(new URL(page.url()).pathname).toBe('/user/accounts/en/auth/sdk');
    await page.getByRole('heading', { name: 'Under review' }).waitFor();
    await page.getByText('You can close this page and go back to the app.').waitFor();
    await screenshot(page, 'sdk-fresh-under-review-en');

    expect(apiPaths.filter((p) => PRIVATE_PATH.test(p))).toEqual([]);
    expect(apiPaths).toEqual(
      expect.arrayContaining([
        '/v1/s1/kyc/integration/kyc-personal-info',
        '/v1/s1/kyc/integration/upload-document',
        '/v1/s1/kyc/integration/submit',
      ]),
    );
    expect(await context.cookies()).not.toContainEqual(expect.objectContaining({ name: 'kyc_sid' }));
    expectOnlyOwnOrigins(requests);
    await context.close();
  });

  it('when the partner revokes the link mid-flow, the person is sent back to the app, never asked to sign in', async () => {
    const { url, token } = await personWithPartnerLink(browser(), 'sdk-revoked');
    const { context } = await newContext(browser());
    const page = await context.newPage();
    await page.goto(url);
    await page.getByLabel('Country that issued your document').selectOption('DE');
    await page.getByRole('button', { name: 'Continue' }).click();
    await partnerCall('revoke-token', { token });
    await enterDetails(page);
    await expect.poll(() => page.locator('main').textContent()).toContain(LINK_EXPIRED);
    expect(await page.locator('body').textContent()).not.toMatch(/sign in/i);
    await context.close();
  });

  it('screens: the embedded flow at phone and desktop width in English and, on the Emirates host, in Arabic (rtl)', async () => {
    for (const [lang, origin] of [
      ['en', baseUrl()],
      ['ar-SA', emiratesUrl()],
    ] as const) {
      const { url } = await personWithPartnerLink(browser(), `sdk-screens-${lang}`);
      const link = new URL(url);
      const address = `${origin}/user/accounts/${lang}/auth/sdk${link.search.replace(/([?&]lang=)[^&]*/, `$1${lang}`)}`;
      for (const viewport of [PHONE, DESKTOP]) {
        const { context } = await newContext(browser(), viewport);
        const page = await context.newPage();
        await page.goto(address);
        await page.locator('main select').first().waitFor();
        expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar-SA' ? 'rtl' : 'ltr');
        await expectNoAxeViolations(page, { soft: true });
        await screenshot(page, `sdk-flow-${lang}`);
        await context.close();
      }
    }
  });
});
