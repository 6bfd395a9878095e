// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fetchCall, jsonResponse, ok, stubFetch } from '../../test/fetch';
import { resetRuntimeConfigForTests } from '../config/runtime-config';
import { setCurrentLanguage } from '../language/current';
import { registerMessenger, type Messenger } from '../messages/messenger';
import { setTelemetryReporter, type TelemetryEvent } from '../telemetry/telemetry';
import { ApiError } from './api-error';
import { clearRequestCache, http, kycHttp, request } from './client';
import { configureHttp } from './configure';

function clearCookie(name: string) {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

/** A fetch that never answers until aborted, recording the signal it was given. */
function hangingFetch() {
  const signals: AbortSignal[] = [];
  const mock = vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = init.signal;
        if (signal) {
          signals.push(signal);
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }
      }),
  );
  vi.stubGlobal('fetch', mock);
  return { mock, signals };
}

/** A fetch answering `response` after `ms` milliseconds (for fake timers). */
function delayedFetch(ms: number, response: () => Response) {
  const mock = vi.fn(() => new Promise<Response>((resolve) => setTimeout(() => resolve(response()), ms)));
  vi.stubGlobal('fetch', mock);
  return mock;
}

const headersOf = (init: RequestInit) => new Headers(init.headers);

let toast: ReturnType<typeof vi.fn<Messenger['toast']>>;
let notify: ReturnType<typeof vi.fn<Messenger['notify']>>;
let events: TelemetryEvent[];
const restore: Array<() => void> = [];

beforeEach(() => {
  setCurrentLanguage('en');
  clearRequestCache();
  toast = vi.fn<Messenger['toast']>();
  notify = vi.fn<Messenger['notify']>();
  events = [];
  restore.push(
    registerMessenger({ toast, notify }),
    setTelemetryReporter((event) => events.push(event)),
    configureHttp({ translate: (code) => ({ 50016: 'Network error.', 20001: 'Wrong password.' })[code] }),
  );
});

afterEach(() => {
  while (restore.length) restore.pop()?.();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  clearCookie('kyc_csrf');
  resetRuntimeConfigForTests();
  delete window.Telegram;
});

describe('app client headers (spec §7 "Client behaviour")', () => {
  it('spec §7: sends credentials, Accept and Content-Type JSON, the platform and the current language', async () => {
    setCurrentLanguage('de-DE');
    const fetch = stubFetch(() => ok(null));
    await http.get('/v2/private/user/profile');
    const { init } = fetchCall(fetch);
    const headers = headersOf(init);
    expect(init.credentials).toBe('include');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept-Language')).toBe('de-DE');
    expect(headers.get('platform')).toBe('pc');
    expect(headers.has('X-User-Agent')).toBe(false);
  });

  it('spec §1, §7: a mobile user agent sends platform h5', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36',
    );
    const fetch = stubFetch(() => ok(null));
    await http.get('/x');
    expect(headersOf(fetchCall(fetch).init).get('platform')).toBe('h5');
  });

  it('spec §7: in the mini-app, platform ios_tg and X-User-Agent naming platform, system and device', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    );
    window.Telegram = { WebApp: { platform: 'ios' } };
    const fetch = stubFetch(() => ok(null));
    await http.post('/v3/private/kyc/kyc-info');
    const headers = headersOf(fetchCall(fetch).init);
    expect(headers.get('platform')).toBe('ios_tg');
    expect(headers.get('X-User-Agent')).toBe('platform=ios_tg; system=iOS 17.4; device=iPhone');
  });

  it('docs/api.md: a state-changing call sends the kyc_csrf cookie in X-CSRF-Token, a GET does not', async () => {
    document.cookie = 'kyc_csrf=token%2Fvalue; path=/';
    const fetch = stubFetch(
      () => ok(null),
      () => ok(null),
    );
    await http.post('/logout', { a: 1 });
    await http.get('/v2/private/user/profile');
    expect(headersOf(fetchCall(fetch, 0).init).get('X-CSRF-Token')).toBe('token/value');
    expect(headersOf(fetchCall(fetch, 1).init).has('X-CSRF-Token')).toBe(false);
  });

  it('issue 11: over https the __Host- CSRF cookie is read first, the plain one only without it', async () => {
    const cookie = vi.spyOn(Document.prototype, 'cookie', 'get');
    cookie.mockReturnValue('kyc_csrf=plain-token; __Host-kyc_csrf=host-token');
    const fetch = stubFetch(
      () => ok(null),
      () => ok(null),
    );
    await http.post('/x', {});
    expect(headersOf(fetchCall(fetch, 0).init).get('X-CSRF-Token')).toBe('host-token');
    cookie.mockReturnValue('kyc_csrf=plain-token');
    await http.post('/x', {});
    expect(headersOf(fetchCall(fetch, 1).init).get('X-CSRF-Token')).toBe('plain-token');
  });

  it('docs/api.md: without a CSRF cookie no CSRF header is invented', async () => {
    const fetch = stubFetch(() => ok(null));
    await http.post('/logout');
    expect(headersOf(fetchCall(fetch).init).has('X-CSRF-Token')).toBe(false);
  });

  it("spec §7: a caller's header replaces the client's whatever its letter case", async () => {
    const fetch = stubFetch(() => ok(null));
    await http.get('/x', undefined, { headers: { 'accept-language': 'ja-JP' } });
    expect(headersOf(fetchCall(fetch).init).get('Accept-Language')).toBe('ja-JP');
  });

  it('spec §7: with an API host override, calls go to that origin', async () => {
    resetRuntimeConfigForTests({ apiOrigin: 'https://api2.example.com/' });
    const fetch = stubFetch(() => ok(null));
    await http.get('/v2/public/country-list', { is_disable: 1 });
    expect(fetchCall(fetch).url).toBe('https://api2.example.com/v2/public/country-list?is_disable=1');
  });

  it('spec §7: on our own server (nothing configured), calls stay relative', async () => {
    resetRuntimeConfigForTests({});
    const fetch = stubFetch(() => ok(null));
    await http.get('/v2/private/user/profile');
    expect(fetchCall(fetch).url).toBe('/v2/private/user/profile');
  });
});

describe('request bodies (spec §7)', () => {
  it('spec §7: GET body fields become query parameters and no body is sent', async () => {
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

  it.each(['post', 'put', 'patch', 'delete'] as const)(
    'spec §7: %s sends its body as JSON',
    async (method) => {
      const fetch = stubFetch(() => ok(null));
      await http[method]('/x', { level: 1, extraParams: { reason: 'UPDATE_KYC' } });
      const { url, init } = fetchCall(fetch);
      expect(url).toBe('/x');
      expect(init.method).toBe(method.toUpperCase());
      expect(init.body).toBe('{"level":1,"extraParams":{"reason":"UPDATE_KYC"}}');
      expect(headersOf(init).get('Content-Type')).toBe('application/json');
    },
  );

  it('spec §7: a form call sends the fields form-encoded', async () => {
    const fetch = stubFetch(() => ok(null));
    await http.post('/user/public/risk/default-intercept', { sence: 'login page' }, { form: true });
    const { init } = fetchCall(fetch);
    expect(init.body).toBe('sence=login+page');
    expect(headersOf(init).get('Content-Type')).toBe('application/x-www-form-urlencoded');
  });
});

describe('envelope and ret_codes (spec §7, §8)', () => {
  it('spec §8: ret_code 0 resolves to result', async () => {
    stubFetch(() => ok({ id: 7 }));
    await expect(http.get('/x')).resolves.toEqual({ id: 7 });
    expect(toast).not.toHaveBeenCalled();
  });

  it.each([10007, 33003, 10009])(
    "spec §6, §8: %i rejects as 'user no permission' to the caller and clears the cache",
    async (code) => {
      const fetch = stubFetch(
        () => ok({ n: 1 }),
        () => fail(code, 'no permission'),
        () => ok({ n: 2 }),
      );
      await expect(http.get('/cached', undefined, { cache: true })).resolves.toEqual({ n: 1 });
      await expect(http.get('/private')).rejects.toMatchObject({
        reason: 'user no permission',
        ret_code: code,
      });
      await expect(http.get('/cached', undefined, { cache: true })).resolves.toEqual({ n: 2 });
      expect(fetch).toHaveBeenCalledTimes(3);
    },
  );

  it('issue 11: a POST answered 10007 (the session expired) calls the configured way to sign-in once, and rejects', async () => {
    const onNotLoggedIn = vi.fn();
    restore.push(configureHttp({ onNotLoggedIn }));
    stubFetch(() => fail(10007, 'not logged in'));
    await expect(http.post('/v3/private/user/member/tagmember', { tagName: 'x' })).rejects.toMatchObject({
      ret_code: 10007,
    });
    expect(onNotLoggedIn).toHaveBeenCalledTimes(1);
    stubFetch(() => fail(10011, 'invalid CSRF token'));
    await expect(http.post('/v3/private/user/member/tagmember', {})).rejects.toMatchObject({
      ret_code: 10011,
    });
    expect(onNotLoggedIn).toHaveBeenCalledTimes(1);
    // An SDK-token call's 10007 is about the token, not the session: the SDK flow handles it.
    stubFetch(
      () => fail(10007, 'not logged in'),
      () => fail(10007, 'not logged in'),
    );
    await expect(
      http.post('/v3/private/kyc/kyc-info', {}, { headers: { 'kyc-access-token': 'tok' } }),
    ).rejects.toMatchObject({ ret_code: 10007 });
    await expect(http.post('/v1/s1/kyc/integration/info', {})).rejects.toMatchObject({ ret_code: 10007 });
    expect(onNotLoggedIn).toHaveBeenCalledTimes(1);
  });

  it("spec §8: 1007 shows 'Timeout, token error.' for 3 s and rejects", async () => {
    stubFetch(() => fail(1007, ''));
    await expect(http.post('/v1/s1/kyc/integration/info')).rejects.toMatchObject({
      reason: 'token timeout',
      ret_code: 1007,
    });
    expect(toast).toHaveBeenCalledExactlyOnceWith({
      kind: 'fail',
      message: 'Timeout, token error.',
      duration: 3000,
    });
  });

  it("spec §8: 1008 shows 'Timeout, {ret_msg}.' for 3 s and rejects", async () => {
    stubFetch(() => fail(1008, 'token invalid'));
    await expect(http.get('/x')).rejects.toMatchObject({ ret_code: 1008 });
    expect(toast).toHaveBeenCalledExactlyOnceWith({
      kind: 'fail',
      message: 'Timeout, token invalid.',
      duration: 3000,
    });
  });

  it("spec §8: another non-zero code rejects as 'bad business ret_code' with the whole response", async () => {
    stubFetch(() => jsonResponse({ ret_code: 20001, ret_msg: 'invalid credentials', result: { n: 1 } }));
    const error = await http.post('/user/public/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      reason: 'bad business ret_code',
      ret_code: 20001,
      ret_msg: 'invalid credentials',
      result: { n: 1 },
      httpStatus: 200,
    });
    // spec §8 "Rejection with ret_code": the translation as a toast.
    expect(toast).toHaveBeenCalledExactlyOnceWith({ kind: 'fail', message: 'Wrong password.' });
  });

  it('spec §8: with a notification reminder, a translated code becomes a notification', async () => {
    stubFetch(() => fail(20001, 'invalid credentials'));
    await expect(http.post('/x', {}, { notificationReminder: true })).rejects.toBeInstanceOf(ApiError);
    expect(notify).toHaveBeenCalledExactlyOnceWith({
      kind: 'fail',
      title: 'Something went wrong',
      description: 'Wrong password.',
    });
    expect(toast).not.toHaveBeenCalled();
  });

  it("spec §8: a status outside 200-299 rejects as 'http error' with status and status text, event 79998, 2 s toast", async () => {
    stubFetch(() => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(http.get('/x')).rejects.toMatchObject({
      reason: 'http error',
      ret_code: 50016,
      ret_msg: 'Bad Gateway',
      httpStatus: 502,
      statusText: 'Bad Gateway',
    });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'api-error', code: 79998, httpStatus: 502 }),
    );
    expect(toast).toHaveBeenCalledExactlyOnceWith({
      kind: 'fail',
      message: 'Network error.',
      duration: 2000,
    });
  });

  it("spec §8: a status outside 200-299 without a status text is 'http error'; an envelope's code is kept", async () => {
    stubFetch(
      () => new Response('', { status: 500 }),
      () => fail(10006, 'too many requests', 429),
    );
    await expect(http.get('/x')).rejects.toMatchObject({ statusText: 'http error', httpStatus: 500 });
    await expect(http.post('/user/public/login')).rejects.toMatchObject({
      reason: 'http error',
      ret_code: 10006,
      ret_msg: 'too many requests',
      httpStatus: 429,
    });
  });

  it("spec §8: an empty answer rejects with 'Non Response!', is logged with event 79996 and shows nothing", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => new Response('', { status: 200 }));
    await expect(http.get('/x')).rejects.toMatchObject({ reason: 'Non Response!', ret_msg: 'Non Response!' });
    expect(log).toHaveBeenCalled();
    expect(events).toContainEqual(expect.objectContaining({ type: 'api-error', code: 79996 }));
    expect(toast).not.toHaveBeenCalled();
  });

  it('spec §8: a network failure rejects with 50016, event 79999 and a 2 s toast of the 50016 translation', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(http.get('/x')).rejects.toMatchObject({ reason: 'network error', ret_code: 50016 });
    expect(events).toContainEqual(expect.objectContaining({ type: 'api-error', code: 79999, url: '/x' }));
    expect(toast).toHaveBeenCalledExactlyOnceWith({
      kind: 'fail',
      message: 'Network error.',
      duration: 2000,
    });
  });

  it('spec §8: a silent call shows nothing but still reports the event', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(http.get('/x', undefined, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(toast).not.toHaveBeenCalled();
    expect(events).toContainEqual(expect.objectContaining({ code: 79999 }));
  });
});

describe('timeout (spec §7, §8, §9)', () => {
  it('spec §8: after 30000 ms the request is aborted and rejects with 9000001, the url and HTTP 408', async () => {
    vi.useFakeTimers();
    const { signals } = hangingFetch();
    const error = http.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals[0]?.aborted).toBe(true);
    const rejected = await error;
    expect(rejected).toMatchObject({
      reason: 'timeout',
      ret_code: 9000001,
      ret_msg: 'Request timeout, please re-try!',
      httpStatus: 408,
      url: '/slow',
    });
    expect(((rejected as ApiError).cause as Error).message).toBe('timeout of 30000ms exceeded');
    expect(events).toContainEqual(expect.objectContaining({ type: 'api-error', code: 79997, url: '/slow' }));
    expect(toast).toHaveBeenCalledExactlyOnceWith({
      kind: 'fail',
      message: 'Network error.',
      duration: 2000,
    });
  });

  it("spec §8: a call's own timeout is used and named in 'timeout of N ms exceeded'", async () => {
    vi.useFakeTimers();
    hangingFetch();
    const error = http.post('/x', {}, { timeout: 5000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5000);
    expect(((await error) as ApiError).cause).toMatchObject({ message: 'timeout of 5000ms exceeded' });
  });

  it('spec §7: timeout 0 disables the timeout (as in axios)', async () => {
    vi.useFakeTimers();
    const { signals } = hangingFetch();
    void http.get('/upload', undefined, { timeout: 0 }).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(signals[0]?.aborted).toBe(false);
  });

  it('spec §8: when the caller cancels, the call rejects with the AbortError and nothing is reported', async () => {
    hangingFetch();
    const controller = new AbortController();
    const pending = request('GET', '/x', undefined, { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
    expect(toast).not.toHaveBeenCalled();
    expect(events).toEqual([]);
  });
});

describe('response cache (spec §7, §9: 60 s, 20 entries)', () => {
  it('spec §9: an identical cached call within 60 s is answered without a request, then asked again', async () => {
    vi.useFakeTimers();
    const fetch = stubFetch(
      () => ok({ n: 1 }),
      () => ok({ n: 2 }),
    );
    await expect(http.get('/v2/private/user/profile', undefined, { cache: true })).resolves.toEqual({ n: 1 });
    await vi.advanceTimersByTimeAsync(59_999);
    await expect(http.get('/v2/private/user/profile', undefined, { cache: true })).resolves.toEqual({ n: 1 });
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(http.get('/v2/private/user/profile', undefined, { cache: true })).resolves.toEqual({ n: 2 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('spec §7: the key is method, url and query; calls without cache: true never use it', async () => {
    const fetch = stubFetch(
      () => ok('a'),
      () => ok('b'),
      () => ok('c'),
      () => ok('d'),
    );
    await http.get('/q', { code: 1 }, { cache: true });
    await expect(http.get('/q', { code: 2 }, { cache: true })).resolves.toBe('b');
    await expect(http.post('/q', { code: 1 }, { cache: true })).resolves.toBe('c');
    await expect(http.get('/q', { code: 1 })).resolves.toBe('d');
    await expect(http.get('/q', { code: 1 }, { cache: true })).resolves.toBe('a');
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('spec §9: at most 20 entries; the oldest is evicted first', async () => {
    const fetch = vi.fn(async (url: RequestInfo | URL) => ok(String(url)));
    vi.stubGlobal('fetch', fetch);
    for (let i = 0; i < 21; i++) await http.get(`/item/${i}`, undefined, { cache: true });
    expect(fetch).toHaveBeenCalledTimes(21);
    await http.get('/item/1', undefined, { cache: true });
    expect(fetch).toHaveBeenCalledTimes(21);
    await http.get('/item/0', undefined, { cache: true });
    expect(fetch).toHaveBeenCalledTimes(22);
  });

  it('spec §7: a failed call is not cached', async () => {
    const fetch = stubFetch(
      () => fail(20001),
      () => ok('second'),
    );
    await expect(http.get('/x', undefined, { cache: true, silent: true })).rejects.toBeInstanceOf(ApiError);
    await expect(http.get('/x', undefined, { cache: true })).resolves.toBe('second');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('spec §7: identical cached calls in flight share one request; one caller cancelling leaves the other', async () => {
    vi.useFakeTimers();
    const fetch = delayedFetch(100, () => ok('shared'));
    const controller = new AbortController();
    const first = http
      .get('/x', undefined, { cache: true, signal: controller.signal })
      .catch((e: unknown) => e);
    const second = http.get('/x', undefined, { cache: true });
    controller.abort();
    await vi.advanceTimersByTimeAsync(100);
    expect(((await first) as DOMException).name).toBe('AbortError');
    await expect(second).resolves.toBe('shared');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(events).toEqual([]);
  });
});

describe('client-tag timer and performance events (spec §7, §9)', () => {
  it('spec §9: a call with a client tag still pending at 60 s reports an event', async () => {
    vi.useFakeTimers();
    hangingFetch();
    void http.post('/v3/private/kyc/do-quick-kyc', {}, { clientTag: 'quick-kyc', timeout: 0 });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(events.filter((e) => e.type === 'client-tag-pending')).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(events).toContainEqual({
      type: 'client-tag-pending',
      clientTag: 'quick-kyc',
      method: 'POST',
      url: '/v3/private/kyc/do-quick-kyc',
      elapsedMs: 60_000,
    });
  });

  it('spec §7: the client-tag timer is cleared when the call settles', async () => {
    vi.useFakeTimers();
    delayedFetch(500, () => ok(null));
    const call = http.get('/x', undefined, { clientTag: 'tag' });
    await vi.advanceTimersByTimeAsync(500);
    await call;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(events.filter((e) => e.type === 'client-tag-pending')).toEqual([]);
  });

  it('spec §9: a call with an event tag settling in under 30 s reports its duration', async () => {
    vi.useFakeTimers();
    delayedFetch(1200, () => ok(null));
    const call = http.post('/v3/private/kyc/kyc-info', {}, { eventTag: 'kyc_info' });
    await vi.advanceTimersByTimeAsync(1200);
    await call;
    expect(events).toEqual([
      {
        type: 'performance',
        eventTag: 'kyc_info',
        method: 'POST',
        url: '/v3/private/kyc/kyc-info',
        durationMs: 1200,
        success: true,
      },
    ]);
  });

  it('spec §9: no performance event at 30 s or more, nor without an event tag', async () => {
    vi.useFakeTimers();
    delayedFetch(30_000, () => ok(null));
    const slow = http.get('/slow', undefined, { eventTag: 'slow', timeout: 0 });
    await vi.advanceTimersByTimeAsync(30_000);
    await slow;
    stubFetch(() => ok(null));
    await http.get('/untagged');
    expect(events.filter((e) => e.type === 'performance')).toEqual([]);
  });

  it('spec §7: a failing tagged call reports its duration with success false', async () => {
    stubFetch(() => fail(20001));
    await http.get('/x', undefined, { eventTag: 'x', silent: true }).catch(() => undefined);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'performance', eventTag: 'x', success: false }),
    );
  });
});

describe('KYC client (spec §7 "a second client", §8)', () => {
  it('spec §7: sends only a JSON Content-Type, and no cookies to other origins', async () => {
    setCurrentLanguage('de-DE');
    const fetch = stubFetch(() => jsonResponse({ applicantId: 'a1' }));
    await expect(kycHttp.post('https://vendor.example/api/applicant', { a: 1 })).resolves.toEqual({
      applicantId: 'a1',
    });
    const { url, init } = fetchCall(fetch);
    expect(url).toBe('https://vendor.example/api/applicant');
    expect([...headersOf(init).keys()]).toEqual(['content-type']);
    expect(headersOf(init).get('Content-Type')).toBe('application/json');
    expect(init.credentials).toBe('same-origin');
  });

  it("spec §7: the CSRF token goes only to our own origin's state-changing calls", async () => {
    document.cookie = 'kyc_csrf=abc; path=/';
    const fetch = stubFetch(
      () => jsonResponse('ok'),
      () => jsonResponse('ok'),
    );
    await kycHttp.post('/v3/private/kyc/x');
    await kycHttp.post('https://vendor.example/x');
    expect(headersOf(fetchCall(fetch, 0).init).get('X-CSRF-Token')).toBe('abc');
    expect(headersOf(fetchCall(fetch, 1).init).has('X-CSRF-Token')).toBe(false);
  });

  it("spec §8: an empty answer is 'Non Response!'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => new Response('', { status: 200 }));
    await expect(kycHttp.get('/x')).rejects.toMatchObject({
      reason: 'Non Response!',
      ret_msg: 'Non Response!',
    });
  });

  it("spec §8: a call expecting 'ok' resolves for 'ok' and is 'Non Response!' for anything else", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(
      () => new Response('ok'),
      () => jsonResponse('ok'),
      () => jsonResponse({ ret_code: 0, ret_msg: 'OK', result: null }),
      () => new Response('fine'),
    );
    await expect(kycHttp.post('/x', {}, { expectOk: true })).resolves.toBe('ok');
    await expect(kycHttp.post('/x', {}, { expectOk: true })).resolves.toBe('ok');
    await expect(kycHttp.post('/x', {}, { expectOk: true })).rejects.toMatchObject({
      ret_msg: 'Non Response!',
    });
    await expect(kycHttp.post('/x', {}, { expectOk: true })).rejects.toMatchObject({
      ret_msg: 'Non Response!',
    });
  });

  it("spec §8: the KYC client's status and timeout rules are the app client's", async () => {
    vi.useFakeTimers();
    stubFetch(() => new Response('nope', { status: 503, statusText: 'Service Unavailable' }));
    await expect(kycHttp.get('/x')).rejects.toMatchObject({ reason: 'http error', httpStatus: 503 });
    hangingFetch();
    const error = kycHttp.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await error).toMatchObject({ ret_code: 9000001, httpStatus: 408 });
  });
});

describe('issue 14: the server briefly without its database (503, ret_code 10018)', () => {
  const unavailable = () => fail(10018, 'unavailable', 503);
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a GET is sent again after 1 s and 3 s, and its answer is the one that came back', async () => {
    const mock = vi
      .fn()
      .mockResolvedValueOnce(unavailable())
      .mockResolvedValueOnce(unavailable())
      .mockResolvedValueOnce(ok({ fine: true }));
    vi.stubGlobal('fetch', mock);
    const answer = http.get<{ fine: boolean }>('/v2/private/user/profile');
    await vi.advanceTimersByTimeAsync(999);
    expect(mock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(mock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3000);
    await expect(answer).resolves.toEqual({ fine: true });
    expect(mock).toHaveBeenCalledTimes(3);
  });

  it('a POST with an Idempotency-Key, or marked read-only, is retried; a plain POST is not (its commit may have happened)', async () => {
    for (const [headers, readOnly, calls] of [
      [{ 'Idempotency-Key': 'k-1' }, false, 2],
      [{}, true, 2],
      [{}, false, 1],
    ] as const) {
      const mock = vi.fn().mockResolvedValueOnce(unavailable()).mockResolvedValue(ok('done'));
      vi.stubGlobal('fetch', mock);
      const answer = http.post('/v3/private/kyc/submit', { level: 1 }, { headers, readOnly, silent: true });
      const settled = answer.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      await vi.advanceTimersByTimeAsync(5000);
      expect(mock).toHaveBeenCalledTimes(calls);
      const outcome = await settled;
      if (calls === 1) expect((outcome as { error: ApiError }).error.ret_code).toBe(10018);
      else expect(outcome).toEqual({ value: 'done' });
    }
  });

  it('after three 10018 answers the error reaches the caller, once', async () => {
    const mock = vi.fn().mockImplementation(() => Promise.resolve(unavailable()));
    vi.stubGlobal('fetch', mock);
    const settled = http
      .get('/v2/private/user/profile', undefined, { silent: true })
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5000);
    expect(((await settled) as ApiError).ret_code).toBe(10018);
    expect(mock).toHaveBeenCalledTimes(3);
  });
});
