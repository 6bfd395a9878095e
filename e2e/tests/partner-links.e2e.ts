/**
 * Issue 11 (High): a partner reaches only the people linked to it (docs/sdk.md "Partner links"). The
 * demo partner (third party) mints for its own user reference; the person, in a fresh browser at phone
 * size, signs in inside the embedded flow, agrees on the consent screen naming the partner, and goes on
 * to the verification. Later, on the portal's personal page, the person revokes the link, and the
 * partner's token stops working. Also: every language of the consent screen, and screenshots.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EMIRATES_HOST,
  PHONE,
  atBothWidths,
  baseUrl,
  emiratesUrl,
  expectNoAxeViolations,
  expectOnlyOwnOrigins,
  newContext,
  serverPort,
  signIn,
  useBrowser,
  DEMO_PASSWORD,
  type Browser,
  type Page,
} from '../support/browser.ts';
import { signUpFresh } from '../support/kyc.ts';
import { partnerPost } from '../support/partner.ts';

const INTEGRATION = '/v1/s1/kyc/integration';
const HONG_KONG_HOST = 'kyc.example.hk';
const hongKongUrl = () => `http://${HONG_KONG_HOST}:${serverPort()}`;
const ROOT = path.resolve(import.meta.dirname, '../..');

type Envelope<T> = { ret_code: number; ret_msg: string; result: T };

/** The demo partner mints a token for its own reference (never our email): the landing link. */
async function mintForRef(userRef: string, lang = 'en') {
  const response = await partnerPost(baseUrl(), `${INTEGRATION}/access-token`, {
    userRef,
    from: 'demo-app',
    lang,
  });
  const envelope = (await response.json()) as Envelope<{ token: string; url: string }>;
  expect(envelope.ret_code, JSON.stringify(envelope)).toBe(0);
  return envelope.result;
}

/** A browser's call with the token's spec §6 headers (no cookie). */
async function sdkCall<T>(
  token: string,
  pathName: string,
  body?: object,
  extra: Record<string, string> = {},
): Promise<Envelope<T>> {
  const response = await fetch(`${baseUrl()}${INTEGRATION}/${pathName}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      ...extra,
      'kyc-access-token': token,
      'kyc-access-business': 'demo-app',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as Envelope<T>;
}

/** A person with an account, made in a browser of its own that is then closed. */
async function personWithAccount(browser: Browser, label: string): Promise<string> {
  const made = await newContext(browser);
  const email = await signUpFresh(await made.context.newPage(), baseUrl(), label);
  await made.context.close();
  return email;
}

/** The link's address on another host and language (the token and from stay). */
function linkOn(url: string, origin: string, lang: string): string {
  const link = new URL(url);
  link.searchParams.set('lang', lang);
  return `${origin}/user/accounts/${lang}/auth/sdk${link.search}`;
}

/** The embedded sign-in form, in any language: its fields by name, the sign-in button by its value. */
async function signInOnForm(page: Page, email: string) {
  await page.locator('main input[name="email"]').fill(email);
  await page.locator('main input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('main button[value="login"]').click();
}

const ref = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;

describe('partner links (issue 11)', () => {
  // Both regional hosts resolve to the test server (support/browser maps only the Emirates one).
  const browser = useBrowser([
    `--host-resolver-rules=MAP ${EMIRATES_HOST} 127.0.0.1, MAP ${HONG_KONG_HOST} 127.0.0.1`,
  ]);

  it('a fresh phone browser: sign in inside the embedded flow, consent naming the partner, verification; then the person revokes the link and the partner token stops', async () => {
    const email = await personWithAccount(browser(), 'link-journey');
    const userRef = ref('journey');
    const { url, token } = await mintForRef(userRef);

    const { context, requests } = await newContext(browser(), PHONE);
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
    await page.getByText(/Demo Partner.? sent you here/).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await page.getByRole('heading', { name: /Share your verification with .?Demo Partner.?\?/ }).waitFor();
    // The partner holds the token too, but cannot agree in the person's place.
    const byPartner = await sdkCall(token, 'link-consent', { decision: 'agree', consentVersion: '2026-11' });
    expect(byPartner.ret_code).toBe(54004);
    await page.getByText(/Demo Partner.? asks to see your verification status/).waitFor();
    await page.getByText('You can withdraw this at any time on your personal page.').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Agree and continue' }).click();
    // The same token now opens the verification.
    await page.getByLabel('Country that issued your document').waitFor({ timeout: 20_000 });
    expect(await context.cookies()).not.toContainEqual(expect.objectContaining({ name: 'kyc_sid' }));
    expectOnlyOwnOrigins(requests);
    await context.close();

    expect((await sdkCall(token, 'token-info')).ret_code).toBe(0);
    // Linked now: the partner's next token for the reference opens the verification directly.
    const again = await mintForRef(userRef);
    expect((await sdkCall(again.token, 'token-info')).ret_code).toBe(0);

    // On the portal: the personal page lists the link; Revoke asks first.
    const portal = await newContext(browser(), PHONE);
    const personal = await portal.context.newPage();
    await signIn(personal, baseUrl(), email);
    await personal.waitForURL('**/user/accounts/**');
    const section = personal.getByRole('region', { name: 'Apps you share your verification with' });
    await section.waitFor({ timeout: 20_000 });
    await section.getByText('Demo Partner').waitFor();
    await section.getByRole('button', { name: 'Revoke Demo Partner' }).click();
    const dialog = personal.getByRole('dialog', { name: /Stop sharing with .?Demo Partner.?\?/ });
    await dialog.waitFor();
    await expectNoAxeViolations(personal);
    await dialog.getByRole('button', { name: 'Revoke access' }).click();
    await section.getByText(/You no longer share your verification with .?Demo Partner.?\./).waitFor();
    await portal.context.close();

    expect((await sdkCall(token, 'token-info')).ret_code).toBe(10007);
    expect((await sdkCall(again.token, 'info', {})).ret_code).toBe(10007);
    // A new token for the reference needs new consent: it is a link token again.
    const after = await mintForRef(userRef);
    expect((await sdkCall(after.token, 'token-info')).ret_code).toBe(10007);
    expect((await sdkCall<{ step: string }>(after.token, 'link-info')).result.step).toBe('sign_in');
  });

  it('declining: nothing is shared and the person is told to go back to the app', async () => {
    const email = await personWithAccount(browser(), 'link-decline');
    const { url } = await mintForRef(ref('decline'));
    const { context } = await newContext(browser(), PHONE);
    const page = await context.newPage();
    await page.goto(url);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: "Don't share" }).click();
    await page.getByRole('heading', { name: 'Nothing was shared' }).waitFor();
    await page.getByText('Go back to the app to continue.').waitFor();
    await context.close();
  });

  it('the consent screen in all 16 languages: translated, no raw keys, axe clean', async () => {
    const email = await personWithAccount(browser(), 'link-langs');
    const hosts = [
      { origin: baseUrl, langs: ['en', 'en-US', 'zh-CN', 'zh-TW', 'ja-JP', 'ko-KR', 'ru-RU', 'es-ES'] },
      { origin: baseUrl, langs: ['de-DE', 'tr-TR', 'vi-VN', 'id-ID', 'th-TH'] },
      { origin: emiratesUrl, langs: ['ar-SA'] },
      { origin: hongKongUrl, langs: ['en-HK', 'zh-HK'] },
    ];
    const { context } = await newContext(browser(), PHONE);
    const page = await context.newPage();
    let seen = 0;
    for (const host of hosts)
      for (const lang of host.langs) {
        const texts = JSON.parse(
          readFileSync(path.join(ROOT, 'locales/user-accounts', `${lang}.json`), 'utf8'),
        ) as { sdk: { link: { consent: { agree: string } } } };
        const { url } = await mintForRef(ref(`lang-${lang}`), lang);
        await page.goto(linkOn(url, host.origin(), lang));
        await signInOnForm(page, email);
        await page.getByRole('button', { name: texts.sdk.link.consent.agree }).waitFor();
        const body = (await page.locator('main').textContent()) ?? '';
        expect(body, lang).toContain('Demo Partner');
        expect(body, lang).not.toMatch(/sdk\.link\.|partnerLinks\./);
        await expectNoAxeViolations(page, { soft: true, message: lang });
        seen += 1;
      }
    expect(seen).toBe(16);
    await context.close();
  });

  it('screens: sign-in, consent, declined and the personal page section, en and ar-SA, phone and desktop', async () => {
    for (const [lang, origin] of [
      ['en', baseUrl],
      ['ar-SA', emiratesUrl],
    ] as const) {
      const email = await personWithAccount(browser(), `link-shots-${lang}`);
      // One walk per language; each screen is checked at both widths where it stands (atBothWidths).
      const flow = await newContext(browser(), PHONE);
      const page = await flow.context.newPage();
      const { url } = await mintForRef(ref(`shots-${lang}`), lang);
      await page.goto(linkOn(url, origin(), lang));
      await page.locator('main form').waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar-SA' ? 'rtl' : 'ltr');
      await atBothWidths(page, `links-sign-in-${lang}`, { message: `sign-in ${lang}` });

      await signInOnForm(page, email);
      await page.locator('main .link-flow__actions').waitFor();
      // A reload of the tab keeps the consent step (the proof of sign-in stays in the tab).
      await page.reload();
      await page.locator('main .link-flow__actions').waitFor();
      await atBothWidths(page, `links-consent-${lang}`, { message: `consent ${lang}` });
      await page.locator('main .link-flow__actions button').last().click();
      await page.locator('main h1').filter({ hasNotText: 'Demo Partner' }).waitFor();
      await atBothWidths(page, `links-declined-${lang}`, { axe: false });
      await flow.context.close();

      // A live link for the personal page.
      const { token } = await mintForRef(ref(`shots-linked-${lang}`), lang);
      const signedIn = await sdkCall<{ proof: string }>(token, 'link-sign-in', {
        email,
        password: DEMO_PASSWORD,
      });
      const consent = await sdkCall<{ linked: boolean }>(
        token,
        'link-consent',
        { decision: 'agree', consentVersion: '2026-11' },
        { 'kyc-link-proof': signedIn.result.proof },
      );
      expect(consent.ret_code).toBe(0);
      const { context } = await newContext(browser(), PHONE);
      const personal = await context.newPage();
      await signIn(personal, origin(), email);
      await personal.waitForURL('**/user/accounts/**');
      await personal.goto(`${origin()}/user/accounts/${lang}/auth/personal`);
      const section = personal.locator('.partner-links');
      await section.waitFor({ timeout: 20_000 });
      await section.scrollIntoViewIfNeeded();
      await atBothWidths(personal, `links-personal-${lang}`, { message: `personal ${lang}` });
      await section.getByRole('button').first().click();
      await personal.getByRole('dialog').waitFor();
      await atBothWidths(personal, `links-dialog-${lang}`, { message: `dialog ${lang}` });
      await context.close();
    }
    // Two sign-ins and two embedded flows, each checked at two widths: more than the 60 s of one journey.
  }, 150_000);
});
