import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerMessenger, type Messenger } from '../messages/messenger';
import { setTelemetryReporter, type TelemetryEvent } from '../telemetry/telemetry';
import { ApiError, type ApiErrorInit } from './api-error';
import { configureHttp } from './configure';
import { reportApiError } from './report-error';

const ERROR_TEXTS: Record<number, string> = {
  10006: 'Too many attempts.',
  50016: 'Network error.',
};

function apiError(init: Partial<ApiErrorInit> & Pick<ApiErrorInit, 'reason' | 'ret_code'>): ApiError {
  return new ApiError({ ret_msg: 'server text', url: '/x', ...init });
}

let toast: ReturnType<typeof vi.fn<Messenger['toast']>>;
let notify: ReturnType<typeof vi.fn<Messenger['notify']>>;
let events: TelemetryEvent[];
const restore: Array<() => void> = [];

beforeEach(() => {
  toast = vi.fn<Messenger['toast']>();
  notify = vi.fn<Messenger['notify']>();
  events = [];
  restore.push(
    registerMessenger({ toast, notify }),
    setTelemetryReporter((event) => events.push(event)),
    configureHttp({ translate: (code) => ERROR_TEXTS[code] }),
  );
});

afterEach(() => {
  while (restore.length) restore.pop()?.();
  vi.restoreAllMocks();
});

describe('reportApiError (spec §8 error catalogue)', () => {
  it('spec §8: a ret_code with a translation shows the translation as a toast', () => {
    reportApiError(apiError({ reason: 'bad business ret_code', ret_code: 10006 }));
    expect(toast).toHaveBeenCalledExactlyOnceWith({ kind: 'fail', message: 'Too many attempts.' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('spec §8: with a notification reminder, a notification with title and translation', () => {
    reportApiError(apiError({ reason: 'bad business ret_code', ret_code: 10006 }), {
      notificationReminder: true,
    });
    expect(notify).toHaveBeenCalledExactlyOnceWith({
      kind: 'fail',
      title: 'Something went wrong',
      description: 'Too many attempts.',
    });
    expect(toast).not.toHaveBeenCalled();
  });

  it("spec §8: a ret_code without a translation shows the toast 'code: ret_msg', reminder or not", () => {
    reportApiError(apiError({ reason: 'bad business ret_code', ret_code: 31001, ret_msg: 'limit reached' }), {
      notificationReminder: true,
    });
    expect(toast).toHaveBeenCalledExactlyOnceWith({ kind: 'fail', message: '31001: limit reached' });
    expect(notify).not.toHaveBeenCalled();
  });

  it("spec §6, §8: 'user no permission' codes follow the catalogue rule", () => {
    reportApiError(apiError({ reason: 'user no permission', ret_code: 10007, ret_msg: 'not logged in' }));
    expect(toast).toHaveBeenCalledExactlyOnceWith({ kind: 'fail', message: '10007: not logged in' });
  });

  it('spec §8: the translator is the one wired at start-up (inverse-error-code, looked up by code)', () => {
    const seen: number[] = [];
    restore.push(configureHttp({ translate: (code) => (seen.push(code), `translated ${code}`) }));
    reportApiError(apiError({ reason: 'bad business ret_code', ret_code: 20002 }));
    expect(seen).toEqual([20002]);
    expect(toast).toHaveBeenCalledWith({ kind: 'fail', message: 'translated 20002' });
  });

  it("spec §8: 1007 / 1008 toast 'Timeout, {ret_msg or token error}.' for 3 s through the translated text", () => {
    reportApiError(apiError({ reason: 'token timeout', ret_code: 1007, ret_msg: '' }));
    expect(toast).toHaveBeenLastCalledWith({
      kind: 'fail',
      message: 'Timeout, token error.',
      duration: 3000,
    });

    restore.push(
      configureHttp({
        text: (key, values) =>
          key === 'http.tokenTimeout' ? `Zeitüberschreitung: ${values?.message}` : 'Token-Fehler',
      }),
    );
    reportApiError(apiError({ reason: 'token timeout', ret_code: 1008, ret_msg: '' }));
    expect(toast).toHaveBeenLastCalledWith({
      kind: 'fail',
      message: 'Zeitüberschreitung: Token-Fehler',
      duration: 3000,
    });
    expect(toast).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['network error', 79999],
    ['http error', 79998],
    ['timeout', 79997],
  ] as const)(
    'spec §8: a %s reports event %i and a 2 s toast with the translation of 50016',
    (reason, code) => {
      reportApiError(apiError({ reason, ret_code: reason === 'timeout' ? 9000001 : 50016, httpStatus: 502 }));
      expect(events).toEqual([
        expect.objectContaining({ type: 'api-error', code, url: '/x', message: 'server text' }),
      ]);
      expect(toast).toHaveBeenCalledExactlyOnceWith({
        kind: 'fail',
        message: 'Network error.',
        duration: 2000,
      });
    },
  );

  it('spec §8: without a 50016 translation, the transport toast falls back to the error message', () => {
    restore.push(configureHttp({ translate: () => undefined }));
    reportApiError(
      apiError({ reason: 'timeout', ret_code: 9000001, ret_msg: 'Request timeout, please re-try!' }),
    );
    expect(toast).toHaveBeenCalledWith({
      kind: 'fail',
      message: 'Request timeout, please re-try!',
      duration: 2000,
    });
  });

  it('spec §8: a rejection without ret_code is logged with event 79996 and shows nothing', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new TypeError('boom');
    reportApiError(failure);
    expect(log).toHaveBeenCalledWith('[http] call failed without a ret_code', failure);
    expect(events).toEqual([{ type: 'api-error', code: 79996, message: 'boom' }]);
    expect(toast).not.toHaveBeenCalled();
  });

  it('spec §8: silent shows nothing but keeps the telemetry event', () => {
    reportApiError(apiError({ reason: 'network error', ret_code: 50016 }), { silent: true });
    reportApiError(apiError({ reason: 'bad business ret_code', ret_code: 10006 }), { silent: true });
    reportApiError(apiError({ reason: 'token timeout', ret_code: 1007 }), { silent: true });
    expect(toast).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
    expect(events).toEqual([expect.objectContaining({ code: 79999 })]);
  });

  it('spec §8: a list of silenced ret_codes hides only those; other failures are shown as usual', () => {
    reportApiError(apiError({ reason: 'user no permission', ret_code: 10007 }), { silent: [10007] });
    expect(toast).not.toHaveBeenCalled();
    reportApiError(apiError({ reason: 'network error', ret_code: 50016 }), { silent: [10007] });
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ duration: 2000 }));
  });

  it("spec §8: the caller's own cancellation is not reported", () => {
    reportApiError(new DOMException('aborted', 'AbortError'));
    expect(events).toEqual([]);
    expect(toast).not.toHaveBeenCalled();
  });
});
