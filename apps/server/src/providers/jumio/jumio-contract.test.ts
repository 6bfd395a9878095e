/**
 * The adapter against the Jumio simulator on a real port: the same HTTP calls it makes to Jumio (token,
 * account creation and update, web client, retrieval), and the callbacks the simulator sends back.
 */
import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator } from '@kyc/vendor-simulator';
import { VendorUnavailable, type VendorEvent } from '../provider.ts';
import type { JumioConfig } from '../settings.ts';
import { vendorHttp } from '../vendor-http.ts';
import { createJumioProvider } from './jumio-provider.ts';

const CREDENTIALS = { clientId: 'contract-client', clientSecret: 'contract-secret' };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

describe('Jumio adapter against the simulator', () => {
  let app: FastifyInstance;
  let config: JumioConfig;
  const callbacks: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const simulator = createSimulator({
      publicBase: `${origin}/simulator`,
      portalOrigin: 'http://portal.test',
      jumio: CREDENTIALS,
      fetch: (async (_url: string | URL | Request, init?: RequestInit) => {
        callbacks.push(String(init?.body));
        return new Response('{}', { status: 200 });
      }) as typeof fetch,
    });
    app = Fastify();
    await app.register(simulator.plugin, { prefix: '/simulator' });
    await app.listen({ host: '127.0.0.1', port });
    config = {
      ...CREDENTIALS,
      authUrl: `${origin}/simulator/jumio/oauth2/token`,
      baseUrl: `${origin}/simulator/jumio`,
      retrievalUrl: `${origin}/simulator/jumio`,
      workflowKeys: { 1: '10013', 2: '10013' },
      callbackAllowedIps: ['127.0.0.1'],
    };
  });
  afterAll(() => app.close());

  const http = vendorHttp({ vendor: 'jumio', timeoutMs: 5_000 });

  /** Opens the web client page and posts the decision as its script does; answers the callbacks' events. */
  async function decide(flowUrl: string, decision: string): Promise<VendorEvent[]> {
    const page = await fetch(flowUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
    const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const before = callbacks.length;
    const answer = await fetch(action.replaceAll('&amp;', '&'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ decision, token }),
    });
    expect(await answer.json()).toMatchObject({ ok: true });
    await new Promise((r) => setTimeout(r, 50));
    const jumio = createJumioProvider(config, http, Date.now);
    return callbacks
      .slice(before)
      .map((body) =>
        jumio.parseWebhook({ rawBody: Buffer.from(body), headers: {}, remoteAddress: '127.0.0.1' }),
      );
  }

  it('when a person is verified, approved, then tries level 2 and is rejected, then the adapter reads each outcome', async () => {
    const jumio = createJumioProvider(config, http, Date.now);
    const externalUserId = 'kyc_00112233445566778899aabb';
    const started = await jumio.start({
      applicant: { externalUserId, vendorApplicantId: null, flowId: null, level: 1 },
      level: 1,
      lang: 'de',
      country: 'DE',
    });
    expect(started.sdk.flowUrl).toContain('/simulator/jumio/web/v4/app?authorizationToken=');
    expect(started.sdk.flowUrl).toContain('locale=de');
    expect(started.sdk.token).not.toBe('');

    const events = await decide(started.sdk.flowUrl, 'approve');
    expect(events.map((e) => e.type)).toEqual(['workflowExecution.ACQUIRED', 'workflowExecution.PROCESSED']);
    expect(events[1]).toMatchObject({
      vendorApplicantId: started.vendorApplicantId,
      flowId: started.flowId,
      externalUserId,
      outcome: 'fetch',
    });
    const applicant = {
      externalUserId,
      vendorApplicantId: started.vendorApplicantId,
      flowId: started.flowId,
      level: 1 as const,
    };
    const approved = await jumio.fetchResult(applicant);
    expect(approved).toMatchObject({
      outcome: { kind: 'approved' },
      resultKey: `${started.flowId}:PROCESSED:PASSED`,
    });

    const again = await jumio.start({ applicant, level: 2, lang: 'en', country: 'DE' });
    expect(again.vendorApplicantId).toBe(started.vendorApplicantId);
    expect(again.flowId).not.toBe(started.flowId);
    await decide(again.sdk.flowUrl, 'final');
    const final = await jumio.fetchResult({ ...applicant, flowId: again.flowId, level: 2 });
    expect(final.outcome).toMatchObject({
      kind: 'rejected_final',
      reasons: [{ code: 'SUSPECTED_FRAUD', vendorLabel: 'imageChecks:FRAUD' }],
    });

    const third = await jumio.start({
      applicant: { ...applicant, flowId: again.flowId, level: 2 },
      level: 2,
      lang: 'en',
      country: '',
    });
    await decide(third.sdk.flowUrl, 'retry');
    const retry = await jumio.fetchResult({ ...applicant, flowId: third.flowId, level: 2 });
    expect(retry.outcome).toMatchObject({ kind: 'rejected_retry', reasons: [{ code: 'BLURRY_IMAGE' }] });
  });

  it('when the credentials are wrong, then the token call is refused and the adapter answers VendorUnavailable', async () => {
    const jumio = createJumioProvider({ ...config, clientSecret: 'wrong' }, http, Date.now);
    await expect(
      jumio.start({
        applicant: { externalUserId: 'kyc_x', vendorApplicantId: null, flowId: null, level: 1 },
        level: 1,
        lang: 'en',
        country: '',
      }),
    ).rejects.toBeInstanceOf(VendorUnavailable);
    const token = await fetch(config.authUrl, {
      method: 'POST',
      body: 'grant_type=client_credentials',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(token.status).toBe(401);
    const noBearer = await fetch(`${config.baseUrl}/api/v1/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noBearer.status).toBe(401);
  });
});
