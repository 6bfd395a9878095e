import { vi } from 'vitest';

/** A fetch Response carrying a JSON body (an envelope unless a test says otherwise). */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function ok(result: unknown): Response {
  return jsonResponse({ ret_code: 0, ret_msg: 'OK', result });
}

export function fail(ret_code: number, ret_msg = 'error', status = 200): Response {
  return jsonResponse({ ret_code, ret_msg, result: null }, status);
}

/** Replaces the global fetch with a mock; each call answers with the next factory's response. */
export function stubFetch(...answers: Array<() => Response | Promise<Response>>) {
  const queue = [...answers];
  const mock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit): Promise<Response> => {
    const next = queue.shift();
    if (!next) throw new Error('unexpected fetch');
    return next();
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The URL and init of the n-th fetch call. */
export function fetchCall(mock: ReturnType<typeof stubFetch>, n = 0): { url: string; init: RequestInit } {
  const call = mock.mock.calls[n];
  if (!call) throw new Error(`fetch was not called ${n + 1} time(s)`);
  return { url: String(call[0]), init: call[1] ?? {} };
}
