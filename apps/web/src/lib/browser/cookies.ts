/** The value of a cookie readable by scripts (e.g. kyc_csrf), or null when it is not set. */
export function readCookie(name: string, cookieString: string = document.cookie): string | null {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

export interface CookieOptions {
  path?: string;
  /** Lifetime in days; a session cookie when absent. */
  days?: number;
  sameSite?: 'Strict' | 'Lax' | 'None';
  secure?: boolean;
}

const DAY_SECONDS = 24 * 60 * 60;

/** The document.cookie assignment for one cookie (value URI-encoded; Max-Age and Expires both set). */
export function serializeCookie(
  name: string,
  value: string,
  options: CookieOptions = {},
  now: number = Date.now(),
): string {
  let cookie = `${name}=${encodeURIComponent(value)}`;
  if (options.days !== undefined) {
    const seconds = Math.round(options.days * DAY_SECONDS);
    cookie += `; Max-Age=${seconds}; Expires=${new Date(now + seconds * 1000).toUTCString()}`;
  }
  if (options.path) cookie += `; Path=${options.path}`;
  if (options.sameSite) cookie += `; SameSite=${options.sameSite}`;
  if (options.secure) cookie += '; Secure';
  return cookie;
}

export function writeCookie(
  name: string,
  value: string,
  options?: CookieOptions,
  target: { cookie: string } = document,
): void {
  target.cookie = serializeCookie(name, value, options);
}
