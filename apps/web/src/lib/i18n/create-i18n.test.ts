// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetRuntimeConfigForTests } from '../config/runtime-config';
import { createI18n, translationLoadPath } from './create-i18n';

type Answer = () => Response | Promise<Response>;

/** Stubs fetch; every call is recorded with the (fake) time it was made. */
function recordFetch(answer: (url: string) => Response | Promise<Response>) {
  const calls: Array<{ url: string; at: number }> = [];
  const mock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push({ url, at: Date.now() });
    return answer(url);
  });
  vi.stubGlobal('fetch', mock);
  return calls;
}

const json =
  (body: unknown): Answer =>
  () =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('translation loading (spec §7, §9)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    resetRuntimeConfigForTests();
  });

  it('spec §7, §9: user-accounts and inverse-error-code are read as {lng}.json under /common-static/i18n-upload/{ns}/ with ?v=1, with the fallback en', async () => {
    const calls = recordFetch(() => json({ hello: 'Hallo' })());
    const { i18n, ready } = createI18n('de-DE', { environment: 'production' });
    await ready;
    expect(calls.map((c) => c.url).sort()).toEqual([
      '/common-static/i18n-upload/inverse-error-code/de-DE.json?v=1',
      '/common-static/i18n-upload/inverse-error-code/en.json?v=1',
      '/common-static/i18n-upload/user-accounts/de-DE.json?v=1',
      '/common-static/i18n-upload/user-accounts/en.json?v=1',
    ]);
    expect(i18n.language).toBe('de-DE');
  });

  it('spec §7: the file name is prefixed testnet- on testnet and test- on the test environment', () => {
    expect(translationLoadPath('testnet')).toBe('/common-static/i18n-upload/{{ns}}/testnet-{{lng}}.json?v=1');
    expect(translationLoadPath('test')).toBe('/common-static/i18n-upload/{{ns}}/test-{{lng}}.json?v=1');
    expect(translationLoadPath('production')).toBe('/common-static/i18n-upload/{{ns}}/{{lng}}.json?v=1');
    expect(translationLoadPath(undefined)).toBe('/common-static/i18n-upload/{{ns}}/{{lng}}.json?v=1');
  });

  it('spec §7: the environment comes from the runtime configuration the server writes into the page', async () => {
    resetRuntimeConfigForTests({ environment: 'testnet' });
    const calls = recordFetch(() => json({})());
    await createI18n('ja-JP').ready;
    expect(
      calls
        .map((c) => c.url)
        .filter((url) => url.includes('ja-JP'))
        .sort(),
    ).toEqual([
      '/common-static/i18n-upload/inverse-error-code/testnet-ja-JP.json?v=1',
      '/common-static/i18n-upload/user-accounts/testnet-ja-JP.json?v=1',
    ]);
    expect(calls.every((c) => /\/testnet-[A-Za-z-]+\.json\?v=1$/.test(c.url))).toBe(true);
  });

  it('spec §9: a failing read is retried 5 times, waiting 350 ms and doubling (350, 700, 1400, 2800, 5600)', async () => {
    vi.useFakeTimers({ now: 0 });
    const calls = recordFetch(() => new Response('unavailable', { status: 503 }));
    createI18n('en', { environment: 'production' });
    await vi.advanceTimersByTimeAsync(60_000);
    const times = calls.filter((c) => c.url.includes('/user-accounts/')).map((c) => c.at);
    expect(times).toEqual([0, 350, 1050, 2450, 5250, 10850]);
  });

  it('spec §9: a read that succeeds on a retry ends the retries and the texts are used', async () => {
    vi.useFakeTimers({ now: 0 });
    let failures = 2;
    const calls = recordFetch((url) =>
      url.includes('/user-accounts/') && failures-- > 0
        ? new Response('', { status: 502 })
        : json({ app: { hello: 'Hello' } })(),
    );
    const { i18n } = createI18n('en', { environment: 'production' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.filter((c) => c.url.includes('/user-accounts/')).map((c) => c.at)).toEqual([0, 350, 1050]);
    expect(i18n.exists('app.hello')).toBe(true);
  });

  it('spec §9: a missing file (404) is not retried', async () => {
    vi.useFakeTimers({ now: 0 });
    const calls = recordFetch(() => new Response('', { status: 404 }));
    createI18n('en', { environment: 'production' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.filter((c) => c.url.includes('/user-accounts/'))).toHaveLength(1);
  });

  it('spec §9: at most 10 translation reads run at once; the others wait for a free slot', async () => {
    const pending: Array<() => void> = [];
    const calls = recordFetch(
      () =>
        new Promise<Response>((resolve) => {
          pending.push(() => resolve(json({})()));
        }),
    );
    const { i18n } = createI18n('en', { environment: 'production' });
    void i18n.loadLanguages(['de-DE', 'ja-JP', 'ko-KR', 'es-ES', 'tr-TR', 'th-TH', 'vi-VN']);
    await vi.waitFor(() => expect(calls).toHaveLength(10));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(10);
    pending.shift()?.();
    await vi.waitFor(() => expect(calls).toHaveLength(11));
    while (pending.length > 0) {
      pending.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await vi.waitFor(() => expect(calls).toHaveLength(16));
  });
});
