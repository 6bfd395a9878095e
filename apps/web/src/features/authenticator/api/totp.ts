import { RET_CODES, SECURITY_SCENES } from '@kyc/contracts';
import { http, withStepUp } from '../../../lib/http';

export const TOTP_URL = '/v3/private/user/security/totp';

export interface TotpStatus {
  enabled: boolean;
}
export interface TotpEnrolment {
  otpauthUri: string;
  secret: string;
}

/** Refusals the section explains inline (docs/security-verification.md), never as a toast. */
export const TOTP_INLINE_CODES: readonly number[] = [
  RET_CODES.PARAMS_ERROR.code,
  RET_CODES.RISK_VERIFICATION_REQUIRED.code,
  RET_CODES.RISK_TOKEN_INVALID.code,
  RET_CODES.RISK_TOKEN_USED.code,
  RET_CODES.RISK_TOKEN_WRONG_SCENE.code,
  RET_CODES.VERIFICATION_CODE_WRONG.code,
  RET_CODES.VERIFICATION_COMPONENT_UNAVAILABLE.code,
  RET_CODES.TOTP_ALREADY_ENABLED.code,
  RET_CODES.AUTHENTICATOR_LOCKED.code,
];

/** GET …/security/totp: whether an authenticator app is set up. Silent: the section shows its own retry. */
export const getTotpStatus = () => http.get<TotpStatus>(TOTP_URL, undefined, { silent: true });

/**
 * POST …/totp/enrol behind security verification of scene 30032 (D69: the email code only, so a stolen
 * session alone cannot add an app). Answers the new secret, shown once.
 */
export const postTotpEnrol = () =>
  withStepUp(SECURITY_SCENES.authenticator, (headers) =>
    http.post<TotpEnrolment>(`${TOTP_URL}/enrol`, {}, { headers, silent: TOTP_INLINE_CODES }),
  );

/** POST …/totp/confirm: the app's first code enables it. */
export const postTotpConfirm = (code: string) =>
  http.post<TotpStatus>(`${TOTP_URL}/confirm`, { code }, { silent: TOTP_INLINE_CODES });

/** POST …/totp/disable: removing the app takes one of its codes. */
export const postTotpDisable = (code: string) =>
  http.post<TotpStatus>(`${TOTP_URL}/disable`, { code }, { silent: TOTP_INLINE_CODES });
