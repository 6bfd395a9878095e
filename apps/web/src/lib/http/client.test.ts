// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fetchCall, jsonResponse, ok, stubFetch } from '../../test/fetch';
import { setCurrentLanguage } from '../language/current';
import { ApiError } from './api-error';
import { http, request } from './client';

function clearCookie(name: string) {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

describe('http client', () => {
  beforeEach(() => setCurrentLanguage('en'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    clearCookie('kyc_csrf');
  });

  it('when a GET has body fields, then they become query parameters and no body is sent', async () => {
    const fetch = stubFetch(() => ok({ ok: true }));
    await http.get('/v3/private/kyc/questionnaire-token?a=1', {
      template_code: 200,
      empty: undefined,
      none: null,
    });
    const { url, init } = fetchCall(fetch);
    expect(url).toBe('/v3/private/kyc/questionnaire-token?a=1&template_code=200');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('when any call is made, then it sends credentials, JSON headers and the current language', async () => {
    setCurrentLanguage('de-DE');
    const fetch = stubFetch(() => ok(null));
    await http.get('/v2/private/user/profile');
    const { init } = fetchCall(fetch);
    const headers = new Headers(init.headers);
    expect(init.credentials).toBe('include');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept-Language')).toBe('de-DE');
  });

  it('when a state-changing call is made, then the kyc_csrf cookie goes in X-CSRF-Token', async () => {
    document.cookie = 'kyc_csrf=token%2Fvalue; path=/';
    const fetch = stubFetch(
      () => ok(null),
      () => ok(null),
    );
    await http.post('/logout', { a: 1 });
    await http.get('/v2/private/user/profile');

    const post = fetchCall(fetch, 0);
    expect(new Headers(post.init.headers).get('X-CSRF-Token')).toBe('token/value');
    expect(post.init.body).toBe(JSON.stringify({ a: 1 }));
    expect(new Headers(fetchCall(fetch, 1).init.headers).has('X-CSRF-Token')).toBe(false);
  });

  it('when there is no CSRF cookie, then no CSRF header is invented', async () => {
    const fetch = stubFetch(() => ok(null));
    await http.post('/logout');
    expect(new Headers(fetchCall(fetch).init.headers).has('X-CSRF-Token')).toBe(false);
  });

  it('when ret_code is 0, then the call resolves to result', async () => {
    stubFetch(() => ok({ id: 7 }));
    await expect(http.get('/x')).resolves.toEqual({ id: 7 });
  });

  it('when ret_code is not 0, then the call rejects with an ApiError carrying the envelope', async () => {
    stubFetch(() => jsonResponse({ ret_code: 20001, ret_msg: 'invalid credentials', result: { n: 1 } }));
    const error = await http.post('/user/public/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      ret_code: 20001,
      ret_msg: 'invalid credentials',
      result: { n: 1 },
      httpStatus: 200,
    });
  });

  it('when the status is outside 200-299 with an envelope, then the envelope code and the status are kept', async () => {
    stubFetch(() => fail(10006, 'too many requests', 429));
    await expect(http.post('/user/public/login')).rejects.toMatchObject({
      ret_code: 10006,
      ret_msg: 'too many requests',
      httpStatus: 429,
    });
  });

  it('when the status is outside 200-299 without an envelope, then it rejects with 50016 and the status', async () => {
    stubFetch(() => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(http.get('/x')).rejects.toMatchObject({
      ret_code: 50016,
      ret_msg: 'Bad Gateway',
      httpStatus: 502,
    });
  });

  it('when a 200 answer has no envelope, then it rejects with Non Response!', async () => {
    stubFetch(() => new Response('', { status: 200 }));
    await expect(http.get('/x')).rejects.toMatchObject({ ret_code: 50016, ret_msg: 'Non Response!' });
  });

  it('when the network fails, then it rejects with ret_code 50016', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(http.get('/x')).rejects.toMatchObject({ ret_code: 50016 });
  });

  it('when no answer comes within 30000 ms, then it aborts and rejects with 9000001', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            signal = init.signal ?? undefined;
            signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const outcome = expect(http.get('/slow')).rejects.toMatchObject({
      ret_code: 9000001,
      ret_msg: 'Request timeout, please re-try!',
      httpStatus: 408,
      url: '/slow',
    });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    await outcome;
  });

  it('when the caller cancels, then the call rejects with the AbortError, not an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = request('GET', '/x', undefined, { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });
});
