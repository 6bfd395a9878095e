import { RET_CODES } from '@kyc/contracts';
import { isApiError } from './api-error';
import type { HttpMethod } from './build-request';

/**
 * Issue 14: a 503 with ret_code 10018 says the server could not reach its database, so the call did
 * nothing and may work a moment later (a failover, a restart). Calls that are safe to send again are
 * retried twice, after 1 s and 3 s, before the person sees the error: reads (GET), calls carrying an
 * Idempotency-Key (the server answers a repeat once), and reads sent as POST that say so. Any other
 * call is not repeated: a write whose commit reached the database before the connection broke would be
 * done twice.
 */
export const UNAVAILABLE_RETRY_DELAYS_MS = [1000, 3000] as const;

export function retriesUnavailable(method: HttpMethod, headers: HeadersInit | undefined, readOnly: boolean) {
  return method === 'GET' || readOnly || new Headers(headers).has('idempotency-key');
}

const isUnavailable = (error: unknown) =>
  isApiError(error) && error.ret_code === RET_CODES.SERVICE_UNAVAILABLE.code;

/** Runs `call`, and again after each delay while it fails with 10018 and the caller has not cancelled. */
export async function withUnavailableRetry<T>(
  call: () => Promise<T>,
  signal: AbortSignal | undefined,
  delays: readonly number[] = UNAVAILABLE_RETRY_DELAYS_MS,
): Promise<T> {
  for (const delay of delays) {
    try {
      return await call();
    } catch (error) {
      if (!isUnavailable(error) || signal?.aborted) throw error;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delay);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
    if (signal?.aborted) break;
  }
  return call();
}
