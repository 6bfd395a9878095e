/**
 * Where a browser may be sent: ONE decision for every redirect of the product (issue 11, ASVS 5.1.5),
 * shared by the server (sign-in's redirect_url, the SDK token's extraParams.redirect_url) and the
 * browser apps (the sign-in page, the SDK flow's way back, the back office's ?next=).
 *
 * Comparing strings got it wrong: `/..//evil.example`, `/.//evil.example` and `/%2e%2e//evil.example`
 * begin with one slash, yet once the dot segments are resolved the path is `//evil.example`, which a
 * browser reads as another site. So the target is parsed with the WHATWG URL parser (the browser's
 * own) against the portal's origin, and what comes out is judged, not what went in:
 *
 * 1. Refused outright: anything but `/path…` or `http(s)://…`; control characters, whitespace (tabs and
 *    newlines are silently dropped by URL parsers) and backslashes (read as `/` in http URLs).
 * 2. Parsed against the origin: dot segments and percent-encoded dots are resolved, the scheme and host
 *    are lower-cased, default ports dropped. Credentials (`user@`) are refused.
 * 3. On the portal's origin the answer is the path + query + fragment, and the path must not begin with
 *    `//` or `/\`, nor hold dot segments — also not once percent-decoding is undone (`/%2f%2fevil`,
 *    `/%5cevil`, `/%252e%252e//evil`), for a server or router that decodes before redirecting again.
 * 4. Elsewhere only an https origin the caller names (a partner's allowed origins) is accepted, and the
 *    answer is the whole normalised address (javascript:, data:, blob: and the like were refused in 1).
 * 5. The answer, parsed again, lands on the same address: the decision is stable.
 */
import { URL_MAX_LENGTH } from './validation.ts';

export interface RedirectPolicy {
  /**
   * Other origins a target may be on: a list of exact `https://host[:port]` origins, or a predicate
   * (the browser, which does not know a partner's list, only requires https). None by default.
   */
  allowedOrigins?: readonly string[] | ((origin: string) => boolean);
}

/** Control characters, whitespace (parsers drop tabs and newlines silently) and backslashes. */
const UNSAFE_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- the point is to find them
  /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;
// eslint-disable-next-line no-control-regex -- the point is to find them
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;
/** An absolute target names http(s) and an authority; `https:evil.example` is read differently by parsers. */
const ABSOLUTE = /^https?:\/\//i;
/** At most this many rounds of percent-decoding are undone when judging a path. */
const DECODE_ROUNDS = 3;

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}

/** The path as a server that decodes it (once, twice…) would see it. */
function decodedForms(path: string): string[] {
  const forms = [path];
  let current = path;
  for (let round = 0; round < DECODE_ROUNDS; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

/** A path a browser, or a server decoding it, could read as leading to another host. */
function leavesOrigin(path: string): boolean {
  return decodedForms(path).some(
    (form, round) =>
      !form.startsWith('/') ||
      /^\/[/\\]/.test(form) ||
      CONTROL_OR_BACKSLASH.test(form) ||
      // The parser resolved the dot segments it saw; encoded ones surface only once decoded.
      (round > 0 && /(^|\/)\.\.?(\/|$)/.test(form)),
  );
}

function isAllowedElsewhere(origin: string, policy: RedirectPolicy): boolean {
  if (!origin.startsWith('https://')) return false;
  const { allowedOrigins } = policy;
  if (!allowedOrigins) return false;
  return typeof allowedOrigins === 'function' ? allowedOrigins(origin) : allowedOrigins.includes(origin);
}

/**
 * The safe target for `value`, or null. On `portalOrigin` (PUBLIC_ORIGIN, or the page's own origin in
 * the browser) the answer is a path (`/…?…#…`); on an origin the policy allows, the whole https address.
 */
export function safeRedirectTarget(
  value: string | null | undefined,
  portalOrigin: string,
  policy: RedirectPolicy = {},
): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > URL_MAX_LENGTH) return null;
  if (UNSAFE_CHARACTERS.test(value)) return null;
  if (!value.startsWith('/') && !ABSOLUTE.test(value)) return null;
  const portal = originOf(portalOrigin);
  if (!portal) return null;
  let url: URL;
  try {
    url = new URL(value, portal);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '') return null;
  if (url.origin === portal) {
    if (leavesOrigin(url.pathname)) return null;
    const target = url.pathname + url.search + url.hash;
    const again = new URL(target, portal);
    return again.origin === portal && again.href === url.href ? target : null;
  }
  if (url.origin === 'null' || !isAllowedElsewhere(url.origin, policy)) return null;
  return url.href;
}

/** A target on the portal only, as a path (sign-in's redirect_url, the back office's ?next=). */
export function safeRedirectPath(value: string | null | undefined, portalOrigin: string): string | null {
  return safeRedirectTarget(value, portalOrigin);
}
