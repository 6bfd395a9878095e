import { describe, expect, it } from 'vitest';
import { hostileRedirects } from './hostile-redirects.ts';
import { safeRedirectPath, safeRedirectTarget } from './index.ts';

const origin = 'https://kyc.example.com';

describe('redirect targets (issue 11: one same-origin decision)', () => {
  it.each(hostileRedirects(origin).map((value) => [JSON.stringify(value), value]))(
    'when the target is %s, then it is refused',
    (_label, value) => {
      expect(safeRedirectPath(value, origin)).toBeNull();
      expect(safeRedirectTarget(value, origin)).toBeNull();
      // A partner's allowed origins do not open a way to other sites either.
      expect(safeRedirectTarget(value, origin, { allowedOrigins: ['https://acme.example'] })).toBeNull();
    },
  );

  it('when the portal is served over http on a port, then the table is refused there too', () => {
    for (const value of hostileRedirects('http://localhost:8080'))
      expect(safeRedirectPath(value, 'http://localhost:8080'), value).toBeNull();
  });

  it('when the target is a path or an address on the portal, then it is kept as a path', () => {
    expect(safeRedirectPath('/user/accounts/en/auth/kyc?a=1#x', origin)).toBe(
      '/user/accounts/en/auth/kyc?a=1#x',
    );
    expect(safeRedirectPath('https://kyc.example.com/user/accounts/en/auth/kyc?a=1#x', origin)).toBe(
      '/user/accounts/en/auth/kyc?a=1#x',
    );
    expect(safeRedirectPath('HTTPS://KYC.EXAMPLE.COM:443/user/accounts/', origin)).toBe('/user/accounts/');
    expect(safeRedirectPath('/user/accounts/', origin)).toBe('/user/accounts/');
    expect(safeRedirectPath('/', origin)).toBe('/');
    // Dot segments that stay on the portal resolve as a browser would.
    expect(safeRedirectPath('/user/accounts/en/../de-DE/auth/personal', origin)).toBe(
      '/user/accounts/de-DE/auth/personal',
    );
    // Encoded characters in the query are the query's business (a search for "a b" or "a/b").
    expect(safeRedirectPath('/help/search?q=a%20b%2Fc', origin)).toBe('/help/search?q=a%20b%2Fc');
    // The origin may be given with a trailing slash or a default port.
    expect(safeRedirectPath('/x', 'https://kyc.example.com:443/')).toBe('/x');
    expect(safeRedirectPath('http://localhost:8080/login?x=1', 'http://localhost:8080')).toBe('/login?x=1');
  });

  it("when a partner's allowed origin is named, then an https address there is kept whole", () => {
    const policy = { allowedOrigins: ['https://acme.example'] };
    expect(safeRedirectTarget('https://acme.example/kyc/done?x=1', origin, policy)).toBe(
      'https://acme.example/kyc/done?x=1',
    );
    expect(safeRedirectTarget('/user/accounts/', origin, policy)).toBe('/user/accounts/');
    expect(
      safeRedirectTarget('http://acme.example/done', origin, { allowedOrigins: ['http://acme.example'] }),
    ).toBeNull();
    expect(safeRedirectTarget('https://acme.example:8443/', origin, policy)).toBeNull();
    expect(safeRedirectTarget('https://acme.example.evil.com/', origin, policy)).toBeNull();
    expect(safeRedirectTarget('https://user:pw@acme.example/', origin, policy)).toBeNull();
    // A predicate instead of a list (the web app, which does not know the partner's list).
    expect(safeRedirectTarget('https://any.example/x', origin, { allowedOrigins: () => true })).toBe(
      'https://any.example/x',
    );
    expect(safeRedirectTarget('http://any.example/x', origin, { allowedOrigins: () => true })).toBeNull();
  });

  it('when the answer is followed again, then it is the same place (the decision is stable)', () => {
    for (const value of ['/user/accounts/en/../de-DE/x', 'https://kyc.example.com/a/./b?c#d', '/a%2Fb']) {
      const once = safeRedirectPath(value, origin);
      expect(once).not.toBeNull();
      expect(safeRedirectPath(once, origin)).toBe(once);
    }
  });
});
