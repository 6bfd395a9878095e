/**
 * Sumsub end to end (docs/providers.md "Sumsub"): the real app (listening on 127.0.0.1) configured with
 * SUMSUB_* pointing at the Sumsub simulator on its own port; the simulator's webhooks come back to the
 * app over HTTP. Journeys: approve, retry then approve, final (four eyes), forged signature, duplicate,
 * out-of-order, a lost webhook found by reconciliation, and Sumsub down.
 */
import { createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '@kyc/vendor-simulator';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { INFO_FLAGS, decide, kycInfo, kycView, staffClient, userClient } from './support/kyc-flows.ts';
import type { TestClient } from './support/test-app.ts';

const SECRETS = {
  appToken: 'sbx:int-token',
  secretKey: 'int-secret-key',
  webhookSecret: 'int-webhook-secret',
};
const EMAIL = 'sumsub@demo.test';
const PORTAL = 'http://portal.invalid';

const sign = (body: string, secret = SECRETS.webhookSecret) => ({
  'content-type': 'application/json',
  'x-payload-digest': createHmac('sha256', secret).update(body).digest('hex'),
  'x-payload-digest-alg': 'HMAC_SHA256_HEX',
});

describe.each(testDatabases())('Sumsub verification on $name', (testDb) => {
  let sim: FastifyInstance;
  let simulator: Simulator;
  let simBase = '';
  let portal = '';
  const env: Record<string, string> = {};

  beforeAll(async () => {
    simulator = createSimulator({
      publicBase: PORTAL,
      portalOrigin: PORTAL,
      sumsub: SECRETS,
      // The app listens on a port known only per test: the simulator's webhooks go to it.
      fetch: (url, init) => fetch(String(url).replace(PORTAL, portal), init),
    });
    sim = Fastify();
    await sim.register(simulator.plugin);
    await sim.listen({ port: 0, host: '127.0.0.1' });
    simBase = `http://127.0.0.1:${(sim.addresses()[0] as { port: number }).port}`;
    Object.assign(env, {
      SUMSUB_BASE_URL: `${simBase}/sumsub`,
      SUMSUB_WEB_SDK_URL: `${simBase}/sumsub/websdk/sns-websdk-builder.js`,
      SUMSUB_APP_TOKEN: SECRETS.appToken,
      SUMSUB_SECRET_KEY: SECRETS.secretKey,
      SUMSUB_WEBHOOK_SECRET: SECRETS.webhookSecret,
      VENDOR_RECONCILE_MINUTES: '1',
      VENDOR_HTTP_TIMEOUT_MS: '3000',
    });
  });
  afterAll(() => sim.close());

  const fixture = useAppFixture(testDb, { env });

  beforeEach(async () => {
    simulator.control.dropWebhooks.sumsub = false;
    simulator.control.sent.length = 0;
    await fixture.app.listen({ port: 0, host: '127.0.0.1' });
    portal = `http://127.0.0.1:${(fixture.app.addresses()[0] as { port: number }).port}`;
  });

  async function sdkToken(client: TestClient, level = 1): Promise<string> {
    const { envelope } = await client.post('/v3/private/kyc/get-verification-sdk-info', { level });
    expect(envelope?.ret_code).toBe(0);
    const result = envelope?.result as { provider: string; vendorSdk: { token: string; flowName: string } };
    expect(result.provider).toBe('sumsub');
    return result.vendorSdk.token;
  }

  /** The person's decision in the simulated WebSDK, and every webhook it sent answered. */
  async function decideInSdk(token: string, decision: 'approve' | 'retry' | 'final') {
    const response = await fetch(`${simBase}/sumsub/websdk/flow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ decision, accessToken: token, files: { front: 1000, selfie: 900 } }),
    });
    expect(await response.json()).toEqual({ ok: true });
    await simulator.control.settled();
  }

  const postWebhook = (body: string, headers: Record<string, string>) =>
    fixture.app.inject({ method: 'POST', url: '/webhooks/sumsub', payload: body, headers });

  const events = () => fixture.database.db.selectFrom('vendor_events').selectAll().orderBy('id').execute();

  it('when the person is approved at Sumsub, then the webhooks make level 1 SUCCESS', async () => {
    const client = await userClient(fixture.app, EMAIL);
    const token = await sdkToken(client);
    expect(token).toMatch(/^_act-/);
    await decideInSdk(token, 'approve');
    expect((await kycView(client)).level1).toBe('SUCCESS');
    const applied = await events();
    expect(applied.map((e) => e.event_type).sort()).toEqual(['applicantPending', 'applicantReviewed']);
  });

  it('when Sumsub asks for a retry, then FAILED_AND_CAN_RETRY with BLURRY_IMAGE and the comment; a second attempt is approved', async () => {
    const client = await userClient(fixture.app, EMAIL);
    await decideInSdk(await sdkToken(client), 'retry');
    const level1 = (await kycInfo(client, INFO_FLAGS)).state?.find((s) => s.level === 1);
    expect(level1).toMatchObject({
      status: 'FAILED_AND_CAN_RETRY',
      rejectReason: 'The photo of your document is blurry. Please take it again in good light.',
    });
    const decision = await fixture.database.db
      .selectFrom('kyc_decisions')
      .selectAll()
      .where('decision', '=', 'reject_retry')
      .executeTakeFirstOrThrow();
    expect(decision).toMatchObject({ reason_code: 'BLURRY_IMAGE', staff_id: 0 });

    await decideInSdk(await sdkToken(client), 'approve');
    expect((await kycView(client)).level1).toBe('SUCCESS');
  });

  it('when Sumsub rejects for good, then PENDING with a final proposal by staff 0 until a senior confirms', async () => {
    const client = await userClient(fixture.app, EMAIL);
    await decideInSdk(await sdkToken(client), 'final');
    expect((await kycView(client)).level1).toBe('PENDING');
    const proposal = await fixture.database.db
      .selectFrom('kyc_decisions')
      .selectAll()
      .where('decision', '=', 'reject_final_proposed')
      .executeTakeFirstOrThrow();
    expect(proposal).toMatchObject({ staff_id: 0, reason_code: 'SUSPECTED_FRAUD' });

    const senior = await staffClient(fixture.app, 'senior@demo.test');
    const userId = await fixture.userIdOf(EMAIL);
    expect((await decide(senior, userId, { decision: 'confirm_final', level: 1 })).ret_code).toBe(0);
    expect((await kycView(client)).level1).toBe('FAILED_AND_CAN_NOT_RETRY');
  });

  it('when a webhook is forged, then 401 / 30062 and nothing changes', async () => {
    const client = await userClient(fixture.app, EMAIL);
    await sdkToken(client);
    const applicantId = (
      await fixture.database.db.selectFrom('vendor_applicants').selectAll().executeTakeFirstOrThrow()
    ).vendor_applicant_id;
    const body = JSON.stringify({
      applicantId,
      type: 'applicantReviewed',
      correlationId: 'req-forged',
      createdAtMs: '2030-01-01 00:00:00.000',
      reviewResult: { reviewAnswer: 'GREEN' },
    });
    const response = await postWebhook(body, sign(body, 'not-the-secret'));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ ret_code: 30062 });
    expect(await events()).toHaveLength(0);
    expect((await kycView(client)).level1).toBe('ALLOW');
  });

  it('when the same webhook comes twice, then one effect; an older applicantPending after the review is stale', async () => {
    const client = await userClient(fixture.app, EMAIL);
    await decideInSdk(await sdkToken(client), 'approve');
    const reviewed = simulator.control.sent.find(
      (s) => s.status === 200 && JSON.parse(s.body).type === 'applicantReviewed',
    );
    expect(reviewed && JSON.parse(reviewed.body).type).toBe('applicantReviewed');
    const again = await postWebhook(reviewed?.body ?? '', sign(reviewed?.body ?? ''));
    expect(again.json()).toMatchObject({ ret_code: 0, result: { effect: 'duplicate' } });

    const old = JSON.parse(reviewed?.body ?? '{}') as Record<string, unknown>;
    const pending = JSON.stringify({
      ...old,
      type: 'applicantPending',
      reviewStatus: 'pending',
      reviewResult: undefined,
      correlationId: 'req-late-pending',
      createdAtMs: '2020-01-01 00:00:00.000',
    });
    const late = await postWebhook(pending, sign(pending));
    expect(late.json()).toMatchObject({ ret_code: 0, result: { effect: 'stale' } });
    expect((await kycView(client)).level1).toBe('SUCCESS');
  });

  it('when the webhooks are lost, then the level waits, and reconciliation reads the approval from Sumsub', async () => {
    const client = await userClient(fixture.app, EMAIL);
    const token = await sdkToken(client);
    simulator.control.dropWebhooks.sumsub = true;
    await decideInSdk(token, 'approve');
    expect((await kycView(client)).level1).not.toBe('SUCCESS');
    // Time passes: the verification has been pending longer than VENDOR_RECONCILE_MINUTES.
    await fixture.database.db
      .updateTable('vendor_applicants')
      .set({ pending_since: Date.now() - 10 * 60_000 })
      .execute();
    const job = fixture.app.jobs.find((j) => j.name === 'vendor-reconciliation');
    expect(await job?.run()).toBe(1);
    expect((await kycView(client)).level1).toBe('SUCCESS');
  });
});

describe.each(testDatabases())('Sumsub down on $name', (testDb) => {
  const fixture = useAppFixture(testDb, {
    env: {
      SUMSUB_BASE_URL: 'http://127.0.0.1:9',
      SUMSUB_APP_TOKEN: SECRETS.appToken,
      SUMSUB_SECRET_KEY: SECRETS.secretKey,
      SUMSUB_WEBHOOK_SECRET: SECRETS.webhookSecret,
      VENDOR_HTTP_TIMEOUT_MS: '1500',
    },
  });

  it('when Sumsub does not answer, then get-verification-sdk-info answers 30061 within the timeout', async () => {
    const client = await userClient(fixture.app, EMAIL);
    const started = Date.now();
    const { envelope } = await client.post('/v3/private/kyc/get-verification-sdk-info', { level: 1 });
    expect(envelope?.ret_code).toBe(30061);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
