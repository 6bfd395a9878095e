import { describe, expect, it } from 'vitest';
import { accessTokenRequest, revokeTokenRequest, tokenInfoQuery } from './sdk.ts';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('POST access-token body', () => {
  it('accepts a user by uid or by email, with the optional fields', () => {
    expect(accessTokenRequest.safeParse({ uid: 1, from: 'app' }).success).toBe(true);
    expect(
      accessTokenRequest.safeParse({
        email: 'a@example.com',
        from: 'app',
        scene: 'kyc.v2',
        lang: 'zh-cn',
        isUpdatePoi: true,
        hidden: false,
        extraParams: { redirect_url: 'https://partner.example/' },
      }).success,
    ).toBe(true);
  });

  it('wants exactly one of userRef, uid and email, and names the field', () => {
    expect(issues(accessTokenRequest.safeParse({ from: 'app' }))).toEqual([
      'userRef: give exactly one of userRef, uid, email',
    ]);
    expect(issues(accessTokenRequest.safeParse({ uid: 1, email: 'a@example.com', from: 'app' }))).toEqual([
      'email: give exactly one of userRef, uid, email',
    ]);
    expect(issues(accessTokenRequest.safeParse({ userRef: 'u-1', uid: 1, from: 'app' }))).toEqual([
      'uid: give exactly one of userRef, uid, email',
    ]);
  });

  it("accepts a partner's own user reference of 1 to 128 characters from its narrow alphabet", () => {
    for (const userRef of [
      'u-1',
      'user:42@tenant.example',
      'a'.repeat(128),
      '550e8400-e29b-41d4-a716-446655440000',
    ])
      expect(accessTokenRequest.safeParse({ userRef, from: 'app' }).success, userRef).toBe(true);
    for (const userRef of ['', 'a'.repeat(129), 'has space', 'slash/no', 'ü'])
      expect(issues(accessTokenRequest.safeParse({ userRef, from: 'app' }))[0], userRef).toMatch(
        /^userRef: /,
      );
  });

  it('refuses unknown fields, bad codes, unsupported languages and invalid emails', () => {
    expect(accessTokenRequest.safeParse({ uid: 1, from: 'app', isUpdatePOI: true }).success).toBe(false);
    expect(issues(accessTokenRequest.safeParse({ uid: 1, from: '-app' }))[0]).toMatch(/^from: /);
    expect(issues(accessTokenRequest.safeParse({ uid: 1, from: 'a'.repeat(65) }))[0]).toMatch(/^from: /);
    expect(issues(accessTokenRequest.safeParse({ uid: 1, from: 'app', lang: 'xx' }))).toEqual([
      'lang: unsupported language',
    ]);
    expect(issues(accessTokenRequest.safeParse({ email: 'nope', from: 'app' }))).toEqual([
      'email: invalid email',
    ]);
  });
});

describe('POST revoke-token body', () => {
  it('wants exactly one of token, userRef, uid and email', () => {
    expect(revokeTokenRequest.safeParse({ token: 'abc' }).success).toBe(true);
    expect(revokeTokenRequest.safeParse({ uid: 3 }).success).toBe(true);
    expect(revokeTokenRequest.safeParse({ userRef: 'u-1' }).success).toBe(true);
    expect(issues(revokeTokenRequest.safeParse({}))).toEqual([
      'token: give exactly one of token, userRef, uid, email',
    ]);
    expect(issues(revokeTokenRequest.safeParse({ token: 'abc', uid: 3 }))).toEqual([
      'uid: give exactly one of token, userRef, uid, email',
    ]);
  });
});

describe('GET token-info query', () => {
  it("accepts no type or 'email_update_poi' (spec §7), nothing else", () => {
    expect(tokenInfoQuery.safeParse({}).success).toBe(true);
    expect(tokenInfoQuery.safeParse({ type: 'email_update_poi' }).success).toBe(true);
    expect(tokenInfoQuery.safeParse({ type: 'other' }).success).toBe(false);
  });
});
