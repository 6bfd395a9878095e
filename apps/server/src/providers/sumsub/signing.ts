/**
 * Sumsub's request signing and webhook digests (docs.sumsub.com/reference/authentication,
 * docs.sumsub.com/docs/webhook-manager). Kept apart from the adapter so that the simulator's checks and
 * the unit tests can be held against the same documented recipe:
 *
 * - every call carries X-App-Token, X-App-Access-Ts (seconds since the epoch) and X-App-Access-Sig, the
 *   lower-case hex HMAC-SHA256 under the secret key of `ts + METHOD + path?query + body`;
 * - every webhook carries X-Payload-Digest, the hex HMAC of the raw body under the webhook's secret, with
 *   the algorithm named by X-Payload-Digest-Alg (HMAC_SHA256_HEX when absent).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signature of one request: `path` is the URI without the host, query included. */
export function requestSignature(
  secretKey: string,
  ts: number,
  method: string,
  path: string,
  body: string = '',
): string {
  return createHmac('sha256', secretKey)
    .update(`${ts}${method.toUpperCase()}${path}`)
    .update(body)
    .digest('hex');
}

/** The three X-App headers of a call to `url` (absolute) at `nowMs`. */
export function signedHeaders(
  credentials: { appToken: string; secretKey: string },
  method: string,
  url: string,
  body: string,
  nowMs: number,
): Record<string, string> {
  const ts = Math.floor(nowMs / 1000);
  const { pathname, search } = new URL(url);
  return {
    'X-App-Token': credentials.appToken,
    'X-App-Access-Ts': String(ts),
    'X-App-Access-Sig': requestSignature(credentials.secretKey, ts, method, `${pathname}${search}`, body),
  };
}

/** X-Payload-Digest-Alg values and their hash. */
export const DIGEST_ALGORITHMS = {
  HMAC_SHA1_HEX: 'sha1',
  HMAC_SHA256_HEX: 'sha256',
  HMAC_SHA512_HEX: 'sha512',
} as const;
export type DigestAlgorithm = keyof typeof DIGEST_ALGORITHMS;

export function payloadDigest(secret: string, algorithm: DigestAlgorithm, rawBody: Buffer | string): string {
  return createHmac(DIGEST_ALGORITHMS[algorithm], secret).update(rawBody).digest('hex');
}

/** Constant-time comparison of two hex digests (case-insensitive); false on any length difference. */
export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase(), 'utf8');
  const y = Buffer.from(b.toLowerCase(), 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
