import { CSRF_HEADER } from '@kyc/contracts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RequestBody = Readonly<Record<string, unknown>>;

/** What a request needs to know about the page it is sent from. */
export interface RequestContext {
  /** Accept-Language (spec §7: every call carries the current language). */
  language: string;
  /** Value of the kyc_csrf cookie, sent back on state-changing calls (docs/api.md). */
  csrfToken: string | null;
}

function queryValue(value: unknown): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** spec §7: "GET body fields become query parameters". Null and undefined fields are left out. */
export function withQuery(url: string, fields: RequestBody | undefined): string {
  if (!fields) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, queryValue(item));
    else params.append(key, queryValue(value));
  }
  const query = params.toString();
  if (!query) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  return `${base}${base.includes('?') ? '&' : '?'}${query}${hash}`;
}

export function buildRequest(
  method: HttpMethod,
  url: string,
  body: RequestBody | undefined,
  context: RequestContext,
  extraHeaders: Readonly<Record<string, string>> = {},
): { url: string; init: RequestInit } {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'Accept-Language': context.language,
  };
  if (method !== 'GET' && context.csrfToken) headers[CSRF_HEADER] = context.csrfToken;
  Object.assign(headers, extraHeaders);

  const init: RequestInit = { method, headers, credentials: 'include' };
  if (method === 'GET') return { url: withQuery(url, body), init };
  init.body = JSON.stringify(body ?? {});
  return { url, init };
}
