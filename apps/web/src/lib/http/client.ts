import { CSRF_COOKIE } from '@kyc/contracts';
import { readCookie } from '../browser/cookies';
import { currentLanguage } from '../language/current';
import { ApiError, isApiError, NETWORK_ERROR_CODE, TIMEOUT_CODE, TIMEOUT_MESSAGE } from './api-error';
import { buildRequest, type HttpMethod, type RequestBody } from './build-request';
import { readEnvelope } from './read-envelope';

/** spec §9: default request timeout. */
export const REQUEST_TIMEOUT_MS = 30_000;

export interface RequestOptions {
  /** Milliseconds before the call is aborted and rejects with 9000001. */
  timeout?: number;
  /** Lets the caller cancel (e.g. a component unmounting); a cancelled call rejects with the AbortError. */
  signal?: AbortSignal;
  headers?: Readonly<Record<string, string>>;
}

/**
 * One API call (spec §7): same-origin credentials, JSON both ways, Accept-Language, the CSRF header on
 * state-changing calls, a timeout, and the envelope unwrapped. Rejects only with ApiError, except when
 * the caller cancels.
 */
export async function request<T>(
  method: HttpMethod,
  url: string,
  body?: RequestBody,
  options: RequestOptions = {},
): Promise<T> {
  const built = buildRequest(
    method,
    url,
    body,
    { language: currentLanguage(), csrfToken: readCookie(CSRF_COOKIE) },
    options.headers,
  );

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeout ?? REQUEST_TIMEOUT_MS);
  const cancel = () => controller.abort();
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', cancel, { once: true });

  try {
    const response = await fetch(built.url, { ...built.init, signal: controller.signal });
    return await readEnvelope<T>(response, built.url);
  } catch (cause) {
    if (isApiError(cause)) throw cause;
    if (timedOut) {
      throw new ApiError({
        ret_code: TIMEOUT_CODE,
        ret_msg: TIMEOUT_MESSAGE,
        httpStatus: 408,
        url: built.url,
        cause,
      });
    }
    if (options.signal?.aborted) throw cause;
    throw new ApiError({ ret_code: NETWORK_ERROR_CODE, ret_msg: 'Network Error', url: built.url, cause });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

export const http = {
  get: <T>(url: string, query?: RequestBody, options?: RequestOptions) =>
    request<T>('GET', url, query, options),
  post: <T>(url: string, body?: RequestBody, options?: RequestOptions) =>
    request<T>('POST', url, body, options),
  put: <T>(url: string, body?: RequestBody, options?: RequestOptions) =>
    request<T>('PUT', url, body, options),
  patch: <T>(url: string, body?: RequestBody, options?: RequestOptions) =>
    request<T>('PATCH', url, body, options),
  delete: <T>(url: string, body?: RequestBody, options?: RequestOptions) =>
    request<T>('DELETE', url, body, options),
};
