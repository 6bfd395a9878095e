import { isApiError, NETWORK_ERROR_CODE } from '../../../lib/http';

/** A fresh Idempotency-Key (docs/kyc.md: 1 to 128 characters A-Z, a-z, 0-9, - and _). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * Whether the server surely decided a failed submission: it answered with a ret_code of its own and
 * not a 5xx. Nothing was created then, and the next attempt gets a new key. After a timeout, a network
 * failure, an answer without an envelope or a server error the request may have been applied, so the
 * retry keeps the key and receives the first result instead of creating a duplicate.
 */
export function serverDecided(error: unknown): boolean {
  if (!isApiError(error) || error.ret_code === NETWORK_ERROR_CODE) return false;
  if (error.reason === 'timeout' || error.reason === 'network error' || error.reason === 'Non Response!') {
    return false;
  }
  return error.httpStatus === undefined || error.httpStatus < 500;
}
