/**
 * Signed partner calls (issue 11, docs/sdk.md "Signed partner calls", D37): a partner's server proves
 * each request with an HMAC-SHA256 over `ts + METHOD + path-with-query + raw body` under one of its
 * live secrets, instead of sending a bearer key that anyone who sees one request could reuse.
 */

/** Unix seconds at which the partner signed the request. */
export const SDK_TS_HEADER = 'kyc-access-ts';
/** Lower-case hex HMAC-SHA256 of the signing string under the partner's secret. */
export const SDK_SIGN_HEADER = 'kyc-access-sign';

/** A signed call is accepted this many seconds either side of the server's clock, and once only. */
export const PARTNER_SIGNATURE_WINDOW_SECONDS = 300;

/** How many secrets a partner may hold live at once: the current one and the one it replaces. */
export const PARTNER_MAX_LIVE_SECRETS = 2;

/** A partner secret as handed out: `kycs_` and 256 random bits in base64url. */
export const PARTNER_SECRET_PATTERN = /^kycs_[A-Za-z0-9_-]{43}$/;

/** The string a partner signs: the timestamp, the method in capitals, the path with its query, the body. */
export function partnerSigningString(
  ts: string,
  method: string,
  pathWithQuery: string,
  body: string,
): string {
  return `${ts}${method.toUpperCase()}${pathWithQuery}${body}`;
}
