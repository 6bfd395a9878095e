/**
 * The adapter against the Sumsub simulator over real HTTP (the global fetch, 127.0.0.1, port 0): the
 * simulator checks the signatures as Sumsub does, so what passes here is signed by Sumsub's recipe.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '@kyc/vendor-simulator';
import { VendorUnavailable, type VerificationProvider } from '../provider.ts';
import type { SumsubConfig } from '../settings.ts';
import { vendorHttp } from '../vendor-http.ts';
import { createSumsubProvider } from './sumsub-provider.ts';
import { signedHeaders } from './signing.ts';

const CREDENTIALS = { appToken: 'sbx:contract-token', secretKey: 'contract-secret', webhookSecret: 'hook' };

describe('Sumsub adapter against the simulator', () => {
  let server: FastifyInstance;
  let simulator: Simulator;
  let config: SumsubConfig;
  const delivered: { url: string; body: string; headers: Record<string, string> }[] = [];
  const provider = (overrides: Partial<SumsubConfig> = {}): VerificationProvider =>
    createSumsubProvider(
      { ...config, ...overrides },
      vendorHttp({ vendor: 'sumsub', timeoutMs: 3000 }),
      Date.now,
    );
  const ref = (externalUserId: string, vendorApplicantId: string | null = null) => ({
    externalUserId,
    vendorApplicantId,
    flowId: null,
    level: 1 as const,
  });

  beforeAll(async () => {
    simulator = createSimulator({
      publicBase: 'http://127.0.0.1:1/unused',
      portalOrigin: 'http://portal.test',
      sumsub: CREDENTIALS,
      fetch: async (url, init) => {
        delivered.push({
          url: String(url),
          body: String(init?.body),
          headers: init?.headers as Record<string, string>,
        });
        return new Response('{}', { status: 200 });
      },
    });
    server = Fastify();
    await server.register(simulator.plugin, { prefix: '/sim' });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.addresses()[0] as { port: number };
    config = {
      baseUrl: `http://127.0.0.1:${port}/sim/sumsub`,
      ...CREDENTIALS,
      levelNames: { 1: 'Level1_web', 2: 'Level2_web' },
      webSdkUrl: `http://127.0.0.1:${port}/sim/sumsub/websdk/sns-websdk-builder.js`,
    };
  });
  afterAll(() => server.close());

  it('when a person starts, then an applicant is created and a 30-minute SDK token answered', async () => {
    const before = Date.now();
    const started = await provider().start({ applicant: ref('kyc_a1'), level: 1, lang: 'en', country: 'GB' });
    expect(started.vendorApplicantId).toMatch(/^[0-9a-f]{24}$/);
    expect(started.sdk).toMatchObject({
      apiUrl: config.baseUrl,
      flowName: 'Level1_web',
      sdkUrl: config.webSdkUrl,
      flowUrl: '',
    });
    expect(started.sdk.token).toMatch(/^_act-/);
    expect(started.sdk.expiresAt).toBeGreaterThanOrEqual(before + 1800_000);
  });

  it('when the applicant already exists at Sumsub (409), then it is read back by externalUserId and reused', async () => {
    const first = await provider().start({ applicant: ref('kyc_dup'), level: 1, lang: 'en', country: '' });
    const second = await provider().start({ applicant: ref('kyc_dup'), level: 1, lang: 'en', country: '' });
    expect(second.vendorApplicantId).toBe(first.vendorApplicantId);
    expect(second.sdk.token).not.toBe(first.sdk.token);
  });

  it('when level 2 is asked of a level-1 applicant, then it is moved to the level 2 name', async () => {
    const first = await provider().start({ applicant: ref('kyc_l2'), level: 1, lang: 'en', country: '' });
    const second = await provider().start({
      applicant: ref('kyc_l2', first.vendorApplicantId),
      level: 2,
      lang: 'en',
      country: '',
    });
    expect(second.sdk.flowName).toBe('Level2_web');
    const url = `${config.baseUrl}/resources/applicants/${first.vendorApplicantId}/one`;
    const response = await server.inject({
      method: 'GET',
      url: new URL(url).pathname,
      headers: signedHeaders(CREDENTIALS, 'GET', url, '', Date.now()),
    });
    expect(response.json()).toMatchObject({
      id: first.vendorApplicantId,
      review: { levelName: 'Level2_web' },
    });
  });

  it('when the person submits and Sumsub approves, then a signed applicantReviewed is sent and /one shows GREEN', async () => {
    const started = await provider().start({ applicant: ref('kyc_sub'), level: 1, lang: 'en', country: '' });
    const response = await server.inject({
      method: 'POST',
      url: '/sim/sumsub/websdk/flow',
      payload: { decision: 'retry', accessToken: started.sdk.token, files: { front: 10 } },
    });
    expect(response.json()).toEqual({ ok: true });
    await simulator.control.settled();
    const mine = delivered.filter((d) => d.body.includes(started.vendorApplicantId));
    expect(mine.map((d) => JSON.parse(d.body).type)).toEqual(['applicantPending', 'applicantReviewed']);
    const events = mine.map((d) =>
      provider().parseWebhook({
        rawBody: Buffer.from(d.body),
        headers: Object.fromEntries(Object.entries(d.headers).map(([k, v]) => [k.toLowerCase(), v])),
        remoteAddress: '127.0.0.1',
      }),
    );
    expect(events[0]?.outcome).toEqual({ kind: 'pending' });
    expect(events[1]?.outcome).toMatchObject({ kind: 'rejected_retry', reasons: [{ code: 'BLURRY_IMAGE' }] });
    expect(events[1]?.occurredAt ?? 0).toBeGreaterThan(events[0]?.occurredAt ?? Infinity);
    const result = await provider().fetchResult({
      ...ref('kyc_sub'),
      vendorApplicantId: started.vendorApplicantId,
    });
    expect(result.outcome).toMatchObject({ kind: 'rejected_retry' });
    expect(result.occurredAt).toBe(events[1]?.occurredAt);
  });

  it('when the secret key is wrong, then the simulator refuses the signature (401) and the adapter says unavailable', async () => {
    await expect(
      provider({ secretKey: 'not-the-secret' }).start({
        applicant: ref('kyc_bad'),
        level: 1,
        lang: 'en',
        country: '',
      }),
    ).rejects.toThrow(/HTTP 401.*signature mismatch/);
    await expect(
      provider({ appToken: 'other' }).start({ applicant: ref('kyc_bad'), level: 1, lang: 'en', country: '' }),
    ).rejects.toBeInstanceOf(VendorUnavailable);
  });

  it('when the timestamp is older than 5 minutes, then the simulator refuses it', async () => {
    const old = createSumsubProvider(
      config,
      vendorHttp({ vendor: 'sumsub', timeoutMs: 3000 }),
      () => Date.now() - 6 * 60_000,
    );
    await expect(old.start({ applicant: ref('kyc_old'), level: 1, lang: 'en', country: '' })).rejects.toThrow(
      /timestamp/,
    );
  });
});
