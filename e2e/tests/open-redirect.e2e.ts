import { describe, expect, it } from 'vitest';
import { hostileRedirects } from '@kyc/contracts/hostile-redirects';
import { baseUrl, expectOnlyOwnOrigins, newContext, signIn, useBrowser } from '../support/browser.ts';

const PERSONAL = '/user/accounts/en/auth/personal';

/**
 * Issue 11: sign-in with a hostile ?redirect_url= ends on the portal, in a real browser (whose URL parser
 * is the one that matters). Every variant of the shared table, one sign-in each.
 */
describe('sign-in redirects in Chromium', () => {
  const browser = useBrowser();

  it('when /login carries any hostile redirect_url, then signing in stays on the portal', async () => {
    const { context, requests } = await newContext(browser());
    const page = await context.newPage();
    const origin = new URL(baseUrl()).origin;
    const hostile = hostileRedirects(origin).filter((value) => value.length > 0 && value.length <= 2048);
    expect(hostile.length).toBeGreaterThanOrEqual(20);
    for (const target of hostile) {
      await context.clearCookies();
      await signIn(page, baseUrl(), 'l1@demo.test', undefined, target);
      await page.waitForURL(`**${PERSONAL}`, { timeout: 15_000 });
      expect(new URL(page.url()).origin, target).toBe(origin);
    }
    expectOnlyOwnOrigins(requests);
    await context.close();
  }, 300_000);

  it('when /login carries a redirect_url on the portal, then signing in goes there', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const target = `${baseUrl()}/user/accounts/en/auth/personal?from=mail`;
    await signIn(page, baseUrl(), 'l1@demo.test', undefined, target);
    await page.waitForURL(target);
    await context.close();
  });
});
