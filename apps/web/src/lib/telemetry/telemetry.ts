/**
 * Telemetry of the HTTP client (spec §7 client-tag timer and performance events, spec §8 event codes).
 * Events go to one pluggable reporter; the default writes to console.debug, so no third-party tracker
 * is loaded and the first-load budget is untouched. The app may plug its own sink at start-up.
 */

/** spec §8: event codes of failed calls. */
export const API_ERROR_EVENT = {
  /** Rejection without a ret_code (e.g. 'Non Response!', an unexpected exception). */
  NO_RET_CODE: 79996,
  TIMEOUT: 79997,
  HTTP_STATUS: 79998,
  NETWORK: 79999,
} as const;

export type ApiErrorEventCode = (typeof API_ERROR_EVENT)[keyof typeof API_ERROR_EVENT];

export type TelemetryEvent =
  | {
      type: 'api-error';
      code: ApiErrorEventCode;
      message: string;
      url?: string;
      retCode?: number;
      httpStatus?: number;
    }
  /** spec §7: a call with a client tag still pending when its 60 s timer fires. */
  | { type: 'client-tag-pending'; clientTag: string; method: string; url: string; elapsedMs: number }
  /** spec §7: duration of a call with an event tag (only sent when under 30 s). */
  | {
      type: 'performance';
      eventTag: string;
      method: string;
      url: string;
      durationMs: number;
      success: boolean;
    }
  /** A render error or a chunk that failed to load, caught by an error boundary (ui/error-boundary.tsx). */
  | { type: 'render-error'; depth: 'app' | 'screen' | 'widget'; message: string; componentStack: string };

export type TelemetryReporter = (event: TelemetryEvent) => void;

const consoleReporter: TelemetryReporter = (event) => console.debug('[telemetry]', event);

let reporter: TelemetryReporter = consoleReporter;

/** Replaces the reporter (null restores the console one); returns a function restoring the previous one. */
export function setTelemetryReporter(next: TelemetryReporter | null): () => void {
  const previous = reporter;
  reporter = next ?? consoleReporter;
  return () => {
    reporter = previous;
  };
}

/** Sends one event. A failing reporter never breaks the call that produced the event. */
export function reportTelemetry(event: TelemetryEvent): void {
  try {
    reporter(event);
  } catch (error) {
    console.warn('[telemetry] reporter failed', error);
  }
}
