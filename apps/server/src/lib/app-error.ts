import { RET_CODES, type RetCodeName } from '@kyc/contracts';

/**
 * The one error type of the server (STYLE: Practica). `code` names a catalogue entry; `status` is the
 * HTTP status: 200 for business outcomes (the client acts on ret_code), the transport status otherwise.
 */
export class AppError extends Error {
  readonly retCode: number;
  constructor(
    readonly code: RetCodeName,
    message?: string,
    readonly status = 200,
    readonly headers: Record<string, string> = {},
    options?: { cause?: unknown },
  ) {
    super(message ?? RET_CODES[code].meaning, options);
    this.name = 'AppError';
    this.retCode = RET_CODES[code].code;
  }
}

export const notLoggedIn = () => new AppError('NOT_LOGGED_IN', 'not logged in');

export function tooManyRequests(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError('TOO_MANY_REQUESTS', `too many requests, retry in ${seconds} s`, 429, {
    'retry-after': String(seconds),
  });
}
