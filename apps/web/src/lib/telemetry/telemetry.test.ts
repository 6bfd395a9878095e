import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_ERROR_EVENT, reportTelemetry, setTelemetryReporter, type TelemetryEvent } from './telemetry';

const EVENT: TelemetryEvent = { type: 'api-error', code: API_ERROR_EVENT.NETWORK, message: 'Network Error' };

afterEach(() => {
  setTelemetryReporter(null);
  vi.restoreAllMocks();
});

describe('telemetry reporter (spec §7, §8)', () => {
  it('spec §8: the event codes are 79996 (no ret_code), 79997 (timeout), 79998 (HTTP status), 79999 (network)', () => {
    expect(API_ERROR_EVENT).toEqual({
      NO_RET_CODE: 79996,
      TIMEOUT: 79997,
      HTTP_STATUS: 79998,
      NETWORK: 79999,
    });
  });

  it('spec §7: by default events go to console.debug (no third-party tracker)', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    reportTelemetry(EVENT);
    expect(debug).toHaveBeenCalledExactlyOnceWith('[telemetry]', EVENT);
  });

  it('spec §7: a plugged reporter receives the events; the returned function restores the previous one', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const sink = vi.fn();
    const restore = setTelemetryReporter(sink);
    reportTelemetry(EVENT);
    expect(sink).toHaveBeenCalledExactlyOnceWith(EVENT);
    expect(debug).not.toHaveBeenCalled();
    restore();
    reportTelemetry(EVENT);
    expect(sink).toHaveBeenCalledOnce();
    expect(debug).toHaveBeenCalledOnce();
  });

  it('spec §7: a failing reporter never breaks the call that reports', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setTelemetryReporter(() => {
      throw new Error('sink down');
    });
    expect(() => reportTelemetry(EVENT)).not.toThrow();
    expect(warn).toHaveBeenCalled();
  });
});
