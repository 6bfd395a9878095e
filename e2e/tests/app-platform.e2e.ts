/**
 * Issue 3 (app platform), end to end in Chromium against the real server with demo data: the language
 * switcher (left to right and ar-SA), the 30 s timeout, 10007 → /login, SDK links, the messaging
 * mini-app, and screenshots of the gallery and the personal page.
 */
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  atBothWidths,
  baseUrl,
  emiratesUrl,
  expectOnlyOwnOrigins,
  newContext,
  signIn,
  type Page,
  useBrowser,
} from '../support/browser.ts';
import { FIRST_PARTY_APP, partnerPost } from '../support/partner.ts';

const PERSONAL = '/user/accounts/en/auth/personal';
const PROFILE_PATH = '/v2/private/user/profile';
const TOKEN_INFO_PATH = '/v1/s1/kyc/integration/token-info';
const GALLERY = '/user/accounts/gallery/';

/** locales/user-accounts/{en,de-DE,ar-SA}.json screens.personal; screens.sdk and profile.errorTitle in en. */
const PERSONAL_TITLE = {
  en: 'Identity verification',
  'de-DE': 'Identitätsprüfung',
  'ar-SA': 'التحقق من الهوية',
};
const SDK_TITLE = 'Embedded verification';
const PROFILE_ERROR_TITLE = "We couldn't load your account";
/** locales/inverse-error-code/en.json 50016: the toast of network, HTTP status and timeout errors (spec §8). */
const NETWORK_ERROR_TEXT = 'Network error. Please check your connection and try again.';

/** docs/sdk.md, README: the demo partner (demo data only; the key is published). */
const SESSION_COOKIE = 'kyc_sid';

/** An iPhone's Safari: the user agent a Telegram mini-app on iOS runs with. */
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

/** What the injected Telegram.WebApp stub records (test 5). */
interface MiniAppRecord {
  calls: [string, ...string[]][];
  backHandlers: (() => void)[];
}

declare global {
  interface Window {
    __miniApp?: MiniAppRecord;
    __sameDocument?: boolean;
    __profileAskedAt?: number;
  }
}

/** Waits for every finite CSS animation (messages sliding in) to end; endless ones (spinners) keep going. */
const settleAnimations = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ).then(() => undefined),
  );

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();
const htmlAttribute = (page: Page, name: string) => page.locator('html').getAttribute(name);

/** A request seen by the browser, with the headers it really sent. */
interface SeenRequest {
  url: string;
  path: string;
  headers: Record<string, string>;
}

/** Every API call of a page (not documents, scripts, styles or translation files). */
function recordApiCalls(page: Page): SeenRequest[] {
  const seen: SeenRequest[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!/^\/(v\d|user\/(public|private)|logout)/.test(url.pathname)) return;
    // A request still in flight when the test closes its page has no headers to read any more: it is not
    // one of the calls the test looks at, and its rejection must not end the run as an unhandled error.
    request.allHeaders().then(
      (headers) => seen.push({ url: url.href, path: url.pathname, headers }),
      () => undefined,
    );
  });
  return seen;
}

describe('app platform in Chromium (issue 3)', () => {
  const browser = useBrowser();

  it('when the language is switched in the header, then the same screen shows in German (ltr) and, on the Emirates host, in Arabic (rtl)', async () => {
    const { context, requests } = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseUrl(), 'new@demo.test');
    await page.waitForURL(`**${PERSONAL}`);
    await page.goto(`${baseUrl()}${PERSONAL}?from=switch`);
    await expect.poll(() => heading(page)).toBe(PERSONAL_TITLE.en);
    // The default host offers no right-to-left language (spec §4: ar-SA only on Emirates hosts).
    const languages = page.getByLabel('Language', { exact: true });
    expect(
      await languages.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)),
    ).toContain('de-DE');
    expect(await languages.locator('option[value="ar-SA"]').count()).toBe(0);

    await page.evaluate(() => (window.__sameDocument = true));
    await languages.selectOption('de-DE');
    await page.waitForURL(`**/user/accounts/de-DE/auth/personal?from=switch`);
    await expect.poll(() => htmlAttribute(page, 'lang')).toBe('de-DE');
    expect(await htmlAttribute(page, 'dir')).toBe('ltr');
    await expect.poll(() => heading(page)).toBe(PERSONAL_TITLE['de-DE']);
    // The screen was kept: no page load, the account is still shown, the choice is remembered.
    expect(await page.evaluate(() => window.__sameDocument)).toBe(true);
    expect(await page.getByText('ne***@demo.test').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('de-DE');

    // Emirates host (.ae): ar-SA is offered and lays the page out right to left.
    await signIn(page, emiratesUrl(), 'new@demo.test');
    await page.waitForURL('**/auth/personal');
    await page.goto(`${emiratesUrl()}${PERSONAL}`);
    await expect.poll(() => heading(page)).toBe(PERSONAL_TITLE.en);
    expect(await htmlAttribute(page, 'dir')).toBe('ltr');
    await page.evaluate(() => (window.__sameDocument = true));
    expect(await page.locator('#header-language option[value="ar-SA"]').count()).toBe(1);
    await page.getByLabel('Language', { exact: true }).selectOption('ar-SA');
    await page.waitForURL(`${emiratesUrl()}/user/accounts/ar-SA/auth/personal`);
    await expect.poll(() => htmlAttribute(page, 'dir')).toBe('rtl');
    expect(await htmlAttribute(page, 'lang')).toBe('ar-SA');
    await expect.poll(() => heading(page)).toBe(PERSONAL_TITLE['ar-SA']);
    expect(await page.evaluate(() => window.__sameDocument)).toBe(true);
    expect(await page.getByText('ne***@demo.test').count()).toBeGreaterThan(0);
    // Back to a left-to-right language on the same host: the direction follows.
    // The switcher's name is translated now: found by its id.
    await page.locator('#header-language').selectOption('en');
    await page.waitForURL(`${emiratesUrl()}${PERSONAL}`);
    await expect.poll(() => htmlAttribute(page, 'dir')).toBe('ltr');
    expectOnlyOwnOrigins(requests);
    await context.close();
  });

  it('when the profile call gets no answer for 30 s, then it times out: the 50016 toast for 2 s and the error state, whose Retry then succeeds', async () => {
    const { context, requests } = await newContext(browser());
    const page = await context.newPage();
    await page.clock.install();
    await signIn(page, baseUrl(), 'new@demo.test');
    await page.waitForURL(`**${PERSONAL}`);
    await expect.poll(() => heading(page)).toBe(PERSONAL_TITLE.en);

    // Hold every profile call without answering, until told otherwise.
    let hold = true;
    let held = 0;
    await page.route(`**${PROFILE_PATH}*`, async (route) => {
      if (!hold) return route.continue();
      held += 1;
    });
    const failed: string[] = [];
    page.on('requestfailed', (request) => {
      if (request.url().includes(PROFILE_PATH)) failed.push(request.failure()?.errorText ?? '');
    });

    // The page notes, on its own (fake) clock, when it asked for the profile: a busy machine may take
    // seconds between that moment and the pause below, and those seconds count towards the timeout.
    await page.addInitScript((path) => {
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (url.includes(path)) window.__profileAskedAt ??= Date.now();
        return original(input, init);
      };
    }, PROFILE_PATH);
    await page.reload();
    await expect.poll(() => held).toBe(1);
    await page.getByRole('status').filter({ hasText: 'Loading your account' }).waitFor();
    // Freeze the page's time: only runFor moves it from here on.
    await page.clock.pauseAt(Date.now() + 1_000);
    const waited = await page.evaluate(() => Date.now() - (window.__profileAskedAt ?? Date.now()));
    expect(waited).toBeLessThan(28_000);

    await page.clock.runFor(29_000 - waited); // one second before the timeout: still waiting
    expect(failed).toEqual([]);
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);

    await page.clock.runFor(1_100); // past the 30 000 ms timeout (spec §8, §9)
    await expect.poll(() => failed.length, { timeout: 15_000 }).toBe(1); // the request was aborted
    const errorState = page.getByRole('alert').filter({ hasText: PROFILE_ERROR_TITLE });
    await errorState.waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();

    // spec §8: "Network, HTTP status, timeout errors: … toast with translation of code 50016 for 2 s".
    const toast = page.locator('.toast-region .toast[data-state="open"]');
    // The page's clock is paused, so waiting longer in real time cannot close the toast. Showing it may
    // need a few ticks of the page's timers (React reveals suspended content on a 300 ms throttle), so
    // the clock moves on in 20 ms steps until it is there.
    await expect
      .poll(
        async () => {
          const texts = await toast.allTextContents();
          if (texts.length === 0) await page.clock.runFor(20);
          return texts;
        },
        { timeout: 15_000 },
      )
      .toEqual([expect.stringContaining(NETWORK_ERROR_TEXT)]);
    // The 2 s count from the timeout, on the page's clock.
    const sinceTimeout = await page.evaluate(() => Date.now() - ((window.__profileAskedAt ?? 0) + 30_000));
    expect(sinceTimeout).toBeLessThan(1_800);
    await page.clock.runFor(1_900 - sinceTimeout);
    expect(await toast.count(), 'the toast is still open before 2 s').toBe(1);
    await page.clock.runFor(200);
    // Closing may also need a few ticks of the page's timers (the close is a state change React renders
    // on a later task): the clock moves on in 20 ms steps, at most 300 ms past the 2 s.
    let extra = 0;
    await expect
      .poll(
        async () => {
          const open = await toast.count();
          if (open > 0 && extra < 300) {
            extra += 20;
            await page.clock.runFor(20);
          }
          return open;
        },
        { message: 'the toast closes after 2 s', timeout: 15_000 },
      )
      .toBe(0);

    // Retry with the server answering again.
    hold = false;
    await page.clock.resume();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => heading(page)).toBe(PERSONAL_TITLE.en);
    expect(await page.getByText('ne***@demo.test').count()).toBeGreaterThan(0);
    expect(await page.getByRole('alert').filter({ hasText: PROFILE_ERROR_TITLE }).count()).toBe(0);
    expectOnlyOwnOrigins(requests);
    await context.close();
  });

  it('when the session has ended on the server, then a reload of a portal page answers 10007 and goes to /login with the full address', async () => {
    const { context, requests } = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseUrl(), 'l1@demo.test');
    await page.waitForURL(`**${PERSONAL}`);
    const target = `${baseUrl()}${PERSONAL}?from=e2e&step=1`;
    await page.goto(target);
    await expect.poll(() => heading(page)).toBe(PERSONAL_TITLE.en);
    const signedIn = await context.cookies();
    expect(signedIn.map((c) => c.name)).toContain(SESSION_COOKIE);

    // Another tab logs out: the server ends the session.
    const other = await context.newPage();
    await other.goto(`${baseUrl()}${PERSONAL}`);
    await other.getByRole('button', { name: 'Log out' }).click();
    // /login, bare: a section's call still in flight that meets the ended session does not add a way back.
    await other.waitForURL((url) => url.pathname === '/login' && url.search === '');
    await other.close();
    // Even the old session cookie, put back, no longer works.
    await context.addCookies(signedIn);

    // The server answers 10007 to the cookie (asked outside the page: the page itself leaves for /login
    // on the first 10007 of any of its calls, issue 11, which can abandon the profile's answer).
    const profile = await context.request.get(`${baseUrl()}${PROFILE_PATH}`);
    expect(((await profile.json()) as { ret_code: number }).ret_code).toBe(10007);
    await page.reload();
    await page.waitForURL('**/login?redirect_url=*');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirect_url')).toBe(target);
    expectOnlyOwnOrigins(requests);
    await context.close();
  });

  it('when a partner opens an SDK link, then the app starts in SDK mode without header and every call carries the kyc-access-* headers, no cookie', async () => {
    const response = await partnerPost(
      baseUrl(),
      '/v1/s1/kyc/integration/access-token',
      { email: 'new@demo.test', from: 'demo-app' },
      FIRST_PARTY_APP,
    );
    const minted = (await response.json()) as {
      ret_code: number;
      result: { token: string; url: string; expiresAt: string };
    };
    expect(minted.ret_code).toBe(0);
    const { token, url } = minted.result;
    expect(new URL(url).pathname).toBe('/user/accounts/en/auth/sdk');
    expect(new URL(url).searchParams.get('token')).toBe(token);

    const { context, requests } = await newContext(browser());
    const page = await context.newPage();
    const calls = recordApiCalls(page);
    const tokenInfo = page.waitForResponse((r) => r.url().includes(TOKEN_INFO_PATH));
    await page.goto(url);
    const info = (await (await tokenInfo).json()) as {
      ret_code: number;
      result: { sdkBusiness: string; sdkScene: string; accessOrigin: string };
    };
    expect(info.ret_code).toBe(0);
    expect(info.result.sdkBusiness).toBe(FIRST_PARTY_APP.id);
    await expect.poll(() => heading(page)).toBe(SDK_TITLE);
    // The token info arrived through the headers alone: the screen shows the masked email.
    await expect.poll(() => page.getByText('ne***@demo.test').count()).toBeGreaterThan(0);

    // spec §2: the header is absent in SDK mode (not merely hidden); the footer stays.
    expect(await page.locator('.site-header').count()).toBe(0);
    expect(await page.locator('#header').evaluate((e) => e.childElementCount)).toBe(0);
    expect(await page.getByLabel('Language', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Log out' }).count()).toBe(0);
    expect(await page.locator('#footer').evaluate((e) => e.childElementCount)).toBeGreaterThan(0);

    // A reload is a later call with the same link.
    const again = page.waitForResponse((r) => r.url().includes(TOKEN_INFO_PATH));
    await page.reload();
    expect(((await (await again).json()) as { ret_code: number }).ret_code).toBe(0);
    await expect.poll(() => heading(page)).toBe(SDK_TITLE);

    await expect.poll(() => calls.filter((c) => c.path === TOKEN_INFO_PATH).length).toBe(2);
    for (const call of calls) {
      expect(call.headers['kyc-access-token'], call.url).toBe(token);
      // spec §6: kyc-access-business is the scene, else the business id, else from. The token-info call
      // at start-up knows only the link's from; later calls use what token-info answered.
      if (call.path === TOKEN_INFO_PATH) {
        expect(call.headers['kyc-access-business'], call.url).toBe('demo-app');
        expect(call.headers['kyc-access-origin'], call.url).toBe('bybit');
      } else {
        expect(call.headers['kyc-access-business'], call.url).toBe(
          info.result.sdkScene || FIRST_PARTY_APP.id,
        );
        expect(call.headers['kyc-access-origin'], call.url).toBe(info.result.accessOrigin || 'bybit');
      }
      expect(call.headers.cookie ?? '', call.url).not.toContain(`${SESSION_COOKIE}=`);
    }
    // Private calls go to the integration endpoints; public reference data (the country list of the
    // verification flow, spec §7) has one address for everyone.
    expect(
      calls
        .filter((c) => !c.path.startsWith('/v2/public/'))
        .filter((c) => !c.path.startsWith('/v1/s1/kyc/integration/'))
        .map((c) => c.path),
    ).toEqual([]);
    expect((await context.cookies()).map((c) => c.name)).not.toContain(SESSION_COOKIE);
    expectOnlyOwnOrigins(requests);
    await context.close();
  });

  it('when the page runs in the Telegram mini-app on iOS, then the view is expanded and black, the back button works and hides, and calls say ios_tg', async () => {
    const requests: string[] = [];
    const mini = await browser().newContext({
      viewport: PHONE,
      locale: 'en-US',
      isMobile: true,
      hasTouch: true,
      userAgent: IPHONE_UA,
    });
    mini.on('request', (request) => requests.push(request.url()));
    await mini.addInitScript(() => {
      const record: MiniAppRecord = { calls: [], backHandlers: [] };
      const call =
        (name: string) =>
        (...args: unknown[]) => {
          record.calls.push([name, ...args.map(String)]);
        };
      window.__miniApp = record;
      Object.assign(window, {
        Telegram: {
          WebApp: {
            platform: 'ios',
            version: '7.0',
            ready: call('ready'),
            expand: call('expand'),
            setBackgroundColor: call('setBackgroundColor'),
            BackButton: {
              show: call('BackButton.show'),
              hide: call('BackButton.hide'),
              onClick: (callback: () => void) => {
                record.calls.push(['BackButton.onClick']);
                record.backHandlers.push(callback);
              },
              offClick: call('BackButton.offClick'),
            },
          },
        },
      });
    });
    const page = await mini.newPage();
    const calls = recordApiCalls(page);
    const recorded = () => page.evaluate(() => window.__miniApp?.calls.map((c) => c.join(' ')) ?? []);
    const count = async (name: string) => (await recorded()).filter((c) => c === name).length;

    await signIn(page, baseUrl(), 'new@demo.test');
    await page.waitForURL(`**${PERSONAL}`);
    await expect.poll(() => heading(page)).toBe(PERSONAL_TITLE.en);

    // spec §2: native back button shown, view expanded, black background.
    await expect.poll(recorded).toEqual(expect.arrayContaining(['expand', 'BackButton.show']));
    const made = await recorded();
    expect(made).toContain('setBackgroundColor #000000');
    expect(made).toContain('BackButton.onClick');

    // spec §7: the platform header and X-User-Agent (platform, system, device) on the app's calls.
    await expect.poll(() => calls.filter((c) => c.path === PROFILE_PATH).length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.headers.platform, call.url).toBe('ios_tg');
      expect(call.headers['x-user-agent'], call.url).toBe('platform=ios_tg; system=iOS 17.4; device=iPhone');
    }

    // Back goes back in history: switch language (a new history entry), then the native back button.
    await page.getByLabel('Language', { exact: true }).selectOption('de-DE');
    await page.waitForURL('**/user/accounts/de-DE/auth/personal');
    await expect.poll(() => heading(page)).toBe(PERSONAL_TITLE['de-DE']);
    await page.evaluate(() => window.__miniApp?.backHandlers.at(-1)?.());
    await page.waitForURL(`**${PERSONAL}`);
    await expect.poll(() => heading(page)).toBe(PERSONAL_TITLE.en);

    // spec §2: on iOS the button is hidden when the page becomes hidden (and shown when it is back).
    const hidesBefore = await count('BackButton.hide');
    const showsBefore = await count('BackButton.show');
    const setVisibility = (state: DocumentVisibilityState) =>
      page.evaluate((value) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => value === 'hidden' });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await setVisibility('hidden');
    await expect.poll(() => count('BackButton.hide')).toBe(hidesBefore + 1);
    await setVisibility('visible');
    await expect.poll(() => count('BackButton.show')).toBe(showsBefore + 1);

    expectOnlyOwnOrigins(requests);
    await mini.close();
  });

  it('spec §1, §9: the design tokens as Chromium renders them — primary #f7a600, radius 4, sans-serif; toast 8 px from the top, at most 480 px; notification 320 px, bottom right', async () => {
    const { context, requests } = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${GALLERY}?lang=en`);
    await page.locator('.gallery-static .toast').first().waitFor();
    const primary = page.locator('.btn--primary').first();
    const style = (locator: typeof primary, property: string) =>
      locator.evaluate((el, name) => getComputedStyle(el).getPropertyValue(name), property);
    expect(await style(primary, 'background-color')).toBe('rgb(247, 166, 0)');
    expect(await style(primary, 'border-top-left-radius')).toBe('4px');
    expect(await style(page.locator('body'), 'font-family')).toMatch(/sans-serif/);
    const channels = async (selector: string) =>
      (await style(page.locator(selector).first(), 'background-color')).match(/\d+/g)?.map(Number) ?? [];
    const [lr = 0, lg = 0, lb = 0] = await channels('.btn--tradeLong');
    expect(lg > lr && lg > lb, 'tradeLong is green').toBe(true);
    const [sr = 0, sg = 0, sb = 0] = await channels('.btn--tradeShort');
    expect(sr > sg && sr > sb, 'tradeShort is red').toBe(true);

    // Live messages: three toasts of the longest text and one notification.
    const toasts = page.locator('section.gallery-section', { has: page.locator('.gallery-static .toast') });
    const notifications = page.locator('section.gallery-section', {
      has: page.locator('.gallery-notifications'),
    });
    await toasts.locator('.gallery-row button').nth(1).click();
    await notifications.locator('.gallery-row button').nth(0).click();
    const toast = page.locator('.toast-region .toast[data-state="open"]').first();
    await toast.waitFor();
    await settleAnimations(page);
    const toastBox = await toast.boundingBox();
    expect(toastBox?.y).toBe(8);
    expect(toastBox?.width ?? 0).toBeLessThanOrEqual(480);
    const note = page.locator('.notification-region .notification[data-state="open"]').first();
    await note.waitFor();
    await settleAnimations(page);
    const noteBox = await note.boundingBox();
    expect(noteBox?.width).toBe(320);
    // Bottom right: its right and bottom edges sit 24 px from the viewport's (desktop offsets).
    expect(DESKTOP.width - ((noteBox?.x ?? 0) + (noteBox?.width ?? 0))).toBe(24);
    expect(DESKTOP.height - ((noteBox?.y ?? 0) + (noteBox?.height ?? 0))).toBe(24);
    expectOnlyOwnOrigins(requests);
    await context.close();
  });

  // One test per language (each well under 30 s): gallery with toasts and notifications open, and the
  // personal page, each checked with axe at phone and desktop width where it stands (atBothWidths).
  for (const language of ['en', 'ar-SA'] as const) {
    it(`screenshots at 390×844 and 1280×800 in ${language}${language === 'ar-SA' ? ' (Emirates host)' : ''}: gallery with messages open and personal page, with axe`, async () => {
      const origin = language === 'ar-SA' ? emiratesUrl() : baseUrl();
      const { context, requests } = await newContext(browser(), PHONE);
      const page = await context.newPage();
      await page.clock.install();

      // The gallery: axe on the resting page, then a few live messages, frozen for the picture.
      await page.goto(`${origin}${GALLERY}?lang=${language}`);
      await page.locator('.gallery-static .toast').first().waitFor();
      await expect.poll(() => htmlAttribute(page, 'lang')).toBe(language);
      expect(await htmlAttribute(page, 'dir')).toBe(language === 'ar-SA' ? 'rtl' : 'ltr');
      // The static notifications slide in over 200 ms: axe during the slide measured the contrast of
      // half-transparent text (a colour-contrast finding on a loaded machine), so let them settle.
      await settleAnimations(page);
      // Soft: a finding here must not stop the remaining screenshots.
      await atBothWidths(page, `gallery-resting-${language}`, {
        message: `axe on the gallery (${language})`,
      });

      const toasts = page.locator('section.gallery-section', {
        has: page.locator('.gallery-static .toast'),
      });
      const notifications = page.locator('section.gallery-section', {
        has: page.locator('.gallery-notifications'),
      });
      // The page's clock stands still while the messages open (the success and fail toasts close after
      // 2 s: on a loaded machine the six clicks took longer than that), then runs half a second so
      // that their opening completes.
      await page.clock.pauseAt(Date.now() + 1_000);
      // success, fail, and the process toast that stays; success, fail and warning notifications.
      for (const index of [0, 1, 5]) await toasts.locator('.gallery-row button').nth(index).click();
      for (const index of [0, 1, 3]) await notifications.locator('.gallery-row button').nth(index).click();
      await page.mouse.move(0, 0); // no message paused under the pointer
      // The messages are fixed to the viewport: show them where a visitor first sees them, at the top.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.clock.runFor(500);
      await expect.poll(() => page.locator('.toast-region .toast[data-state="open"]').count()).toBe(3);
      await expect
        .poll(() => page.locator('.notification-region .notification[data-state="open"]').count())
        .toBe(3);
      await settleAnimations(page);
      await atBothWidths(page, `gallery-${language}`, { axe: false });
      await page.clock.resume();

      // The personal page, signed in on the same host.
      await signIn(page, origin, 'new@demo.test');
      await page.waitForURL('**/auth/personal');
      await page.goto(`${origin}/user/accounts/${language}/auth/personal`);
      await expect.poll(() => htmlAttribute(page, 'lang')).toBe(language);
      expect(await htmlAttribute(page, 'dir')).toBe(language === 'ar-SA' ? 'rtl' : 'ltr');
      await expect.poll(() => heading(page)).toBe(PERSONAL_TITLE[language]);
      await expect.poll(() => page.getByText('ne***@demo.test').count()).toBeGreaterThan(0);
      await atBothWidths(page, `platform-personal-${language}`, {
        message: `axe on the personal page (${language})`,
      });
      expectOnlyOwnOrigins(requests);
      await context.close();
    });
  }
});
