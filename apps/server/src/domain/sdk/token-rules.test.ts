import { describe, expect, it } from 'vitest';
import type { SdkTokenContext } from '../../data/repositories/sdk-repo.ts';
import {
  businessHeaderMatches,
  headerRefusal,
  isWellFormedToken,
  originHeaderAccepted,
  tokenRefusal,
} from './token-rules.ts';

const NOW = 1_700_000_000_000;
const TOKEN = 'a'.repeat(43);

function context(fields: Partial<SdkTokenContext> = {}): SdkTokenContext {
  return {
    id: 'hash',
    business_id: 'acme',
    user_id: 7,
    sdk_from: 'acme-app',
    scene: 'onboarding',
    lang: 'en',
    is_update_poi: 0,
    hidden: 0,
    redirect_url: null,
    created_at: NOW - 60_000,
    expires_at: NOW + 60_000,
    revoked_at: null,
    business_active: 1,
    access_origin: 'bybit',
    user_disabled: 0,
    business_first_party: 0,
    link_live: 1,
    ...fields,
  };
}

const presented = (business = 'acme', origin?: string) => ({ token: TOKEN, business, origin });

describe('kyc-access-business (spec §6: scene, else business id, else from)', () => {
  it("accepts the token's scene, business id and from, and nothing else", () => {
    const token = context();
    for (const header of ['onboarding', 'acme', 'acme-app'])
      expect(businessHeaderMatches(header, token)).toBe(true);
    for (const header of ['other', 'ACME', '', ' acme'])
      expect(businessHeaderMatches(header, token)).toBe(false);
  });

  it('does not accept an empty header for a token without a scene', () => {
    expect(businessHeaderMatches('', context({ scene: '' }))).toBe(false);
  });
});

describe("kyc-access-origin (spec §6: default 'bybit')", () => {
  it("accepts an absent header and 'bybit' as the default, and the business's own value", () => {
    expect(originHeaderAccepted(undefined, 'bybit')).toBe(true);
    expect(originHeaderAccepted('bybit', 'brand-x')).toBe(true);
    expect(originHeaderAccepted('brand-x', 'brand-x')).toBe(true);
    expect(originHeaderAccepted('brand-y', 'brand-x')).toBe(false);
    expect(originHeaderAccepted('other', 'bybit')).toBe(false);
  });
});

describe('SDK token rules', () => {
  it('refuses missing headers and malformed tokens before any lookup', () => {
    expect(headerRefusal({ token: undefined, business: 'acme', origin: undefined })).toBe('missing_header');
    expect(headerRefusal({ token: TOKEN, business: undefined, origin: undefined })).toBe('missing_header');
    expect(headerRefusal({ token: 'short', business: 'acme', origin: undefined })).toBe('malformed');
    expect(headerRefusal(presented())).toBeNull();
    expect(isWellFormedToken('x'.repeat(129))).toBe(false);
    expect(isWellFormedToken('has spaces in it and is long enough!!')).toBe(false);
  });

  it('accepts a live token presented with its own business', () => {
    expect(tokenRefusal(context(), presented(), NOW)).toBeNull();
  });

  it.each([
    ['unknown', undefined, presented()],
    ['revoked', context({ revoked_at: NOW - 1 }), presented()],
    ['expired', context({ expires_at: NOW }), presented()],
    ['business_inactive', context({ business_active: 0 }), presented()],
    ['business_mismatch', context(), presented('other-partner')],
    ['origin_mismatch', context(), presented('acme', 'elsewhere')],
    ['user_disabled', context({ user_disabled: 1 }), presented()],
    ['unlinked', context({ link_live: 0 }), presented()],
    ['unlinked', context({ link_live: false }), presented()],
  ] as const)('refuses %s', (reason, row, headers) => {
    expect(tokenRefusal(row, headers, NOW)).toBe(reason);
  });

  it("accepts a first-party business's token without a partner link, and a partner's with one", () => {
    expect(tokenRefusal(context({ business_first_party: 1, link_live: 0 }), presented(), NOW)).toBeNull();
    expect(tokenRefusal(context({ link_live: true }), presented(), NOW)).toBeNull();
  });

  it('treats a token as expired from the very millisecond of its expiry', () => {
    expect(tokenRefusal(context({ expires_at: NOW + 1 }), presented(), NOW)).toBeNull();
    expect(tokenRefusal(context({ expires_at: NOW + 1 }), presented(), NOW + 1)).toBe('expired');
  });
});
