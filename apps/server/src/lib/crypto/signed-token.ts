/**
 * The one format of the server's signed tokens (docs/security.md "Signed tokens"): the CSRF token, the
 * questionnaire token and the partner-link consent proof are all
 *
 *   st1.<payload>.<mac>
 *
 * `payload` is the base64url of the claims' JSON, `mac` the base64url HMAC-SHA256 under the server's
 * secret of `<purpose>.<payload>`. The purpose separates the uses: a token made for one purpose never
 * opens as another, even with the same claims. The claims are signed, not encrypted (they hold ids and
 * times, never personal data). Expiry is a claim like any other and its reader checks it.
 */
import { hmac, safeEqual } from '../tokens.ts';

const VERSION = 'st1';

/** A token for `purpose` carrying `claims` (JSON-serialisable). */
export function signToken(secret: string, purpose: string, claims: unknown): string {
  const payload = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
  return `${VERSION}.${payload}.${hmac(secret, `${purpose}.${payload}`)}`;
}

/**
 * The claims of a token made by signToken with the same secret and purpose; undefined for anything
 * else (another format, another purpose, a changed byte, claims that are not a JSON object).
 */
export function openToken<T extends object>(secret: string, purpose: string, token: string): T | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [version, payload, mac] = parts as [string, string, string];
  if (version !== VERSION || !payload || !mac) return undefined;
  if (!safeEqual(mac, hmac(secret, `${purpose}.${payload}`))) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as T) : undefined;
  } catch {
    return undefined;
  }
}
