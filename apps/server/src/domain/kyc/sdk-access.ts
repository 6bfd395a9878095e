/**
 * POST /v3/private/kyc/sdk-access (spec §7, docs/kyc.md "sdk-access"): the signed-in user's own SDK
 * access token, minted through the SDK token machinery (docs/sdk.md) for the first-party business
 * `exchange-web` with from 'web'. Only when the flow it opens could end in a submission: the level's
 * step allows one, or (reason UPDATE_KYC) the re-verification panel asks for one outside the Turkey
 * region, where re-verification is done in the app.
 */
import {
  DEFAULT_LANGUAGE,
  ALL_LANGUAGES,
  matchLanguage,
  type SdkAccessRequest,
  type SdkAccessResult,
} from '@kyc/contracts';
import type { KycRepo } from '../../data/repositories/kyc-repo.ts';
import { AppError, tooManyRequests } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { SdkUseCases } from '../sdk/sdk-service.ts';
import { isTurkeyRegion, reverificationOpen, TURKEY_WEB_REFUSAL } from './reverification-rules.ts';
import { initialStepStatus, nextStepStatus } from './state-machine.ts';

/** The business sdk-access mints for (seeded by migration 006; nobody holds an API key for it). */
export const EXCHANGE_WEB_BUSINESS = 'exchange-web';
/** The `from` of the web's own tokens: the web channel (re-verification in Turkey is refused on it). */
export const WEB_FROM = 'web';

export interface SdkAccessDeps {
  sdk: SdkUseCases;
  kyc: KycRepo;
  /** Tokens per user (sdk-access): each is a 30-minute bearer credential, so few are needed. */
  perUser: RateLimiter;
  now?: () => number;
}

export function sdkAccessUseCases(deps: SdkAccessDeps) {
  const { sdk, kyc, perUser } = deps;
  const now = deps.now ?? Date.now;

  /** Refuses (30001 / 30003) unless the flow the token opens can end in a submission. */
  async function checkAllowed(userId: number, request: SdkAccessRequest): Promise<void> {
    if (request.extraParams?.reason === 'UPDATE_KYC') {
      const poi = await kyc.findReverification(userId);
      const status = poi?.status ?? 'DisplayUpdatePOIStatus_No';
      if (!reverificationOpen(status))
        throw new AppError(
          'KYC_ILLEGAL_TRANSITION',
          `no re-verification to submit: displayUpdatePOI is ${status.replace('DisplayUpdatePOIStatus_', '')}`,
        );
      if (isTurkeyRegion(poi)) throw new AppError('KYC_ILLEGAL_TRANSITION', TURKEY_WEB_REFUSAL);
      return;
    }
    const rows = await kyc.levelStates(userId);
    const level1 = rows.find((r) => r.level === 1)?.status ?? initialStepStatus(1);
    const level2 = rows.find((r) => r.level === 2)?.status ?? initialStepStatus(2);
    const applicant = await kyc.findApplicant(userId);
    const country = applicant?.country ? await kyc.findCountry(applicant.country) : undefined;
    // The machine's own submit row and guards: ALLOW / FAILED_AND_CAN_RETRY, country open, level 1 first.
    nextStepStatus(request.level === 1 ? level1 : level2, 'submit', {
      level: request.level,
      actor: 'user',
      countryDisabled: country?.kycDisabled === true,
      level1Status: level1,
    });
  }

  return {
    async sdkAccess(userId: number, request: SdkAccessRequest): Promise<SdkAccessResult> {
      const at = now();
      const allowed = await perUser.consume(String(userId), at);
      if (!allowed.ok) throw tooManyRequests(allowed.retryAfterSeconds);
      await checkAllowed(userId, request);
      const issued = await sdk.issueFirstPartyToken(
        {
          businessId: EXCHANGE_WEB_BUSINESS,
          userId,
          from: WEB_FROM,
          lang: matchLanguage(request.lang, ALL_LANGUAGES) ?? DEFAULT_LANGUAGE,
          isUpdatePoi: request.extraParams?.reason === 'UPDATE_KYC',
          redirectUrl: request.extraParams?.redirect_url,
        },
        at,
      );
      return { accessToken: issued.token, expiresAt: issued.expiresAt };
    },
  };
}
export type SdkAccessUseCases = ReturnType<typeof sdkAccessUseCases>;
