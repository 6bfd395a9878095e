import { RET_CODES, SECURITY_SCENES, type SelfResetResult } from '@kyc/contracts';
import { callEndpoint, withStepUp, type RequestOptions } from '../../../lib/http';

/** docs/kyc.md "Self-reset": refused with 30001 while a level is PENDING or FAILED_AND_CAN_NOT_RETRY. */
export const SELF_RESET_REFUSED_CODE = RET_CODES.KYC_ILLEGAL_TRANSITION.code;

/**
 * POST /v3/private/kyc/self-reset (the SDK variant in SDK mode). 30001 is not reported as a toast:
 * the reset screen explains it inline.
 */
export function postSelfReset(options: RequestOptions = {}): Promise<SelfResetResult> {
  // Issue 15: behind security verification (scene 30331 reset); cancelling rejects with StepUpCancelled.
  return withStepUp(SECURITY_SCENES.reset, (headers) =>
    callEndpoint<SelfResetResult>('selfReset', undefined, {
      silent: [SELF_RESET_REFUSED_CODE],
      ...options,
      headers: { ...options.headers, ...headers },
    }),
  );
}
