/**
 * Issuing SDK tokens (spec §6 access-token, docs/sdk.md): to a partner for a person it reaches (or a link
 * token for a reference still waiting for consent), and to the portal itself for its own signed-in user
 * (sdk-access). Only a token's hash is stored; the token is answered once. A redirect_url is checked
 * before anything is stored.
 */
import {
  ALL_LANGUAGES,
  DEFAULT_LANGUAGE,
  matchLanguage,
  type AccessTokenRequest,
  type AccessTokenResult,
} from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { NewSdkToken } from '../../data/schema/index.ts';
import { AppError, notLoggedIn, tooManyRequests } from '../../lib/app-error.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import { checkRedirectUrl, sdkLandingUrl } from './links.ts';
import { partnerReach } from './partner-reach.ts';
import type { SdkLimits, SdkPartner, SdkPolicy } from './sdk-principal.ts';

/** A token the portal mints for its own signed-in user (sdk-access), through a first-party business. */
export interface FirstPartyTokenInput {
  businessId: string;
  userId: number;
  from: string;
  lang: string;
  isUpdatePoi: boolean;
  redirectUrl?: string | undefined;
}

export interface IssueTokenDeps {
  repos: Pick<Repositories, 'sdk' | 'users' | 'partnerLinks'>;
  policy: SdkPolicy;
  limits: SdkLimits;
}

interface Minted {
  token: string;
  tokenId: string;
  expiresAt: number;
}

export function issueTokenUseCases({ repos, policy, limits }: IssueTokenDeps) {
  const { sdk, users, partnerLinks: links } = repos;
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

  /** A new random token, its hash (the row key) and its expiry. */
  function freshToken(now: number): Minted {
    const token = randomToken(32);
    return { token, tokenId: sha256Hex(token), expiresAt: now + policy.tokenTtlMs };
  }

  /** Stores a new token (only its hash) and answers it once. */
  async function mint(
    row: Omit<NewSdkToken, 'id' | 'created_at' | 'expires_at' | 'revoked_at'>,
    now: number,
  ): Promise<Minted> {
    const minted = freshToken(now);
    await sdk.insertToken({
      ...row,
      id: minted.tokenId,
      created_at: now,
      expires_at: minted.expiresAt,
      revoked_at: null,
    });
    return minted;
  }

  /** Stores a new link token (only its hash) for a reference not yet linked, and answers it once. */
  async function mintLinkToken(
    row: Omit<NewSdkToken, 'id' | 'created_at' | 'expires_at' | 'revoked_at' | 'user_id'> & {
      partner_ref: string;
    },
    now: number,
  ): Promise<Minted> {
    const minted = freshToken(now);
    await links.insertLinkToken({
      ...row,
      redirect_url: row.redirect_url ?? null,
      id: minted.tokenId,
      created_at: now,
      expires_at: minted.expiresAt,
    });
    return minted;
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
      const allowed = await limits.issuesPerBusiness.consume(partner.id, now);
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
    async issueFirstPartyToken(input: FirstPartyTokenInput, now = Date.now()): Promise<Minted> {
      const business = await sdk.findBusiness(input.businessId);
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
  };
}
