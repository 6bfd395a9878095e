import {
  CODE_NETWORK_ERROR,
  CODE_REQUEST_TIMEOUT,
  CODE_TOKEN_ERROR,
  CODE_TOKEN_TIMEOUT,
  NO_PERMISSION_CODES,
} from '@kyc/contracts';

/** spec §8: what a timed-out call rejects with. */
export const TIMEOUT_MESSAGE = 'Request timeout, please re-try!';
export const TIMEOUT_CODE = CODE_REQUEST_TIMEOUT;
/** spec §8: network failures and answers without an envelope are reported under 50016. */
export const NETWORK_ERROR_CODE = CODE_NETWORK_ERROR;
/** spec §8: an empty answer, or a KYC-client answer other than 'ok' where 'ok' is expected. */
export const NON_RESPONSE_MESSAGE = 'Non Response!';
/** spec §8: 1007 / 1008 are token timeouts. */
export const TOKEN_TIMEOUT_CODES: readonly number[] = [CODE_TOKEN_TIMEOUT, CODE_TOKEN_ERROR];

/**
 * Why a call failed — the spec §8 row that applies. The spec's own words where it has them
 * ('user no permission', 'bad business ret_code', 'http error', 'Non Response!').
 */
export type ApiErrorReason =
  /** ret_code 10007, 33003 or 10009 (spec §6). */
  | 'user no permission'
  /** ret_code 1007 or 1008. */
  | 'token timeout'
  /** any other non-zero ret_code; the error carries the whole response. */
  | 'bad business ret_code'
  /** status outside 200–299. */
  | 'http error'
  | 'Non Response!'
  /** no answer within the timeout (HTTP 408, ret_code 9000001). */
  | 'timeout'
  /** fetch itself failed: offline, DNS, CORS, connection reset. */
  | 'network error';

export interface ApiErrorInit<R = unknown> {
  reason: ApiErrorReason;
  ret_code: number;
  ret_msg: string;
  result?: R | null;
  /** HTTP status of the answer (408 for a client-side timeout); absent when nothing was received. */
  httpStatus?: number;
  statusText?: string;
  url?: string;
  cause?: unknown;
}

/**
 * Every failed call rejects with one of these (except a call the caller cancels itself): a non-zero
 * ret_code from the server with the whole envelope (ret_code, ret_msg, result), or a code the client
 * produces itself (9000001 timeout, 50016 network / http error / no envelope).
 */
export class ApiError<R = unknown> extends Error {
  readonly reason: ApiErrorReason;
  readonly ret_code: number;
  readonly ret_msg: string;
  readonly result: R | null;
  readonly httpStatus: number | undefined;
  readonly statusText: string | undefined;
  readonly url: string | undefined;

  constructor(init: ApiErrorInit<R>) {
    super(init.ret_msg, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.reason = init.reason;
    this.ret_code = init.ret_code;
    this.ret_msg = init.ret_msg;
    this.result = init.result ?? null;
    this.httpStatus = init.httpStatus;
    this.statusText = init.statusText;
    this.url = init.url;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** spec §8: the reason for a non-zero ret_code received with a 2xx answer. */
export function reasonForCode(retCode: number): ApiErrorReason {
  if (NO_PERMISSION_CODES.includes(retCode)) return 'user no permission';
  if (TOKEN_TIMEOUT_CODES.includes(retCode)) return 'token timeout';
  return 'bad business ret_code';
}
