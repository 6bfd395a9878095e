/**
 * Onfido end to end (docs/providers-onfido.md): the real app listening on a port, the Onfido simulator
 * started next to it, its signed webhooks arriving at POST /webhooks/onfido. onfido@demo.test is routed
 * to Onfido by the seed.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, type SimulatorControl } from '@kyc/vendor-simulator';
import type { Envelope, ReviewCase } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { signedInClient, type TestClient } from './support/test-app.ts';
import { kycInfo, staffClient } from './support/kyc-flows.ts';

const API_TOKEN = 'api_sandbox.int-test-token';
const WEBHOOK_TOKEN = 'int-test-onfido-webhook-token';
const EMAIL = 'onfido@demo.test';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

const sign = (body: string) => createHmac('sha256', WEBHOOK_TOKEN).update(body).digest('hex');

interface VendorSdk {
  token: string;
  apiUrl: string;
  flowName: string;
  sdkUrl: string;
  flowUrl: string;
  expiresAt: number;
}

describe.each(testDatabases())('Onfido verification on $name', (testDb) => {
  const env: Record<string, string> = {};
  let simulator: FastifyInstance;
  let control: SimulatorControl;
  let appPort = 0;
  let simBase = '';

  beforeAll(async () => {
    appPort = await freePort();
    const simPort = await freePort();
    simBase = `http://127.0.0.1:${simPort}`;
    const sim = createSimulator({
      publicBase: simBase,
      portalOrigin: `http://127.0.0.1:${appPort}`,
      onfido: { apiToken: API_TOKEN, webhookToken: WEBHOOK_TOKEN },
    });
    control = sim.control;
    simulator = Fastify();
    await simulator.register(sim.plugin);
    await simulator.listen({ host: '127.0.0.1', port: simPort });
    Object.assign(env, {
      PUBLIC_ORIGIN: `http://127.0.0.1:${appPort}`,
      ONFIDO_BASE_URL: `${simBase}/onfido/v3.6`,
      ONFIDO_API_TOKEN: API_TOKEN,
      ONFIDO_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
      ONFIDO_WORKFLOW_ID_LEVEL1: 'wf-level-1',
      ONFIDO_WORKFLOW_ID_LEVEL2: 'wf-level-2',
      ONFIDO_WEB_SDK_URL: `${simBase}/onfido/websdk/onfido.min.js`,
    });
  });
  afterAll(() => simulator.close());

  const fixture = useAppFixture(testDb, { env });

  beforeEach(async () => {
    control.dropWebhooks.onfido = false;
    await fixture.app.listen({ host: '127.0.0.1', port: appPort });
  });

  async function sdkOf(client: TestClient): Promise<VendorSdk> {
    const { envelope } = await client.post('/v3/private/kyc/get-verification-sdk-info', { level: 1 });
    expect(envelope?.ret_code).toBe(0);
    expect(envelope?.result).toMatchObject({ provider: 'onfido' });
    return (envelope?.result as { vendorSdk: VendorSdk }).vendorSdk;
  }

  /** The person submits in the hosted flow with the simulator's decision; answers when its webhooks were answered. */
  async function submit(
    sdk: VendorSdk,
    decision: 'approve' | 'retry' | 'final',
    document?: Record<string, unknown>,
  ) {
    const response = await fetch(`${simBase}/onfido/websdk/flow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        decision,
        token: sdk.token,
        workflowRunId: sdk.flowName,
        files: { front: 1 },
        ...(document ? { document } : {}),
      }),
    });
    expect(response.status).toBe(200);
    await control.settled();
  }

  const level1 = async (client: TestClient) =>
    (await kycInfo(client)).state?.find((s) => s.level === 1)?.status;

  const postWebhook = (body: string, signature: string) =>
    fixture.app.inject({
      method: 'POST',
      url: '/webhooks/onfido',
      headers: { 'content-type': 'application/json', 'x-sha2-signature': signature },
      payload: body,
    });

  it('when the SDK info is asked, then the Onfido session: SDK token, API, workflow run and script', async () => {
    const client = await signedInClient(fixture.app, EMAIL);
    const sdk = await sdkOf(client);
    expect(sdk).toMatchObject({
      apiUrl: `${simBase}/onfido/v3.6`,
      sdkUrl: `${simBase}/onfido/websdk/onfido.min.js`,
      flowUrl: '',
    });
    expect(sdk.token).not.toBe('');
    expect(sdk.expiresAt).toBeGreaterThan(Date.now());
    const row = await fixture.database.db
      .selectFrom('vendor_applicants')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: 'onfido', flow_id: sdk.flowName, level: 1 });
    expect(row.external_user_id).toMatch(/^kyc_[0-9a-f]{24}$/);
    // Asked again while the run takes input: the same run.
    expect((await sdkOf(client)).flowName).toBe(sdk.flowName);
  });

  it('when Onfido approves and the workflow output carries what the Document Report read, then the checks of that result are on the case: data_match against what was typed, expiry failing, duplicate_document (issue 19, D112)', async () => {
    const client = await signedInClient(fixture.app, EMAIL);
    const typed = { firstName: 'Anna', lastName: 'Mueller', dateOfBirth: '1990-01-01' };
    expect((await client.post('/v3/private/kyc/kyc-personal-info', typed)).envelope?.ret_code).toBe(0);
    await submit(await sdkOf(client), 'approve', {
      first_name: 'Anna',
      last_name: 'Müller',
      date_of_birth: '1990-01-01',
      date_of_expiry: '2021-06-30',
      // The Document Report's own shape (API v3.6): the numbers as a list.
      document_numbers: [{ value: 'C01X00T47', type: 'document_number' }],
      issuing_country: 'DEU',
      document_type: 'passport',
    });
    // The vendor decides: an expired document only flags the case.
    expect(await level1(client)).toBe('SUCCESS');
    const userId = await fixture.userIdOf(EMAIL);
    const staff = await staffClient(fixture.app, 'reviewer@demo.test');
    const seen = (await staff.get(`/backoffice/api/cases/${userId}`)).envelope?.result as ReviewCase;
    expect(seen.checks?.map((c) => [c.name, c.outcome])).toEqual([
      ['data_match', 'pass'],
      ['expiry', 'fail'],
      ['duplicate_document', 'pass'],
    ]);
    expect(seen.checks?.[1]?.detail).toEqual({
      code: 'expiry_date',
      expired: true,
      expiryDate: '2021-06-30',
    });
  });

  it('when the flow is approved, then level 1 SUCCESS through the webhooks', async () => {
    const client = await signedInClient(fixture.app, EMAIL);
    await submit(await sdkOf(client), 'approve');
    expect(control.sent.filter((s) => s.vendor === 'onfido').map((s) => s.status)).toContain(200);
    expect(await level1(client)).toBe('SUCCESS');
  });

  it('when the flow is declined, then FAILED_AND_CAN_RETRY with the reason, and the next attempt opens a new run', async () => {
    const client = await signedInClient(fixture.app, EMAIL);
    const sdk = await sdkOf(client);
    await submit(sdk, 'retry');
    expect(await level1(client)).toBe('FAILED_AND_CAN_RETRY');
    const info = await kycInfo(client);
    expect(JSON.stringify(info)).toContain('BLURRY_IMAGE');
    expect((await sdkOf(client)).flowName).not.toBe(sdk.flowName);
  });

  it('when the flow is declined for fraud, then the level stays PENDING with a final rejection proposed', async () => {
    const client = await signedInClient(fixture.app, EMAIL);
    await submit(await sdkOf(client), 'final');
    expect(await level1(client)).toBe('PENDING');
    const decisions = await fixture.database.db.selectFrom('kyc_decisions').selectAll().execute();
    expect(decisions.map((d) => [d.decision, d.reason_code, d.decided_by_provider])).toEqual([
      ['reject_final_proposed', 'SUSPECTED_FRAUD', 'onfido'],
    ]);
  });

  it('when a webhook is forged, then 401 / 30062 and nothing changes', async () => {
    const client = await signedInClient(fixture.app, EMAIL);
    const sdk = await sdkOf(client);
    const body = JSON.stringify({
      payload: {
        resource_type: 'workflow_run',
        action: 'workflow_run.completed',
        object: { id: sdk.flowName, status: 'approved', completed_at_iso8601: new Date().toISOString() },
      },
    });
    const forged = await postWebhook(body, sign(`${body} `));
    expect(forged.statusCode).toBe(401);
    expect((forged.json() as Envelope).ret_code).toBe(30062);
    expect((await postWebhook(body, '')).statusCode).toBe(401);
    expect(await level1(client)).toBe('ALLOW');
    expect(await fixture.database.db.selectFrom('vendor_events').selectAll().execute()).toHaveLength(0);
  });

  it('when a webhook is delivered twice, then the second is a duplicate', async () => {
    const client = await signedInClient(fixture.app, EMAIL);
    await submit(await sdkOf(client), 'approve');
    const completed = control.sent.filter(
      (s) => s.vendor === 'onfido' && s.body.includes('workflow_run.completed'),
    );
    const last = completed[completed.length - 1];
    const again = await postWebhook(last?.body ?? '', sign(last?.body ?? ''));
    expect(again.statusCode).toBe(200);
    expect((again.json() as Envelope<{ effect: string }>).result?.effect).toBe('duplicate');
    expect(await level1(client)).toBe('SUCCESS');
  });

  it('when the decision webhook is lost, then the reconciliation job reads the run and applies it', async () => {
    const client = await signedInClient(fixture.app, EMAIL);
    const sdk = await sdkOf(client);
    control.dropWebhooks.onfido = true;
    const before = control.sent.length;
    await submit(sdk, 'approve');
    const dropped = control.sent.slice(before);
    expect(dropped.map((s) => s.status)).toEqual(['dropped', 'dropped']);
    // The capture task's webhook arrives; the run's decision is the one lost.
    const task = dropped[0]?.body ?? '';
    expect(task).toContain('workflow_task.completed');
    expect((await postWebhook(task, sign(task))).json()).toMatchObject({ result: { effect: 'applied' } });
    expect(await level1(client)).toBe('PENDING');

    // Pending for longer than VENDOR_RECONCILE_MINUTES.
    await fixture.database.db
      .updateTable('vendor_applicants')
      .set({ pending_since: Date.now() - 3 * 60 * 60_000 })
      .execute();
    const job = fixture.app.jobs.find((j) => j.name === 'vendor-reconciliation');
    expect(await job?.run()).toBe(1);
    expect(await level1(client)).toBe('SUCCESS');
  });
});
