/**
 * Sumsub adapter (docs/providers.md "Sumsub"): a person is a Sumsub applicant keyed by our opaque
 * externalUserId, verified through Sumsub's WebSDK at one of two Sumsub levels (SUMSUB_LEVEL1_NAME /
 * SUMSUB_LEVEL2_NAME). Starting finds or creates the applicant (a 409 means it exists: read it back),
 * moves it to level 2 when that is asked, and answers a 30-minute SDK access token. Webhooks are checked
 * by their digest and mapped in webhook.ts; reconciliation reads the applicant's review back (review.ts);
 * after an approval the document as Sumsub read it is read from the same applicant data (id-doc.ts).
 */
import type { KycStepLevel } from '@kyc/contracts';
import type { VerificationProvider } from '../provider.ts';
import type { SumsubConfig } from '../settings.ts';
import type { VendorHttp } from '../vendor-http.ts';
import { sumsubApi, type SumsubApplicant } from './api.ts';
import { outcomeOfStatus, sumsubTime } from './review.ts';
import { parseSumsubWebhook } from './webhook.ts';
import { documentOfIdDocs } from './id-doc.ts';

/** Lifetime of a WebSDK access token (the SDK calls its expiration handler for a new one). */
export const SUMSUB_TOKEN_TTL_SECONDS = 1800;

export function createSumsubProvider(
  config: SumsubConfig,
  http: VendorHttp,
  now: () => number,
): VerificationProvider {
  const api = sumsubApi(config, http, now);
  const flowNameOf = (level: KycStepLevel) => config.levelNames[level];

  async function findOrCreate(externalUserId: string, knownId: string | null, levelName: string) {
    if (knownId) return api.applicant(knownId);
    return (
      (await api.createApplicant(externalUserId, levelName)) ??
      (await api.applicantByExternalId(externalUserId))
    );
  }

  return {
    name: 'sumsub',
    apiUrl: config.baseUrl,
    flowNameOf,

    async start({ applicant, level }) {
      const levelName = flowNameOf(level);
      const found: SumsubApplicant = await findOrCreate(
        applicant.externalUserId,
        applicant.vendorApplicantId,
        levelName,
      );
      // An applicant verified at level 1 moves to level 2 when the person goes on (Sumsub's "change level").
      if (level === 2 && found.review?.levelName === config.levelNames[1])
        await api.moveToLevel(found.id, levelName);
      const token = await api.sdkAccessToken(applicant.externalUserId, levelName, SUMSUB_TOKEN_TTL_SECONDS);
      return {
        vendorApplicantId: found.id,
        flowId: null,
        sdk: {
          token,
          apiUrl: config.baseUrl,
          flowName: levelName,
          sdkUrl: config.webSdkUrl,
          flowUrl: '',
          expiresAt: now() + SUMSUB_TOKEN_TTL_SECONDS * 1000,
        },
      };
    },

    parseWebhook(request) {
      return parseSumsubWebhook(config, request, now());
    },

    async fetchResult(ref) {
      const found = await api.applicant(ref.vendorApplicantId);
      const review = found.review ?? {};
      const result = review.reviewResult;
      const at = sumsubTime(review.reviewDate) ?? sumsubTime(review.createDate) ?? now();
      return {
        outcome: outcomeOfStatus(review.reviewStatus, result),
        occurredAt: at,
        resultKey: [
          found.id,
          review.attemptId ?? '',
          review.reviewStatus ?? 'none',
          result?.reviewAnswer ?? '',
          result?.reviewRejectType ?? '',
          review.reviewDate ?? '',
        ].join(':'),
      };
    },

    /** Issue 19 (D112): the document as Sumsub read it (the applicant data's info.idDocs). */
    async documentOf(ref) {
      const found = await api.applicant(ref.vendorApplicantId);
      return documentOfIdDocs(found.info?.idDocs);
    },
  };
}
