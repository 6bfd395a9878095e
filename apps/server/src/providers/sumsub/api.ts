/**
 * The Sumsub API calls the adapter makes, each signed (signing.ts) and sent through vendor-http (timeouts,
 * retries of 5xx/429, VendorUnavailable). A 4xx other than the ones named here is a contract or
 * configuration error and is turned into VendorUnavailable with Sumsub's description.
 *
 * - POST /resources/applicants?levelName=…            create (409 when the externalUserId exists)
 * - GET  /resources/applicants/-;externalUserId=…/one  read by our reference
 * - GET  /resources/applicants/{id}/one                read by Sumsub's id
 * - POST /resources/applicants/{id}/moveToLevel?name=…  change the level
 * - POST /resources/accessTokens/sdk                   WebSDK access token
 */
import { unexpectedAnswer, type VendorHttp, type VendorResponse } from '../vendor-http.ts';
import { VendorUnavailable } from '../provider.ts';
import type { SumsubConfig } from '../settings.ts';
import { signedHeaders } from './signing.ts';
import type { SumsubReviewResult } from './review.ts';

/** One document in an applicant's data (GET …/one `info.idDocs[]`), as far as Sumsub read it. */
export interface SumsubIdDoc {
  idDocType?: string;
  /** ISO 3166-1 alpha-3. */
  country?: string;
  firstName?: string;
  firstNameEn?: string;
  lastName?: string;
  lastNameEn?: string;
  /** YYYY-MM-DD. */
  dob?: string;
  number?: string;
  /** YYYY-MM-DD. */
  validUntil?: string;
}

export interface SumsubApplicant {
  id: string;
  info?: { idDocs?: SumsubIdDoc[] };
  externalUserId?: string;
  createdAt?: string;
  review?: {
    reviewId?: string;
    attemptId?: string;
    levelName?: string;
    reviewStatus?: string;
    createDate?: string;
    reviewDate?: string;
    reviewResult?: SumsubReviewResult;
  };
}

export function sumsubApi(config: SumsubConfig, http: VendorHttp, now: () => number) {
  async function call(method: 'GET' | 'POST', path: string, json?: unknown): Promise<VendorResponse> {
    const url = `${config.baseUrl}${path}`;
    const body = json === undefined ? '' : JSON.stringify(json);
    const headers = signedHeaders(config, method, url, body, now());
    if (json !== undefined) headers['content-type'] = 'application/json';
    return http({ method, url, headers, body: json === undefined ? undefined : body });
  }

  const applicantOf = (what: string, response: VendorResponse): SumsubApplicant => {
    const json = response.json as Partial<SumsubApplicant> | undefined;
    if (response.status !== 200 && response.status !== 201) throw unexpectedAnswer('sumsub', what, response);
    if (!json || typeof json.id !== 'string')
      throw new VendorUnavailable('sumsub', `${what}: no applicant id`);
    return json as SumsubApplicant;
  };

  return {
    /** Creates the applicant; undefined when Sumsub already has one for this externalUserId (409). */
    async createApplicant(externalUserId: string, levelName: string): Promise<SumsubApplicant | undefined> {
      const response = await call(
        'POST',
        `/resources/applicants?levelName=${encodeURIComponent(levelName)}`,
        {
          externalUserId,
        },
      );
      if (response.status === 409) return undefined;
      return applicantOf('create applicant', response);
    },

    async applicantByExternalId(externalUserId: string): Promise<SumsubApplicant> {
      const path = `/resources/applicants/-;externalUserId=${encodeURIComponent(externalUserId)}/one`;
      return applicantOf('read applicant by externalUserId', await call('GET', path));
    },

    async applicant(applicantId: string): Promise<SumsubApplicant> {
      const path = `/resources/applicants/${encodeURIComponent(applicantId)}/one`;
      return applicantOf('read applicant', await call('GET', path));
    },

    async moveToLevel(applicantId: string, levelName: string): Promise<void> {
      const path = `/resources/applicants/${encodeURIComponent(applicantId)}/moveToLevel?name=${encodeURIComponent(levelName)}`;
      const response = await call('POST', path, {});
      if (response.status !== 200) throw unexpectedAnswer('sumsub', 'move to level', response);
    },

    async sdkAccessToken(userId: string, levelName: string, ttlInSecs: number): Promise<string> {
      const response = await call('POST', '/resources/accessTokens/sdk', { userId, levelName, ttlInSecs });
      const token = (response.json as { token?: unknown } | undefined)?.token;
      if (response.status !== 200) throw unexpectedAnswer('sumsub', 'access token', response);
      if (typeof token !== 'string' || token === '')
        throw new VendorUnavailable('sumsub', 'access token: no token in the answer');
      return token;
    },
  };
}
export type SumsubApi = ReturnType<typeof sumsubApi>;
