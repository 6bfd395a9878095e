import { CODE_NOT_LOGGED_IN, CSRF_COOKIE, CSRF_HEADER, HOST_COOKIE_PREFIX } from '@kyc/contracts';
import { readCookie } from '../browser/cookies';
import { currentLanguage } from '../language/current';
import { reportTelemetry } from '../telemetry/telemetry';
import { ApiError, isApiError, NETWORK_ERROR_CODE, TIMEOUT_CODE, TIMEOUT_MESSAGE } from './api-error';
import { apiUrl } from './api-base';
import { buildRequest, type HttpMethod, type RequestBody } from './build-request';
import { ResponseCache } from './cache';
import { platformHeaders } from './platform-headers';
import { readEnvelope, readKycData } from './read-envelope';
import { httpConfig } from './configure';
import { reportApiError } from './report-error';
import { retriesUnavailable, withUnavailableRetry } from './unavailable-retry';

/** spec §9: default request timeout. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** spec §9: "Client-tag timer 60 s; event cutoff 30 s". */
export const CLIENT_TAG_TIMER_MS = 60_000;
export const PERFORMANCE_EVENT_CUTOFF_MS = 30_000;

export interface RequestOptions {
  /** Milliseconds before the call is aborted and rejects with 9000001; 0 disables the timeout. */
  timeout?: number;
  /** Lets the caller cancel (e.g. a component unmounting); a cancelled call rejects with the AbortError. */
  signal?: AbortSignal;
  headers?: Readonly<Record<string, string>>;
  /** spec §7: answer from the response cache (60 s, 20 entries) when an identical call succeeded. */
  cache?: boolean;
  /**
   * Show no toast or notification on failure (true), or none for these ret_codes; still logged and
   * reported. The caller handles what it silences.
   */
  silent?: boolean | readonly number[];
  /** spec §8: on a translated ret_code, a notification instead of a toast. */
  notificationReminder?: boolean;
  /**
   * spec §7: starts a 60 s timer; a telemetry event is reported if the call is still pending then. With
   * the default 30 s timeout the call has settled by then, so it matters for calls given a longer
   * timeout or none (`timeout: 0`).
   */
  clientTag?: string;
  /** spec §7: a performance event is reported with this tag when the call settles within 30 s. */
  eventTag?: string;
  /** Send the body form-encoded rather than JSON. */
  form?: boolean;
  /**
   * A POST that only reads (kyc-info): like a GET it is sent again when the server answers 10018
   * (unavailable-retry.ts). GETs and calls with an Idempotency-Key are retried without it.
   */
  readOnly?: boolean;
}

export interface KycRequestOptions extends RequestOptions {
  /** spec §8: the call succeeds only when the answer's data equals 'ok'. */
  expectOk?: boolean;
}

const STATE_CHANGING = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

const cache = new ResponseCache();

/** spec §6, §8: forget every cached answer (also done on 10007 / 33003 / 10009). */
export function clearRequestCache(): void {
  cache.clear();
}

function isSameOrigin(url: string): boolean {
  if (!/^https?:\/\//i.test(url)) return true;
  return typeof location !== 'undefined' && new URL(url).origin === location.origin;
}

function csrfHeader(method: HttpMethod, url: string): Record<string, string> {
  const token =
    STATE_CHANGING.has(method) && isSameOrigin(url)
      ? (readCookie(`${HOST_COOKIE_PREFIX}${CSRF_COOKIE}`) ?? readCookie(CSRF_COOKIE))
      : null;
  return token ? { [CSRF_HEADER]: token } : {};
}

interface Client {
  credentials: RequestCredentials;
  headers(method: HttpMethod, url: string): Record<string, string>;
  read(response: Response, url: string, options: KycRequestOptions): Promise<unknown>;
}

/**
 * spec §7 app client: credentials included; Accept and Content-Type JSON; the platform header (and
 * X-User-Agent in the mini-app); Accept-Language with the current language; and our server's CSRF
 * header on state-changing calls (docs/api.md).
 */
const appClient: Client = {
  credentials: 'include',
  headers: (method, url) => ({ 'Content-Type': 'application/json', ...appHeaders(method, url) }),
  read: (response, url) => readEnvelope(response, url),
};

/**
 * The app client's headers other than Content-Type: Accept, Accept-Language, the platform header (and
 * X-User-Agent) and the CSRF header of a state-changing same-origin call. The multipart uploader
 * (upload.ts) sends these too and lets the browser write the multipart Content-Type.
 */
export function appHeaders(method: HttpMethod, url: string): Record<string, string> {
  return {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    ...platformHeaders(),
    ...csrfHeader(method, url),
  };
}

/**
 * spec §7 "A second client sends only a JSON Content-Type": no Accept, language or platform headers and
 * no cookies to other origins (fetch's default same-origin credentials). The CSRF header is added
 * only for state-changing calls to our own origin, which our server refuses without it; it never
 * leaves the origin.
 */
const kycClient: Client = {
  credentials: 'same-origin',
  headers: (method, url) => ({ 'Content-Type': 'application/json', ...csrfHeader(method, url) }),
  read: (response, url, options) => readKycData(response, url, options.expectOk === true),
};

export function timeoutError(url: string, timeout: number, cause: unknown): ApiError {
  // axios's wording, which the spec quotes (§8 "also 'timeout of N ms exceeded'"), kept as the cause.
  const detail = new Error(`timeout of ${timeout}ms exceeded`, { cause });
  return new ApiError({
    reason: 'timeout',
    ret_code: TIMEOUT_CODE,
    ret_msg: TIMEOUT_MESSAGE,
    httpStatus: 408,
    statusText: 'Request Timeout',
    url,
    cause: detail,
  });
}

/**
 * A call the session cookie authenticates (issue 11: only its 10007 means "the session ended, sign in
 * again"): not an SDK-token call, not an integration path, which answer 10007 for a missing token.
 */
export function authenticatedBySession(built: { url: string; init: RequestInit }): boolean {
  if (new Headers(built.init.headers).has('kyc-access-token')) return false;
  return !new URL(built.url, 'http://portal.invalid').pathname.startsWith('/v1/s1/');
}

/** The network part of one call: fetch, timeout, response reading, the client-tag timer and timing. */
async function execute(
  client: Client,
  method: HttpMethod,
  built: { url: string; init: RequestInit },
  options: KycRequestOptions,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  const { url } = built;
  const controller = new AbortController();
  const timeout = options.timeout ?? REQUEST_TIMEOUT_MS;
  let timedOut = false;
  const timer =
    timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeout)
      : undefined;
  const cancel = () => controller.abort();
  if (signal?.aborted) cancel();
  signal?.addEventListener('abort', cancel, { once: true });

  const startedAt = Date.now();
  const { clientTag, eventTag } = options;
  const tagTimer =
    clientTag === undefined
      ? undefined
      : setTimeout(
          () =>
            reportTelemetry({
              type: 'client-tag-pending',
              clientTag,
              method,
              url,
              elapsedMs: Date.now() - startedAt,
            }),
          CLIENT_TAG_TIMER_MS,
        );

  let success = false;
  try {
    const response = await fetch(url, { ...built.init, signal: controller.signal });
    const data = await client.read(response, url, options);
    success = true;
    return data;
  } catch (cause) {
    if (isApiError(cause)) {
      // spec §6, §8: 'user no permission' clears the request cache.
      if (cause.reason === 'user no permission') cache.clear();
      if (cause.ret_code === CODE_NOT_LOGGED_IN && authenticatedBySession(built))
        httpConfig().onNotLoggedIn();
      throw cause;
    }
    if (timedOut) throw timeoutError(url, timeout, cause);
    if (signal?.aborted) throw cause;
    throw new ApiError({
      reason: 'network error',
      ret_code: NETWORK_ERROR_CODE,
      ret_msg: 'Network Error',
      url,
      cause,
    });
  } finally {
    clearTimeout(timer);
    clearTimeout(tagTimer);
    signal?.removeEventListener('abort', cancel);
    const durationMs = Date.now() - startedAt;
    if (eventTag !== undefined && durationMs < PERFORMANCE_EVENT_CUTOFF_MS) {
      reportTelemetry({ type: 'performance', eventTag, method, url, durationMs, success });
    }
  }
}

/** A caller's own cancellation of a shared (cached) call: only this caller's promise rejects. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new DOMException('aborted', 'AbortError'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

async function send<T>(
  client: Client,
  method: HttpMethod,
  path: string,
  body: RequestBody | undefined,
  options: KycRequestOptions,
): Promise<T> {
  try {
    const url = apiUrl(path);
    const built = buildRequest(method, url, body, [client.headers(method, url), options.headers], {
      credentials: client.credentials,
      form: options.form,
    });
    const run = (signal: AbortSignal | undefined) =>
      retriesUnavailable(method, built.init.headers, options.readOnly === true)
        ? withUnavailableRetry(() => execute(client, method, built, options, signal), signal)
        : execute(client, method, built, options, signal);
    if (!options.cache) return (await run(options.signal)) as T;
    // spec §7: keyed by method, url and query (and the body of other methods, so different bodies never
    // share an answer). The shared request ignores any one caller's signal.
    const key = `${client === appClient ? 'app' : 'kyc'} ${method} ${built.url}${
      method === 'GET' ? '' : ` ${String(built.init.body)}`
    }`;
    let pending = cache.get<T>(key);
    if (!pending) {
      pending = run(undefined) as Promise<T>;
      cache.set(key, pending);
    }
    return await abortable(pending, options.signal);
  } catch (error) {
    reportApiError(error, options);
    throw error;
  }
}

/**
 * One call of the app client (spec §7): the envelope unwrapped to its result. Rejects with ApiError
 * (reported to the user per spec §8 unless `silent`), or with the AbortError when the caller cancels.
 */
export function request<T>(
  method: HttpMethod,
  url: string,
  body?: RequestBody,
  options: RequestOptions = {},
): Promise<T> {
  return send<T>(appClient, method, url, body, options);
}

/** One call of the KYC client (spec §7 second client): the answer's data, 'Non Response!' when empty. */
export function kycRequest<T>(
  method: HttpMethod,
  url: string,
  body?: RequestBody,
  options: KycRequestOptions = {},
): Promise<T> {
  return send<T>(kycClient, method, url, body, options);
}

function methods<O extends RequestOptions>(
  call: <T>(method: HttpMethod, url: string, body?: RequestBody, options?: O) => Promise<T>,
) {
  return {
    get: <T>(url: string, query?: RequestBody, options?: O) => call<T>('GET', url, query, options),
    post: <T>(url: string, body?: RequestBody, options?: O) => call<T>('POST', url, body, options),
    put: <T>(url: string, body?: RequestBody, options?: O) => call<T>('PUT', url, body, options),
    patch: <T>(url: string, body?: RequestBody, options?: O) => call<T>('PATCH', url, body, options),
    delete: <T>(url: string, body?: RequestBody, options?: O) => call<T>('DELETE', url, body, options),
  };
}

/** The app client (spec §7). */
export const http = methods<RequestOptions>(request);
/** The KYC client (spec §7 "a second client"). */
export const kycHttp = methods<KycRequestOptions>(kycRequest);
