import type { KycPersonalInfo, KycPersonalInfoRequest } from '@kyc/contracts';
import { callEndpoint, type RequestOptions } from '../../../lib/http';

/**
 * POST /v3/private/kyc/kyc-personal-info (docs/kyc.md "Personal details"): without fields it reads the
 * applicant's name and date of birth; with fields it stores them (sealed at rest), refused with 30001
 * while a level is under review or verified.
 */
export function postPersonalInfo(
  body: KycPersonalInfoRequest = {},
  options?: RequestOptions,
): Promise<KycPersonalInfo> {
  return callEndpoint<KycPersonalInfo>('kycPersonalInfo', { ...body }, options);
}
