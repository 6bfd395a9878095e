import { RET_CODES, SECURITY_SCENES, type KycPersonalInfo } from '@kyc/contracts';
import { callEndpoint, http, withStepUp } from '../../../lib/http';

export const REVEAL_URL = '/v3/private/kyc/personal-info/reveal';

/** Refusals the section explains inline (docs/security-verification.md "Reveal"), never as a toast. */
export const REVEAL_INLINE_CODES: readonly number[] = [
  RET_CODES.RISK_VERIFICATION_REQUIRED.code,
  RET_CODES.RISK_TOKEN_INVALID.code,
  RET_CODES.RISK_TOKEN_USED.code,
  RET_CODES.RISK_TOKEN_WRONG_SCENE.code,
];

/**
 * kyc-personal-info without fields: the details as the server shows them without security verification,
 * masked once they belong to an identity under review or verified (`masked`). Silent: the section shows
 * its own retry.
 */
export const getPersonalDetails = () =>
  callEndpoint<KycPersonalInfo>('kycPersonalInfo', {}, { silent: true });

/** personal-info/reveal behind security verification of scene 30029 (eye): the details unmasked. */
export const revealPersonalDetails = () =>
  withStepUp(SECURITY_SCENES.eye, (headers) =>
    http.post<KycPersonalInfo>(REVEAL_URL, {}, { headers, silent: REVEAL_INLINE_CODES }),
  );
