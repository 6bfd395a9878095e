import { DEFAULT_ACCESS_ORIGIN } from '@kyc/contracts';
import type { SdkTokenContext } from '../../data/repositories/sdk-repo.ts';

/** Why a presented SDK token was refused: for the log only; the caller always gets 10007 (or 10009). */
export type TokenRefusal =
  | 'missing_header'
  | 'malformed'
  | 'unknown'
  | 'revoked'
  | 'expired'
  | 'business_inactive'
  | 'business_mismatch'
  | 'origin_mismatch'
  | 'user_disabled'
  | 'unlinked';

/** The spec §6 headers of an SDK call, as received (undefined when absent). */
export interface PresentedSdkHeaders {
  token: string | undefined;
  business: string | undefined;
  origin: string | undefined;
}

/** Tokens we issue are 43 base64url characters; anything else is refused before any database read. */
export function isWellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{32,128}$/.test(token);
}

/**
 * spec §6: the client sends kyc-access-business as "scene, else business id, else from". Before it has
 * read token-info it knows only `from` (from the link), so any of the three values the token carries is
 * accepted; a value the token does not carry (another business) is refused.
 */
export function businessHeaderMatches(
  header: string,
  token: Pick<SdkTokenContext, 'scene' | 'business_id' | 'sdk_from'>,
): boolean {
  return (
    (token.scene !== '' && header === token.scene) ||
    header === token.business_id ||
    header === token.sdk_from
  );
}

/**
 * spec §6: kyc-access-origin defaults to 'bybit'. The client sends the default until token-info has told
 * it the business's own value, so the default and that value are accepted, nothing else.
 */
export function originHeaderAccepted(header: string | undefined, accessOrigin: string): boolean {
  const sent = header ?? DEFAULT_ACCESS_ORIGIN;
  return sent === DEFAULT_ACCESS_ORIGIN || sent === accessOrigin;
}

/** Checks the headers that need no database read; null when the token is worth looking up. */
export function headerRefusal(presented: PresentedSdkHeaders): TokenRefusal | null {
  if (!presented.token || !presented.business) return 'missing_header';
  if (!isWellFormedToken(presented.token)) return 'malformed';
  return null;
}

/** Every rule a looked-up token must satisfy at `now`; null when it may be used. */
export function tokenRefusal(
  context: SdkTokenContext | undefined,
  presented: PresentedSdkHeaders,
  now: number,
): TokenRefusal | null {
  if (!context) return 'unknown';
  if (context.revoked_at !== null) return 'revoked';
  if (context.expires_at <= now) return 'expired';
  if (context.business_active !== 1) return 'business_inactive';
  if (!presented.business || !businessHeaderMatches(presented.business, context)) return 'business_mismatch';
  if (!originHeaderAccepted(presented.origin, context.access_origin)) return 'origin_mismatch';
  if (context.user_disabled !== 0) return 'user_disabled';
  // docs/sdk.md "Partner links": a partner's token is good only while the person's link to it is live.
  if (context.business_first_party !== 1 && !context.link_live) return 'unlinked';
  return null;
}
