import { vi } from 'vitest';

/** What a fake XMLHttpRequest saw: method, URL, request headers, body and credentials. */
export interface XhrCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  withCredentials: boolean;
  aborted: boolean;
}

/** One fake request the test answers by hand: progress, a response or a network error. */
export interface FakeXhrControl {
  call: XhrCall;
  progress(loaded: number, total: number): void;
  respond(status: number, body: unknown): void;
  networkError(): void;
}

/**
 * Replaces the global XMLHttpRequest with a fake that records each request; the test drives it through
 * the returned controls (`requests[n]`), so progress, answers and failures are deterministic.
 */
export function stubXhr() {
  const requests: FakeXhrControl[] = [];

  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    private listeners = new Map<string, Array<(event: unknown) => void>>();
    private uploadListeners = new Map<string, Array<(event: unknown) => void>>();
    private call: XhrCall = {
      method: '',
      url: '',
      headers: {},
      body: null,
      withCredentials: false,
      aborted: false,
    };
    readonly upload = {
      addEventListener: (type: string, listener: (event: unknown) => void) => {
        this.uploadListeners.set(type, [...(this.uploadListeners.get(type) ?? []), listener]);
      },
    };

    open(method: string, url: string) {
      this.call.method = method;
      this.call.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.call.headers[name.toLowerCase()] = value;
    }

    addEventListener(type: string, listener: (event: unknown) => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }

    getAllResponseHeaders() {
      return 'content-type: application/json\r\n';
    }

    abort() {
      this.call.aborted = true;
    }

    send(body: unknown) {
      this.call.body = body;
      this.call.withCredentials = this.withCredentials;
      const emit = (map: Map<string, Array<(event: unknown) => void>>, type: string, event: unknown) =>
        map.get(type)?.forEach((listener) => listener(event));
      requests.push({
        call: this.call,
        progress: (loaded, total) =>
          emit(this.uploadListeners, 'progress', { loaded, total, lengthComputable: total > 0 }),
        respond: (status, answer) => {
          this.status = status;
          this.statusText = status === 200 ? 'OK' : 'Error';
          this.responseText = typeof answer === 'string' ? answer : JSON.stringify(answer);
          emit(this.listeners, 'load', {});
        },
        networkError: () => emit(this.listeners, 'error', {}),
      });
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return requests;
}
