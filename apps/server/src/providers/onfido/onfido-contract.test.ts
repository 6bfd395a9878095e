/**
 * The adapter against the simulator on a real port: the calls the adapter makes are the ones the
 * simulator (our reading of Onfido's API v3.6) accepts, and the webhooks the simulator signs are the ones
 * the adapter verifies.
 */
import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator } from '@kyc/vendor-simulator';
import { VendorUnavailable } from '../provider.ts';
import type { OnfidoConfig } from '../settings.ts';
import { vendorHttp } from '../vendor-http.ts';
import { createOnfidoProvider } from './onfido-provider.ts';

const API_TOKEN = 'api_sandbox.contract-test';
const WEBHOOK_TOKEN = 'contract-webhook-token';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('Onfido adapter against the simulator', () => {
  let app: FastifyInstance;
  let base: string;
  const hooks: { url: string; body: string; headers: Record<string, string> }[] = [];
  const webhookFetch: typeof fetch = async (url, init) => {
    hooks.push({
      url: String(url),
      body: String(init?.body),
      headers: init?.headers as Record<string, string>,
    });
    return new Response('{}', { status: 200 });
  };

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const simulator = createSimulator({
      publicBase: base,
      portalOrigin: 'http://portal.test',
      onfido: { apiToken: API_TOKEN, webhookToken: WEBHOOK_TOKEN },
      fetch: webhookFetch,
    });
    app = Fastify();
    await app.register(simulator.plugin);
    await app.listen({ host: '127.0.0.1', port });
  });
  afterAll(() => app.close());

  const config = (apiToken = API_TOKEN): OnfidoConfig => ({
    baseUrl: `${base}/onfido/v3.6`,
    apiToken,
    webhookToken: WEBHOOK_TOKEN,
    workflowIds: { 1: 'wf-level-1', 2: 'wf-level-2' },
    webSdkUrl: `${base}/onfido/websdk/onfido.min.js`,
  });
  const provider = (apiToken?: string) =>
    createOnfidoProvider(config(apiToken), vendorHttp({ vendor: 'onfido', timeoutMs: 5000 }), Date.now);
  const ref = {
    externalUserId: 'kyc_00112233445566778899aabb',
    vendorApplicantId: null,
    flowId: null,
    level: 1 as const,
  };

  it('when started, then an applicant, a workflow run and an SDK token; the run is resumed while it takes input', async () => {
    const onfido = provider();
    const started = await onfido.start({ applicant: ref, level: 1, lang: 'en', country: 'NL' });
    expect(started.vendorApplicantId).toMatch(/^[0-9a-f-]{36}$/);
    expect(started.flowId).toMatch(/^[0-9a-f-]{36}$/);
    expect(started.sdk).toMatchObject({ flowName: started.flowId, apiUrl: `${base}/onfido/v3.6` });
    expect(started.sdk.token).not.toBe('');

    const again = await onfido.start({
      applicant: { ...ref, vendorApplicantId: started.vendorApplicantId, flowId: started.flowId },
      level: 1,
      lang: 'en',
      country: 'NL',
    });
    expect(again).toMatchObject({ vendorApplicantId: started.vendorApplicantId, flowId: started.flowId });
    const result = await onfido.fetchResult({
      ...ref,
      vendorApplicantId: started.vendorApplicantId,
      flowId: started.flowId,
    });
    expect(result.outcome).toEqual({ kind: 'none' });
  });

  it("when the API token is wrong, then Onfido's 401 and VendorUnavailable", async () => {
    await expect(
      provider('wrong').start({ applicant: ref, level: 1, lang: 'en', country: '' }),
    ).rejects.toBeInstanceOf(VendorUnavailable);
    const response = await fetch(`${base}/onfido/v3.6/workflow_runs/x`, {
      headers: { authorization: 'Token token=wrong' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { type: 'authorization_error' } });
  });

  it('when the person submits in the hosted flow, then signed webhooks the adapter accepts, in order, and the run agrees', async () => {
    const onfido = provider();
    const started = await onfido.start({ applicant: ref, level: 1, lang: 'en', country: 'NL' });
    const script = await (await fetch(`${base}/onfido/websdk/onfido.min.js`)).text();
    expect(script).toContain('window.Onfido');
    const query = `token=${encodeURIComponent(started.sdk.token)}&workflowRunId=${started.flowId}&lang=en`;
    expect((await fetch(`${base}/onfido/websdk/flow?${query}`)).status).toBe(200);
    expect(
      (await fetch(`${base}/onfido/websdk/flow?token=forged&workflowRunId=${started.flowId}`)).status,
    ).toBe(401);

    hooks.length = 0;
    const submitted = await fetch(`${base}/onfido/websdk/flow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        decision: 'retry',
        token: started.sdk.token,
        workflowRunId: started.flowId,
        files: {},
      }),
    });
    expect(await submitted.json()).toEqual({ status: 'declined' });
    const events = hooks.map((hook) =>
      onfido.parseWebhook({
        rawBody: Buffer.from(hook.body),
        headers: hook.headers,
        remoteAddress: '127.0.0.1',
      }),
    );
    expect(hooks.every((h) => h.url === 'http://portal.test/webhooks/onfido')).toBe(true);
    expect(events.map((e) => [e.type, e.flowId, e.outcome])).toEqual([
      ['workflow_task.completed', started.flowId, { kind: 'pending' }],
      ['workflow_run.completed', started.flowId, 'fetch'],
    ]);
    const result = await onfido.fetchResult({
      ...ref,
      vendorApplicantId: started.vendorApplicantId,
      flowId: started.flowId,
    });
    expect(result.outcome).toMatchObject({ kind: 'rejected_retry', reasons: [{ code: 'BLURRY_IMAGE' }] });

    // A finished run is not resumed: the next attempt opens a new one.
    const next = await onfido.start({
      applicant: { ...ref, vendorApplicantId: started.vendorApplicantId, flowId: started.flowId },
      level: 1,
      lang: 'en',
      country: 'NL',
    });
    expect(next.flowId).not.toBe(started.flowId);
  });
});
