import { RET_CODES, SECURITY_SCENES, type AccountClosureResult } from '@kyc/contracts';
import { http, withStepUp } from '../../../lib/http';

export const CLOSE_URL = '/v3/private/user/account/close';
export const ERASURE_URL = '/v3/private/user/account/erasure-request';

/** Refusals the section explains inline (docs/data-lifecycle.md "Closing an account"), never as a toast. */
export const CLOSURE_INLINE_CODES: readonly number[] = [
  RET_CODES.PARAMS_ERROR.code,
  RET_CODES.RISK_VERIFICATION_REQUIRED.code,
  RET_CODES.RISK_TOKEN_INVALID.code,
  RET_CODES.RISK_TOKEN_USED.code,
  RET_CODES.RISK_TOKEN_WRONG_SCENE.code,
  RET_CODES.ACCOUNT_ALREADY_CLOSED.code,
];

/**
 * POST …/account/close, or …/account/erasure-request (which closes too), behind security verification of
 * scene 30035 (D76). Answers what remains and until when; the session ends with it.
 */
export const postCloseAccount = (erase: boolean) =>
  withStepUp(SECURITY_SCENES.closeAccount, (headers) =>
    http.post<AccountClosureResult>(
      erase ? ERASURE_URL : CLOSE_URL,
      { confirm: true },
      { headers, silent: CLOSURE_INLINE_CODES },
    ),
  );
