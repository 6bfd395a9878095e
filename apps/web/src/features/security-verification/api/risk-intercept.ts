import { RET_CODES, type RiskInterceptRequest, type RiskInterceptResult } from '@kyc/contracts';
import { callEndpoint } from '../../../lib/http';

/** Refusals the dialog explains inline (docs/security-verification.md), never as a toast. */
export const INLINE_CODES: readonly number[] = [
  RET_CODES.PARAMS_ERROR.code,
  RET_CODES.VERIFICATION_CODE_WRONG.code,
  RET_CODES.VERIFICATION_CODE_EXPIRED.code,
  RET_CODES.VERIFICATION_TOO_MANY_ATTEMPTS.code,
  RET_CODES.VERIFICATION_RESEND_TOO_SOON.code,
  RET_CODES.VERIFICATION_SEND_LIMIT.code,
  RET_CODES.VERIFICATION_COMPONENT_UNAVAILABLE.code,
  RET_CODES.MAIL_NOT_SENT.code,
  RET_CODES.AUTHENTICATOR_LOCKED.code,
];

/** POST /v1/kyc/risk-component/intercept (spec §7): query, send or verify for one scene. */
export function postRiskIntercept(body: RiskInterceptRequest): Promise<RiskInterceptResult> {
  return callEndpoint<RiskInterceptResult>('riskComponentIntercept', body, { silent: INLINE_CODES });
}
