/**
 * The ret_codes the browser client acts on (spec §6, §8), as plain numbers, so that the catalogue with
 * its meanings (ret-codes.ts, which uses these constants) stays out of the browser's first load.
 */
export const CODE_NOT_LOGGED_IN = 10007;
export const CODE_ACCOUNT_DISABLED = 10009;
export const CODE_SDK_NO_PERMISSION = 33003;
export const CODE_TOKEN_TIMEOUT = 1007;
export const CODE_TOKEN_ERROR = 1008;
export const CODE_REQUEST_TIMEOUT = 9000001;
export const CODE_NETWORK_ERROR = 50016;

/** spec §6, §8: codes the client treats as "user no permission" (and that clear the request cache). */
export const NO_PERMISSION_CODES: readonly number[] = [
  CODE_NOT_LOGGED_IN,
  CODE_SDK_NO_PERMISSION,
  CODE_ACCOUNT_DISABLED,
];
