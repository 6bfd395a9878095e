/**
 * The one way adapters call a vendor: each attempt under a timeout, 5xx and 429 answers (and network
 * failures) retried with exponential backoff and jitter (honouring Retry-After) while the overall budget
 * lasts, and every failure turned into VendorUnavailable, never a hang. 4xx answers other than 429 are
 * the vendor refusing our request: they are returned to the adapter, which knows what they mean.
 */
import { VendorUnavailable, type VendorName } from './provider.ts';

export interface VendorRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Absolute address. */
  url: string;
  headers?: Record<string, string>;
  /** Sent as is: the bytes an adapter signed are the bytes sent. */
  body?: string;
}

export interface VendorResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export interface VendorHttpOptions {
  vendor: VendorName;
  /** Overall budget of one call, retries included (VENDOR_HTTP_TIMEOUT_MS). */
  timeoutMs: number;
  /** At most this many attempts (default 4). */
  attempts?: number;
  /** First backoff (default 200 ms), doubled each retry. */
  baseDelayMs?: number;
  /** Injected in tests. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export type VendorHttp = (request: VendorRequest) => Promise<VendorResponse>;

const RETRIED = (status: number) => status === 429 || status >= 500;

function retryAfterMs(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

export function vendorHttp(options: VendorHttpOptions): VendorHttp {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const attempts = options.attempts ?? 4;
  const baseDelay = options.baseDelayMs ?? 200;

  return async function call(request: VendorRequest): Promise<VendorResponse> {
    const deadline = Date.now() + options.timeoutMs;
    let lastReason = 'no attempt made';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      let retryAfter: number | undefined;
      try {
        const response = await doFetch(request.url, {
          method: request.method,
          headers: { accept: 'application/json', ...request.headers },
          body: request.body,
          signal: AbortSignal.timeout(left),
          redirect: 'error',
        });
        const text = await response.text();
        if (!RETRIED(response.status)) {
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          return { status: response.status, headers: response.headers, text, json };
        }
        lastReason = `HTTP ${response.status} from ${new URL(request.url).pathname}`;
        retryAfter = retryAfterMs(response.headers);
      } catch (error) {
        lastReason =
          error instanceof Error && error.name === 'TimeoutError'
            ? `no answer within ${options.timeoutMs} ms`
            : `network error: ${error instanceof Error ? error.message : String(error)}`;
      }
      if (attempt === attempts) break;
      const backoff = baseDelay * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);
      const wait = Math.min(retryAfter ?? backoff, deadline - Date.now());
      if (wait <= 0) break;
      await sleep(wait);
    }
    throw new VendorUnavailable(options.vendor, lastReason);
  };
}

/** A 4xx the adapter did not expect: the vendor refused our request (a configuration or contract error). */
export function unexpectedAnswer(
  vendor: VendorName,
  what: string,
  response: VendorResponse,
): VendorUnavailable {
  return new VendorUnavailable(vendor, `${what}: HTTP ${response.status} ${response.text.slice(0, 200)}`);
}
