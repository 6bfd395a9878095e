import { describe, expect, it } from 'vitest';
import { checkRedirectUrl, isHttpsOrigin, sdkLandingUrl } from './links.ts';

const PORTAL = 'https://kyc.example.com';
const ALLOWED = ['https://partner.example', 'https://app.partner.example:8443'];

describe('extraParams.redirect_url (spec §2; open-redirect protection)', () => {
  it.each([
    ['https://partner.example/kyc/done?x=1#top', 'https://partner.example/kyc/done?x=1#top'],
    ['https://partner.example', 'https://partner.example/'],
    ['https://app.partner.example:8443/back', 'https://app.partner.example:8443/back'],
    ['HTTPS://PARTNER.EXAMPLE/a', 'https://partner.example/a'],
    ['/user/accounts/en/auth/personal?a=1', '/user/accounts/en/auth/personal?a=1'],
  ])('when it is %s, then it is accepted as %s', (value, expected) => {
    expect(checkRedirectUrl(value, ALLOWED, PORTAL)).toBe(expected);
  });

  it.each([
    ['http://partner.example/', 'not https'],
    ['https://evil.example/', 'origin not allowed'],
    ['https://partner.example.evil.com/', 'look-alike host'],
    ['https://partner.example:444/', 'other port'],
    ['https://app.partner.example/back', 'allowed host, other port'],
    ['https://user:pw@partner.example/', 'credentials'],
    ['javascript:alert(1)', 'script URL'],
    ['data:text/html,hi', 'data URL'],
    ['//evil.example/x', 'protocol-relative'],
    ['/\\evil.example', 'backslash'],
    ['https://partner.example/\nx', 'control character'],
    ['partner.example/x', 'no scheme'],
    ['', 'empty'],
    [`https://partner.example/${'a'.repeat(2048)}`, 'too long'],
  ])('when it is %j (%s), then it is refused', (value) => {
    expect(checkRedirectUrl(value, ALLOWED, PORTAL)).toBeNull();
  });

  it('when the business allows no origin, then only portal paths pass', () => {
    expect(checkRedirectUrl('https://partner.example/', [], PORTAL)).toBeNull();
    expect(checkRedirectUrl('/user/accounts/en/auth/personal', [], PORTAL)).toBe(
      '/user/accounts/en/auth/personal',
    );
  });
});

describe('allowed origins of a business', () => {
  it.each([
    ['https://partner.example', true],
    ['https://partner.example:8443', true],
    ['https://partner.example/', false],
    ['https://partner.example/path', false],
    ['http://partner.example', false],
    ['partner.example', false],
  ])('%s is an https origin: %s', (value, expected) => {
    expect(isHttpsOrigin(value)).toBe(expected);
  });
});

describe('SDK landing link (spec §2 route sdk: token, from, lang, isUpdatePoi, hidden)', () => {
  it('when no flag is set, then the link holds token, from and lang in the canonical URL form', () => {
    expect(
      sdkLandingUrl(PORTAL, { token: 'T0k-en_', from: 'app', lang: 'en', isUpdatePoi: false, hidden: false }),
    ).toBe('https://kyc.example.com/user/accounts/en/auth/sdk?token=T0k-en_&from=app&lang=en');
  });

  it('when isUpdatePoi and hidden are set, then the link carries both as true', () => {
    expect(
      sdkLandingUrl(PORTAL, { token: 't', from: 'a.b', lang: 'zh-HK', isUpdatePoi: true, hidden: true }),
    ).toBe(
      'https://kyc.example.com/user/accounts/zh-HK/auth/sdk?token=t&from=a.b&lang=zh-HK&isUpdatePoi=true&hidden=true',
    );
  });
});
