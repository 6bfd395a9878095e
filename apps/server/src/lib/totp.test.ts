import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  ENROLMENT_TOKEN_TTL_MS,
  newTotpSecret,
  openEnrolmentToken,
  openTotpSecret,
  otpauthUri,
  sealEnrolmentToken,
  sealTotpSecret,
  totpAt,
  verifyTotp,
} from './totp.ts';

const RFC_SECRET = Buffer.from('12345678901234567890', 'ascii');

describe('TOTP (RFC 6238, RFC 4226)', () => {
  it('matches the RFC 4226 HOTP vectors', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583'];
    expected.forEach((code, counter) => expect(hotp(RFC_SECRET, counter)).toBe(code));
  });

  it('matches the RFC 6238 SHA-1 vectors (8 digits)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) expect(totpAt(RFC_SECRET, seconds * 1000, 8)).toBe(code);
  });

  it('accepts one step either side and refuses two', () => {
    const now = 1_700_000_000_000;
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, now), now)).toBe(true);
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, now - 30_000), now)).toBe(true);
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, now + 30_000), now)).toBe(true);
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, now - 60_000), now)).toBe(false);
    expect(verifyTotp(RFC_SECRET, 'abcdef', now)).toBe(false);
    expect(verifyTotp(RFC_SECRET, '', now)).toBe(false);
  });

  it('round-trips base32 and builds an otpauth URI', () => {
    expect(base32Encode(RFC_SECRET)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').equals(RFC_SECRET)).toBe(true);
    expect(otpauthUri(RFC_SECRET, 'a@b.test')).toMatch(
      /^otpauth:\/\/totp\/KYC%20back%20office%3Aa%40b\.test\?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&/,
    );
  });

  it('seals a secret so that only the same master key and staff id open it', () => {
    const key = Buffer.alloc(32, 3);
    const secret = newTotpSecret();
    const sealed = sealTotpSecret(key, 7, secret);
    expect(sealed).not.toContain(base32Encode(secret));
    expect(openTotpSecret(key, 7, sealed).equals(secret)).toBe(true);
    expect(() => openTotpSecret(key, 8, sealed)).toThrow();
    expect(() => openTotpSecret(Buffer.alloc(32, 4), 7, sealed)).toThrow();
  });

  it('opens an enrolment token only for the same member, before it expires, and never as a stored secret', () => {
    const key = Buffer.alloc(32, 3);
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const token = sealEnrolmentToken(key, 7, secret, now);
    expect(token).not.toContain(base32Encode(secret));
    expect(openEnrolmentToken(key, 7, token, now + ENROLMENT_TOKEN_TTL_MS)?.equals(secret)).toBe(true);
    expect(openEnrolmentToken(key, 7, token, now + ENROLMENT_TOKEN_TTL_MS + 1)).toBeNull();
    expect(openEnrolmentToken(key, 8, token, now)).toBeNull();
    expect(openEnrolmentToken(key, 7, 'garbage', now)).toBeNull();
    expect(() => openTotpSecret(key, 7, `v1:${token}`)).toThrow();
    expect(openEnrolmentToken(key, 7, sealTotpSecret(key, 7, secret).slice(3), now)).toBeNull();
  });
});
