/**
 * The back office's HTTP client (docs/api.md). Every answer is the envelope {ret_code, ret_msg, result}:
 * ret_code 0 resolves to `result`, anything else throws an ApiError carrying the code, so that screens
 * translate the code and never show the raw server message. Transport failures become the client-side
 * codes of the catalogue (NETWORK_ERROR, REQUEST_TIMEOUT).
 */
import { CSRF_HEADER, HOST_COOKIE_PREFIX, RET_CODES, STAFF_CSRF_COOKIE, type Envelope } from '@kyc/contracts';
import { readCookie } from './cookies.ts';

export const API_BASE = '/backoffice/api';
export const REQUEST_TIMEOUT_MS = 30_000;

export class ApiError extends Error {
  readonly ret_code: number;
  readonly ret_msg: string;
  /** HTTP status of the answer; 0 when no answer arrived. */
  readonly status: number;

  constructor(ret_code: number, ret_msg: string, status: number) {
    super(`ret_code ${ret_code}: ${ret_msg}`);
    this.name = 'ApiError';
    this.ret_code = ret_code;
    this.ret_msg = ret_msg;
    this.status = status;
  }
}

export function isApiError(error: unknown, code?: number): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.ret_code === code);
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Checks the shape of `result`; whatever it returns is what the call resolves to. */
  parse?: (result: unknown) => unknown;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { ret_code?: unknown }).ret_code === 'number' &&
    'result' in value
  );
}

async function send(method: Method, path: string, body: unknown, options: RequestOptions): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  if (method !== 'GET') {
    // docs/api.md: every state-changing call carries the staff CSRF cookie's value in X-CSRF-Token.
    // The __Host- name over https (issue 11), the plain one over http.
    const token = readCookie(`${HOST_COOKIE_PREFIX}${STAFF_CSRF_COOKIE}`) ?? readCookie(STAFF_CSRF_COOKIE);
    if (token !== undefined) headers.set(CSRF_HEADER, token);
  }
  if (body !== undefined) headers.set('Content-Type', 'application/json');

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    return await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (timedOut) {
      throw new ApiError(RET_CODES.REQUEST_TIMEOUT.code, 'Request timeout, please re-try!', 0);
    }
    throw new ApiError(RET_CODES.NETWORK_ERROR.code, 'Network error', 0);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

export async function apiRequest<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const response = await send(method, path, body, options);
  let envelope: unknown;
  try {
    envelope = await response.json();
  } catch {
    envelope = undefined;
  }
  if (!isEnvelope(envelope)) {
    throw new ApiError(RET_CODES.NETWORK_ERROR.code, `HTTP ${response.status}`, response.status);
  }
  if (envelope.ret_code !== RET_CODES.OK.code) {
    throw new ApiError(envelope.ret_code, envelope.ret_msg, response.status);
  }
  if (!options.parse) return envelope.result as T;
  try {
    return options.parse(envelope.result) as T;
  } catch {
    // The server answered with a shape this client does not understand: a deployment mismatch.
    throw new ApiError(RET_CODES.INTERNAL_ERROR.code, 'Unexpected response shape', response.status);
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, undefined, options),
};
