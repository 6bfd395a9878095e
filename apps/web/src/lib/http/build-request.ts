export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RequestBody = Readonly<Record<string, unknown>>;

function fieldValue(value: unknown): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Body fields as URL-encoded pairs; null and undefined fields are left out, arrays repeat the key. */
export function encodeFields(fields: RequestBody | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, fieldValue(item));
    else params.append(key, fieldValue(value));
  }
  return params;
}

/** spec §7: "GET body fields become query parameters". Null and undefined fields are left out. */
export function withQuery(url: string, fields: RequestBody | undefined): string {
  const query = encodeFields(fields).toString();
  if (!query) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  return `${base}${base.includes('?') ? '&' : '?'}${query}${hash}`;
}

export interface BuildOptions {
  credentials: RequestCredentials;
  /** Send the body form-encoded instead of JSON (spec §7: risk/default-intercept). */
  form?: boolean;
}

/**
 * spec §7: GET body fields become query parameters; POST, PUT, PATCH and DELETE send JSON (or a form
 * when asked). Later headers replace earlier ones whatever their letter case.
 */
export function buildRequest(
  method: HttpMethod,
  url: string,
  body: RequestBody | undefined,
  headers: ReadonlyArray<Readonly<Record<string, string>> | undefined>,
  options: BuildOptions,
): { url: string; init: RequestInit } {
  const merged = new Headers();
  for (const group of headers)
    for (const [name, value] of Object.entries(group ?? {})) merged.set(name, value);

  const init: RequestInit = { method, headers: merged, credentials: options.credentials };
  if (method === 'GET') return { url: withQuery(url, body), init };
  if (options.form) {
    merged.set('Content-Type', 'application/x-www-form-urlencoded');
    init.body = encodeFields(body).toString();
  } else {
    init.body = JSON.stringify(body ?? {});
  }
  return { url, init };
}
