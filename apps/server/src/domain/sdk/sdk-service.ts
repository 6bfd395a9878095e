import {
  ALL_LANGUAGES,
  DEFAULT_LANGUAGE,
  matchLanguage,
  type AccessTokenRequest,
  type AccessTokenResult,
  type RevokeTokenRequest,
  type SdkBusinessInfo,
  type SdkTokenInfo,
  type SiteCode,
  type TokenInfoQuery,
} from '@kyc/contracts';
import type { PartnerLinksRepo } from '../../data/repositories/partner-links-repo.ts';
import type { SdkBusiness, SdkRepo } from '../../data/repositories/sdk-repo.ts';
import type { UsersRepo } from '../../data/repositories/users-repo.ts';
import type { NewSdkToken } from '../../data/schema/index.ts';
import { AppError, notLoggedIn, tooManyRequests } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import { maskEmail } from '../accounts/mask.ts';
import { checkRedirectUrl, sdkLandingUrl } from './links.ts';
import { partnerReach } from './partner-reach.ts';
import { headerRefusal, tokenRefusal, type PresentedSdkHeaders, type TokenRefusal } from './token-rules.ts';

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

/** A token the portal mints for its own signed-in user (sdk-access), through a first-party business. */
export interface FirstPartyTokenInput {
  businessId: string;
  userId: number;
  from: string;
  lang: string;
  isUpdatePoi: boolean;
  redirectUrl?: string | undefined;
}

/** An authenticated partner server. */
export type SdkPartner = Omit<SdkBusiness, 'apiKeyHash'>;

export type TokenCheck = { ok: true; principal: SdkPrincipal } | { ok: false; reason: TokenRefusal };

/** A short reference to a token for logs and audit: a prefix of its hash, never the token. */
export function tokenRef(tokenId: string): string {
  return tokenId.slice(0, 12);
}

/** Where token-info reads the KYC level of spec §3 (the applicant's; LEVEL_DEFAULT 0 without one). */
export interface KycLevelSource {
  findApplicant(userId: number): Promise<{ level: number } | undefined>;
}

/** SDK (embedded) mode, spec §6: partners obtain short-lived tokens for their users; browsers use them. */
export function sdkUseCases(
  repo: SdkRepo,
  users: UsersRepo,
  policy: SdkPolicy,
  limits: SdkLimits,
  kyc: KycLevelSource,
  links: PartnerLinksRepo,
) {
  const reach = partnerReach(links, users);

  /**
   * The redirect_url check of docs/sdk.md: an https URL on an allowed origin or a path on this portal.
   * Refused: 10001, and no token is issued.
   */
  function checkedRedirect(value: string | undefined, allowedOrigins: readonly string[]): string | null {
    if (value === undefined) return null;
    const checked = checkRedirectUrl(value, allowedOrigins, policy.publicOrigin);
    if (checked === null)
      throw new AppError(
        'PARAMS_ERROR',
        "body.extraParams.redirect_url: must be an https URL on one of the business's allowed origins, or a path on this portal",
        400,
      );
    return checked;
  }

  /** Stores a new token (only its hash) and answers it once. */
  async function mint(
    row: Omit<NewSdkToken, 'id' | 'created_at' | 'expires_at' | 'revoked_at'>,
    now: number,
  ): Promise<{ token: string; tokenId: string; expiresAt: number }> {
    const token = randomToken(32);
    const tokenId = sha256Hex(token);
    const expiresAt = now + policy.tokenTtlMs;
    await repo.insertToken({ ...row, id: tokenId, created_at: now, expires_at: expiresAt, revoked_at: null });
    return { token, tokenId, expiresAt };
  }

  /** Stores a new link token (only its hash) for a reference not yet linked, and answers it once. */
  async function mintLinkToken(
    row: Omit<NewSdkToken, 'id' | 'created_at' | 'expires_at' | 'revoked_at' | 'user_id'> & {
      partner_ref: string;
    },
    now: number,
  ): Promise<{ token: string; tokenId: string; expiresAt: number }> {
    const token = randomToken(32);
    const tokenId = sha256Hex(token);
    const expiresAt = now + policy.tokenTtlMs;
    await links.insertLinkToken({
      ...row,
      redirect_url: row.redirect_url ?? null,
      id: tokenId,
      created_at: now,
      expires_at: expiresAt,
    });
    return { token, tokenId, expiresAt };
  }

  return {
    /**
     * POST access-token: a token for a person this business reaches, and its landing link. For a
     * reference that is not linked (unknown, or known but not linked: the same answer, after the same
     * work) the token is a link token, which opens only the embedded sign-in and consent screens
     * (docs/sdk.md "Partner links"); the partner cannot tell the two apart.
     */
    async issueToken(
      partner: SdkPartner,
      input: AccessTokenRequest,
      now = Date.now(),
    ): Promise<{ result: AccessTokenResult; tokenId: string }> {
      const allowed = limits.issuesPerBusiness.consume(partner.id, now);
      if (!allowed.ok) throw tooManyRequests(allowed.retryAfterSeconds);

      const subject = await reach.subjectFor(partner, input);
      if (subject.kind === 'person' && subject.user.disabled)
        throw new AppError('ACCOUNT_DISABLED', 'account disabled');
      const lang = matchLanguage(input.lang, ALL_LANGUAGES) ?? DEFAULT_LANGUAGE;
      const redirectUrl = checkedRedirect(input.extraParams?.redirect_url, partner.allowedOrigins);
      const isUpdatePoi = input.isUpdatePoi === true;
      const hidden = input.hidden === true;
      const fields = {
        business_id: partner.id,
        sdk_from: input.from,
        scene: input.scene ?? '',
        lang,
        is_update_poi: isUpdatePoi ? 1 : 0,
        hidden: hidden ? 1 : 0,
        redirect_url: redirectUrl,
      };
      const { token, tokenId, expiresAt } =
        subject.kind === 'person'
          ? await mint({ ...fields, user_id: subject.user.id }, now)
          : await mintLinkToken({ ...fields, partner_ref: subject.ref }, now);
      return {
        tokenId,
        result: {
          token,
          expiresAt: new Date(expiresAt).toISOString(),
          url: sdkLandingUrl(policy.publicOrigin, { token, from: input.from, lang, isUpdatePoi, hidden }),
        },
      };
    },

    /**
     * A token of a first-party business (e.g. `exchange-web`) for the portal's own signed-in user
     * (sdk-access). No API key is involved: the caller is the server itself. Redirects may go to the
     * business's allowed origins and to the portal's own origin.
     */
    async issueFirstPartyToken(
      input: FirstPartyTokenInput,
      now = Date.now(),
    ): Promise<{ token: string; tokenId: string; expiresAt: number }> {
      const business = await repo.findBusiness(input.businessId);
      if (!business?.active)
        throw new AppError('PERMISSION_DENIED', `business ${input.businessId} is not active`);
      const user = await users.findById(input.userId);
      if (!user) throw notLoggedIn();
      if (user.disabled) throw new AppError('ACCOUNT_DISABLED', 'account disabled');
      const redirectUrl = checkedRedirect(input.redirectUrl, [
        ...business.allowedOrigins,
        policy.publicOrigin,
      ]);
      return mint(
        {
          business_id: business.id,
          user_id: user.id,
          sdk_from: input.from,
          scene: '',
          lang: input.lang,
          is_update_poi: input.isUpdatePoi ? 1 : 0,
          hidden: 0,
          redirect_url: redirectUrl,
        },
        now,
      );
    },

    /**
     * POST revoke-token: one token of this business (an SDK token or a link token), or all live tokens
     * it holds for one person (by userRef: the linked person's tokens and the reference's link tokens).
     */
    async revoke(partner: SdkPartner, input: RevokeTokenRequest, now = Date.now()): Promise<number> {
      if (input.token !== undefined) {
        const tokenId = sha256Hex(input.token);
        const ended = (await links.endLinkToken(tokenId, now, partner.id)) ? 1 : 0;
        return ended + (await repo.revokeToken(partner.id, tokenId, now));
      }
      const target = await reach.revocationTarget(partner, input);
      const linkTokens =
        target.ref === null ? 0 : await links.endLinkTokensOfRef(partner.id, target.ref, now);
      const tokens = target.userId === null ? 0 : await repo.revokeUserTokens(partner.id, target.userId, now);
      return linkTokens + tokens;
    },

    /** Browser: the spec §6 headers → the principal, or why not (the caller answers 10007 / 10009). */
    async resolveToken(presented: PresentedSdkHeaders, now = Date.now()): Promise<TokenCheck> {
      const early = headerRefusal(presented);
      if (early) return { ok: false, reason: early };
      const tokenId = sha256Hex(presented.token ?? '');
      const context = await repo.findTokenContext(tokenId);
      const refusal = tokenRefusal(context, presented, now);
      if (refusal || !context) return { ok: false, reason: refusal ?? 'unknown' };
      return {
        ok: true,
        principal: {
          userId: Number(context.user_id),
          businessId: context.business_id,
          tokenId,
          from: context.sdk_from,
        },
      };
    },

    /** GET token-info: the fields the SPA merges into its user (spec §3 "User object in state"). */
    async tokenInfo(principal: SdkPrincipal, query: TokenInfoQuery): Promise<SdkTokenInfo> {
      const [token, user, business, applicant] = await Promise.all([
        repo.findToken(principal.tokenId),
        users.findById(principal.userId),
        repo.findBusiness(principal.businessId),
        kyc.findApplicant(principal.userId),
      ]);
      if (!token || !user || !business) throw notLoggedIn();
      const isUpdatePoi = token.is_update_poi === 1;
      // The link's isUpdatePoi=true asks for this; the token, not the editable link, decides (spec §7).
      if (query.type === 'email_update_poi' && !isUpdatePoi)
        throw new AppError('SDK_NO_PERMISSION', 'this access token is not for re-verification');
      const email = maskEmail(user.email);
      return {
        sdkLang: token.lang,
        sdkFrom: token.sdk_from,
        sdkScene: token.scene,
        sdkBusiness: token.business_id,
        isUpdatePoi,
        hidden: token.hidden === 1,
        accessOrigin: business.accessOrigin,
        level: applicant?.level ?? 0,
        member_tag: { KYC: user.member_tag_kyc },
        email,
        // spec §3/§4: SDK mode stores the user with currency USD by default.
        currency_code: user.currency_code || 'USD',
        site: user.site as SiteCode,
        extraParams: token.redirect_url === null ? {} : { redirect_url: token.redirect_url },
        expiresAt: new Date(token.expires_at).toISOString(),
        ...(query.type === 'email_update_poi' ? { email_update_poi: { email } } : {}),
      };
    },

    /** GET business-info: the business the token belongs to. */
    async businessInfo(principal: SdkPrincipal): Promise<SdkBusinessInfo> {
      const business = await repo.findBusiness(principal.businessId);
      if (!business) throw notLoggedIn();
      return {
        businessId: business.id,
        name: business.name,
        allowedOrigins: business.allowedOrigins,
        accessOrigin: business.accessOrigin,
      };
    },

    /** Deletes expired SDK access tokens and link tokens (the `expired-sdk-tokens` sweep, composition.ts). */
    async sweep(now = Date.now()): Promise<number> {
      return (await repo.deleteExpired(now)) + (await links.deleteExpiredLinkTokens(now));
    },
  };
}
export type SdkUseCases = ReturnType<typeof sdkUseCases>;
