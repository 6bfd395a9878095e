import type { KycInfo, KycInfoRequest } from '@kyc/contracts';
import { callEndpoint, ENDPOINTS, type RequestOptions } from '../../../lib/http';

/**
 * spec §7 kyc-info body: no vendor token; the current applicant, quotas, step states, AML questionnaire
 * and verification process. The endpoint table fixes it; the annotation checks it against the contract.
 */
const KYC_INFO_BODY: KycInfoRequest = ENDPOINTS.kycInfo.body;

/**
 * POST /v3/private/kyc/kyc-info (docs/api.md), through the endpoint table so that SDK mode uses
 * /v1/s1/kyc/integration/info. Failures are reported as every call's are (spec §8). It only reads, so a
 * moment's 10018 (the server's database away) is retried like a GET's (lib/http/unavailable-retry.ts).
 */
export function getKycInfo(options?: RequestOptions): Promise<KycInfo> {
  return callEndpoint<KycInfo>('kycInfo', KYC_INFO_BODY, { readOnly: true, ...options });
}
