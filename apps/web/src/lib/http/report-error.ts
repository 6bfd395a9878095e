import { API_ERROR_EVENT, reportTelemetry, type ApiErrorEventCode } from '../telemetry/telemetry';
import { messenger } from '../messages/messenger';
import { isApiError, NETWORK_ERROR_CODE, type ApiError } from './api-error';
import { httpConfig } from './configure';

/** spec §9: "timeout toast 3 s; generic error toast 2 s". */
export const TOKEN_TIMEOUT_TOAST_MS = 3_000;
export const TRANSPORT_ERROR_TOAST_MS = 2_000;

export interface ReportOptions {
  /** spec §8: show a notification (title and translation) instead of a toast. */
  notificationReminder?: boolean;
  /**
   * Show nothing to the user (true), or nothing for these ret_codes (the caller handles them, e.g. the
   * profile gate turns 10007 into a redirect); the failure is still logged and reported to telemetry.
   */
  silent?: boolean | readonly number[];
}

/** By name: the DOMException of an AbortSignal may come from another realm than the global one. */
function isCancellation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

const TRANSPORT_EVENTS: Partial<Record<ApiError['reason'], ApiErrorEventCode>> = {
  'network error': API_ERROR_EVENT.NETWORK,
  'http error': API_ERROR_EVENT.HTTP_STATUS,
  timeout: API_ERROR_EVENT.TIMEOUT,
};

/**
 * What the user and telemetry learn about a failed call (spec §8). The clients call it for every
 * rejection unless the call was made with `silent: true`; callers that catch an error themselves may
 * call it too.
 *
 * - Network, HTTP status and timeout errors: events 79999 / 79998 / 79997 and a 2 s toast with the
 *   translation of 50016.
 * - 1007 / 1008: the toast 'Timeout, {ret_msg or 'token error'}.' for 3 s (instead of the catalogue
 *   text, so the user never gets two toasts for one failure).
 * - Any other ret_code: its inverse-error-code translation, as a notification when the caller asked for
 *   a notification reminder, else a toast; without a translation the toast 'code: ret_msg'.
 * - No ret_code ('Non Response!', an unexpected exception): logged and event 79996; nothing is shown.
 * - The caller's own cancellation (AbortError) is not a failure: nothing happens.
 */
export function reportApiError(error: unknown, options: ReportOptions = {}): void {
  if (isCancellation(error)) return;
  const { silent = false } = options;
  const show =
    typeof silent === 'boolean' ? !silent : !(isApiError(error) && silent.includes(error.ret_code));
  const { translate, whenTextsReady } = httpConfig();

  if (!isApiError(error) || error.reason === 'Non Response!') {
    console.error('[http] call failed without a ret_code', error);
    reportTelemetry({
      type: 'api-error',
      code: API_ERROR_EVENT.NO_RET_CODE,
      message: error instanceof Error ? error.message : String(error),
      ...(isApiError(error) ? { url: error.url, httpStatus: error.httpStatus } : {}),
    });
    return;
  }

  const transportEvent = TRANSPORT_EVENTS[error.reason];
  if (transportEvent !== undefined) {
    reportTelemetry({
      type: 'api-error',
      code: transportEvent,
      message: error.ret_msg,
      url: error.url,
      retCode: error.ret_code,
      httpStatus: error.httpStatus,
    });
    if (show)
      whenTextsReady(() => {
        const message = translate(NETWORK_ERROR_CODE) ?? error.ret_msg;
        messenger.toast({ kind: 'fail', message, duration: TRANSPORT_ERROR_TOAST_MS });
      });
    return;
  }

  if (show) whenTextsReady(() => showBusinessError(error, options.notificationReminder === true));
}

/** The toast or notification of a failure with a ret_code, once the texts are there. */
function showBusinessError(error: ApiError, notificationReminder: boolean): void {
  const { translate, text } = httpConfig();
  if (error.reason === 'token timeout') {
    const message = text('http.tokenTimeout', { message: error.ret_msg || text('http.tokenError') });
    messenger.toast({ kind: 'fail', message, duration: TOKEN_TIMEOUT_TOAST_MS });
    return;
  }
  const translation = translate(error.ret_code);
  if (translation === undefined) {
    messenger.toast({ kind: 'fail', message: `${error.ret_code}: ${error.ret_msg}` });
  } else if (notificationReminder) {
    messenger.notify({ kind: 'fail', title: text('http.errorTitle'), description: translation });
  } else {
    messenger.toast({ kind: 'fail', message: translation });
  }
}
