import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE } from './api-error';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey, serverDecided, withIdempotencyKey } from './idempotency';

describe('Idempotency-Keys of submissions', () => {
  it('a fresh key per call, in the accepted form, also where crypto.randomUUID is missing (plain http)', () => {
    const saved = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const keys = [newIdempotencyKey(), newIdempotencyKey()];
      for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
      expect(keys[0]).not.toBe(keys[1]);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: saved, configurable: true });
    }
  });

  it('the key goes into the options and wins over a header of the same name', () => {
    const options = withIdempotencyKey({ headers: { [IDEMPOTENCY_KEY_HEADER]: 'old', lang: 'en' } }, 'new');
    expect(options.headers).toEqual({ [IDEMPOTENCY_KEY_HEADER]: 'new', lang: 'en' });
  });

  it('a new key only after an answer the server surely decided', () => {
    expect(
      serverDecided(
        new ApiError({
          reason: 'bad business ret_code',
          ret_code: 51002,
          ret_msg: 'invalid answers',
          httpStatus: 400,
        }),
      ),
    ).toBe(true);
    expect(
      serverDecided(
        new ApiError({ reason: 'http error', ret_code: 10000, ret_msg: 'server error', httpStatus: 503 }),
      ),
    ).toBe(false);
    expect(
      serverDecided(
        new ApiError({ reason: 'network error', ret_code: NETWORK_ERROR_CODE, ret_msg: 'offline' }),
      ),
    ).toBe(false);
    expect(
      serverDecided(
        new ApiError({ reason: 'timeout', ret_code: 9000001, ret_msg: 'timeout', httpStatus: 408 }),
      ),
    ).toBe(false);
    expect(serverDecided(new Error('not an API error'))).toBe(false);
  });
});
