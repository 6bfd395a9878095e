/**
 * The words of SDK (embedded) mode, spec §6, shared by its use-cases and the http layer: how long a
 * token lives, the limits on issuing, who a presented token stands for (the principal) and the
 * authenticated partner. Types and constants only; the use-cases are issue-token.ts, revoke-token.ts and
 * token-info.ts, composed in sdk-service.ts.
 */
import type { SdkBusiness } from '../../data/repositories/sdk-repo.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { TokenRefusal } from './token-rules.ts';

/** An SDK token lives 30 minutes: long enough for one verification sitting, short if the link leaks. */
export const SDK_TOKEN_TTL_MS = 30 * 60_000;

export interface SdkPolicy {
  /** The portal's public origin: the landing link's origin and the origin of path redirects. */
  publicOrigin: string;
  tokenTtlMs: number;
}

export interface SdkLimits {
  /** Access tokens issued per business (counted after the API key is verified). */
  issuesPerBusiness: RateLimiter;
  /** The web's own tokens (sdk-access) per signed-in user. */
  accessPerUser: RateLimiter;
}

/** What requireSdkToken puts on the request: who is calling, through which business and token. */
export interface SdkPrincipal {
  userId: number;
  businessId: string;
  /** SHA-256 of the token (the row key), never the token. */
  tokenId: string;
  /** The token's `from`: 'web' for the portal's own tokens (sdk-access), else the partner app's name. */
  from: string;
}

/** An authenticated partner server. */
export type SdkPartner = Omit<SdkBusiness, 'apiKeyHash'>;

export type TokenCheck = { ok: true; principal: SdkPrincipal } | { ok: false; reason: TokenRefusal };

/** A short reference to a token for logs and audit: a prefix of its hash, never the token. */
export function tokenRef(tokenId: string): string {
  return tokenId.slice(0, 12);
}
