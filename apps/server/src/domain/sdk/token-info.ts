/**
 * What a browser holding an SDK token may learn (spec §6): the principal its headers stand for (or why
 * not), the token's fields the SPA merges into its user (token-info, spec §3) and the token's business
 * (business-info). Every call is scoped to the token's own person and business.
 */
import type { SdkBusinessInfo, SdkTokenInfo, SiteCode, TokenInfoQuery } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import { AppError, notLoggedIn } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { maskEmail } from '../accounts/mask.ts';
import type { SdkPrincipal, TokenCheck } from './sdk-principal.ts';
import { headerRefusal, tokenRefusal, type PresentedSdkHeaders } from './token-rules.ts';

export function tokenInfoUseCases({ repos }: { repos: Pick<Repositories, 'sdk' | 'users' | 'kyc'> }) {
  const { sdk, users, kyc } = repos;

  return {
    /** Browser: the spec §6 headers → the principal, or why not (the caller answers 10007 / 10009). */
    async resolveToken(presented: PresentedSdkHeaders, now = Date.now()): Promise<TokenCheck> {
      const early = headerRefusal(presented);
      if (early) return { ok: false, reason: early };
      const tokenId = sha256Hex(presented.token ?? '');
      const context = await sdk.findTokenContext(tokenId);
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
        sdk.findToken(principal.tokenId),
        users.findById(principal.userId),
        sdk.findBusiness(principal.businessId),
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
        // spec §3: the applicant's KYC level; LEVEL_DEFAULT 0 without one.
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
      const business = await sdk.findBusiness(principal.businessId);
      if (!business) throw notLoggedIn();
      return {
        businessId: business.id,
        name: business.name,
        allowedOrigins: business.allowedOrigins,
        accessOrigin: business.accessOrigin,
      };
    },
  };
}
