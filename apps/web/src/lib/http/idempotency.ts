import { randomGuid } from '../browser/guid';
import { isApiError, NETWORK_ERROR_CODE } from './api-error';
import type { RequestOptions } from './client';

/**
 * Idempotency-Keys of submissions (docs/kyc.md "Idempotency", docs/questionnaires.md "Submit"): one key
 * per attempt, kept across retries until the server has surely decided, so a retry after a timeout
 * receives the first result instead of creating a duplicate.
 */

/** The header (IDEMPOTENCY_KEY_HEADER of the contracts; wire.test checks the copy). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * A fresh key (1 to 128 characters A-Z, a-z, 0-9, - and _): a random UUID, also on a page served over
 * plain http, where crypto.randomUUID does not exist.
 */
export function newIdempotencyKey(): string {
  return randomGuid();
}

/** The options of a submission with its attempt's key; the key wins over a header of the same name. */
export function withIdempotencyKey(options: RequestOptions, idempotencyKey: string): RequestOptions {
  return { ...options, headers: { ...options.headers, [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } };
}

/**
 * Whether the server surely decided a failed submission: it answered with a ret_code of its own and
 * not a 5xx. Nothing was created then, and the next attempt gets a new key. After a timeout, a network
 * failure, an answer without an envelope or a server error the request may have been applied, so the
 * retry keeps the key.
 */
export function serverDecided(error: unknown): boolean {
  if (!isApiError(error) || error.ret_code === NETWORK_ERROR_CODE) return false;
  if (error.reason === 'timeout' || error.reason === 'network error' || error.reason === 'Non Response!') {
    return false;
  }
  return error.httpStatus === undefined || error.httpStatus < 500;
}
