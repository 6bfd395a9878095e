/** The Sumsub adapter over vendor-http: retries of 503 and 429 (Retry-After), and a timeout. */
import { describe, expect, it, vi } from 'vitest';
import { VendorUnavailable } from '../provider.ts';
import type { SumsubConfig } from '../settings.ts';
import { vendorHttp } from '../vendor-http.ts';
import { createSumsubProvider } from './sumsub-provider.ts';

const config: SumsubConfig = {
  baseUrl: 'https://api.sumsub.test',
  appToken: 'tok',
  secretKey: 'key',
  webhookSecret: 'hook',
  levelNames: { 1: 'Level1_web', 2: 'Level2_web' },
  webSdkUrl: 'https://static.sumsub.test/sns-websdk-builder.js',
};
const applicant = { id: 'app1', review: { levelName: 'Level1_web', reviewStatus: 'init' } };
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('Sumsub calls through vendor-http', () => {
  it('when Sumsub answers 503 once, then the call is retried and succeeds', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(json(503, { description: 'down' }))
      .mockResolvedValueOnce(json(200, applicant));
    const sleep = vi.fn(async () => undefined);
    const http = vendorHttp({ vendor: 'sumsub', timeoutMs: 5000, fetch, sleep });
    const provider = createSumsubProvider(config, http, () => Date.now());
    const result = await provider.fetchResult({
      externalUserId: 'kyc_1',
      vendorApplicantId: 'app1',
      flowId: null,
      level: 1,
    });
    expect(result.outcome).toEqual({ kind: 'none' });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledTimes(1);
  });

  it('when Sumsub answers 429 with Retry-After: 1, then it waits 1 s and tries again', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(json(429, { description: 'slow down' }, { 'retry-after': '1' }))
      .mockResolvedValueOnce(json(200, applicant));
    const sleep = vi.fn(async () => undefined);
    const http = vendorHttp({ vendor: 'sumsub', timeoutMs: 5000, fetch, sleep });
    await createSumsubProvider(config, http, Date.now).fetchResult({
      externalUserId: 'kyc_1',
      vendorApplicantId: 'app1',
      flowId: null,
      level: 1,
    });
    expect(sleep).toHaveBeenCalledWith(1000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('when Sumsub never answers, then VendorUnavailable within the budget', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)),
        ),
    );
    const http = vendorHttp({ vendor: 'sumsub', timeoutMs: 300, fetch });
    const started = Date.now();
    await expect(
      createSumsubProvider(config, http, Date.now).start({
        applicant: { externalUserId: 'kyc_1', vendorApplicantId: null, flowId: null, level: 1 },
        level: 1,
        lang: 'en',
        country: '',
      }),
    ).rejects.toBeInstanceOf(VendorUnavailable);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
