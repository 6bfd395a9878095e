import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter.ts';
import {
  DEFAULT_PASSWORD_HASH_COST,
  hashPassword,
  setPasswordHashCost,
  verifyPassword,
} from './passwords.ts';
import { hmac, safeEqual, sha256Hex } from './tokens.ts';

describe('rate limiter', () => {
  it('when a key exceeds its limit within the window, then it is refused until the window ends', () => {
    const limiter = createRateLimiter(2, 60_000);
    expect(limiter.consume('a', 0).ok).toBe(true);
    expect(limiter.consume('a', 1).ok).toBe(true);
    expect(limiter.consume('a', 2)).toEqual({ ok: false, retryAfterSeconds: 60 });
    expect(limiter.blocked('a', 30_000)).toEqual({ ok: false, retryAfterSeconds: 30 });
    expect(limiter.consume('b', 2).ok).toBe(true);
    expect(limiter.consume('a', 60_000).ok).toBe(true);
  });

  it('when a key is reset, then it starts afresh', () => {
    const limiter = createRateLimiter(1, 60_000);
    limiter.consume('a', 0);
    expect(limiter.blocked('a', 1).ok).toBe(false);
    limiter.reset('a');
    expect(limiter.blocked('a', 1).ok).toBe(true);
  });

  it('when more keys arrive than it may hold, then memory stays bounded', () => {
    const limiter = createRateLimiter(1, 60_000, 10);
    for (let i = 0; i < 100; i += 1) limiter.consume(`k${i}`, 0);
    expect(limiter.blocked('k99', 1).ok).toBe(false);
    expect(limiter.blocked('k0', 1).ok).toBe(true);
  });
});

describe('passwords (scrypt)', () => {
  it('when a password is hashed, then only that password verifies, and two hashes differ by salt', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
    expect(await verifyPassword('correct horse', 'md5$abc')).toBe(false);
  });

  it('when the cost is lowered (test runs), then new hashes carry it and the older, costlier ones still verify', async () => {
    const costly = await hashPassword('correct horse');
    try {
      setPasswordHashCost(4);
      const cheap = await hashPassword('correct horse');
      expect(cheap).toMatch(/^scrypt\$16\$8\$1\$/);
      expect(await verifyPassword('correct horse', cheap)).toBe(true);
      expect(await verifyPassword('correct horse', costly)).toBe(true);
      expect(() => setPasswordHashCost(3)).toThrow(RangeError);
      expect(() => setPasswordHashCost(21)).toThrow(RangeError);
    } finally {
      setPasswordHashCost(DEFAULT_PASSWORD_HASH_COST);
    }
  });
});

describe('tokens', () => {
  it('compares in constant time and only equal strings match', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(sha256Hex('x')).toHaveLength(64);
    expect(hmac('k', 'v')).not.toBe(hmac('k2', 'v'));
  });
});
