import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  isWellFormedSignature,
  isWellFormedTs,
  signRequest,
  signatureExpiresAt,
  signaturesEqual,
  withinWindow,
} from './request-signature.ts';
import {
  newPartnerSecret,
  openPartnerSecret,
  sealPartnerSecret,
  secretFingerprint,
} from './partner-secrets.ts';
import { createKeyring } from '../../lib/crypto/envelope.ts';

const SECRET = 'kycs_demo-partner-secret-published-in-the-READMA';

describe('signed partner requests (docs/sdk.md "Signed partner calls")', () => {
  it('when a request is signed, then the HMAC covers ts + METHOD + path-with-query + the raw body bytes', () => {
    const body = '{"a": 1}';
    const expected = createHmac('sha256', SECRET).update(`1700000000POST/v1/x?y=1${body}`).digest('hex');
    expect(
      signRequest(SECRET, {
        ts: '1700000000',
        method: 'post',
        pathWithQuery: '/v1/x?y=1',
        rawBody: Buffer.from(body),
      }),
    ).toBe(expected);
  });

  it('when headers are checked, then only digits are a ts and only 64 lower-case hex digits a signature', () => {
    expect(['1700000000', '0'].every(isWellFormedTs)).toBe(true);
    expect(['', '-1', '1.5', '1e9', ' 1', '1234567890123'].some(isWellFormedTs)).toBe(false);
    expect(isWellFormedSignature('a'.repeat(64))).toBe(true);
    expect(['A'.repeat(64), 'a'.repeat(63), 'g'.repeat(64)].some(isWellFormedSignature)).toBe(false);
    expect(signaturesEqual('ab'.repeat(32), 'ab'.repeat(32))).toBe(true);
    expect(signaturesEqual('ab'.repeat(32), 'ac'.repeat(32))).toBe(false);
  });

  it('when the clock is compared, then 300 s either way is inside and a second more is outside', () => {
    const now = 1_700_000_000_000;
    expect(withinWindow('1700000300', now)).toBe(true);
    expect(withinWindow('1699999700', now)).toBe(true);
    expect(withinWindow('1700000301', now)).toBe(false);
    expect(withinWindow('1699999699', now)).toBe(false);
    expect(signatureExpiresAt('1700000000')).toBeGreaterThan(now + 300_000);
  });

  it('when a secret is sealed, then it opens for its own business only, and its fingerprint is 8 hex digits', () => {
    const keyring = createKeyring(Buffer.alloc(32, 3));
    const secret = newPartnerSecret();
    expect(secret).toMatch(/^kycs_[A-Za-z0-9_-]{43}$/);
    const sealed = sealPartnerSecret(keyring, 'acme', secret);
    expect(sealed).not.toContain(secret.slice(5));
    expect(openPartnerSecret(keyring, 'acme', sealed)).toBe(secret);
    expect(() => openPartnerSecret(keyring, 'other', sealed)).toThrow();
    expect(openPartnerSecret(keyring, 'demo', sealPartnerSecret(keyring, 'demo', SECRET))).toBe(SECRET);
    expect(secretFingerprint(secret)).toMatch(/^[0-9a-f]{8}$/);
  });
});
