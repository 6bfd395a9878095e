import { RET_CODES } from '@kyc/contracts';

/** spec §8: what a timed-out call rejects with. */
export const TIMEOUT_MESSAGE = 'Request timeout, please re-try!';
export const TIMEOUT_CODE = RET_CODES.REQUEST_TIMEOUT.code;
/** spec §8: network failures and answers without an envelope are reported under 50016. */
export const NETWORK_ERROR_CODE = RET_CODES.NETWORK_ERROR.code;

export interface ApiErrorInit<R = unknown> {
  ret_code: number;
  ret_msg: string;
  result?: R | null;
  /** HTTP status of the answer (408 for a client-side timeout); absent when nothing was received. */
  httpStatus?: number;
  url?: string;
  cause?: unknown;
}

/**
 * Every failed call rejects with one of these: a non-zero ret_code from the server (spec §7 envelope),
 * or a code the client produces itself (9000001 timeout, 50016 network / no envelope).
 */
export class ApiError<R = unknown> extends Error {
  readonly ret_code: number;
  readonly ret_msg: string;
  readonly result: R | null;
  readonly httpStatus: number | undefined;
  readonly url: string | undefined;

  constructor(init: ApiErrorInit<R>) {
    super(init.ret_msg, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.ret_code = init.ret_code;
    this.ret_msg = init.ret_msg;
    this.result = init.result ?? null;
    this.httpStatus = init.httpStatus;
    this.url = init.url;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
