/**
 * Jumio end to end (docs/providers-jumio.md): the app listening on a real port so that the simulator's
 * callbacks arrive over HTTP from 127.0.0.1, the simulator on its own port as Jumio would be. The
 * callback is a notice only: every outcome here is read from the simulator's retrieval API.
 */
import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Envelope, ReviewCase } from '@kyc/contracts';
import { createSimulator, type Simulator } from '@kyc/vendor-simulator';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { signedInClient, type TestClient } from './support/test-app.ts';
import { kycInfo, staffClient } from './support/kyc-flows.ts';

const CREDENTIALS = { clientId: 'int-jumio-client', clientSecret: 'int-jumio-secret' };
const PORTAL = 'http://portal.invalid';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

describe.each(testDatabases())('Jumio verification through the simulator on $name', (testDb) => {
  const env: Record<string, string> = {};
  let simulatorApp: FastifyInstance;
  let simulator: Simulator;
  let appOrigin = '';
  /** A lost callback: 'all' loses every callback, 'processed' only the PROCESSED ones. */
  let lose: 'none' | 'all' | 'processed' = 'none';

  beforeAll(async () => {
    const port = await freePort();
    const simBase = `http://127.0.0.1:${port}/simulator`;
    simulator = createSimulator({
      publicBase: simBase,
      portalOrigin: PORTAL,
      jumio: CREDENTIALS,
      // The portal's port is known only once the app listens: callbacks are addressed to it then.
      fetch: (async (url: string | URL | Request, init?: RequestInit) => {
        const processed = String(init?.body).includes('"status":"PROCESSED"');
        if (lose === 'all' || (lose === 'processed' && processed)) return new Response('{}', { status: 200 });
        return fetch(String(url).replace(PORTAL, appOrigin), init);
      }) as typeof fetch,
    });
    simulatorApp = Fastify();
    await simulatorApp.register(simulator.plugin, { prefix: '/simulator' });
    await simulatorApp.listen({ host: '127.0.0.1', port });
    Object.assign(env, {
      JUMIO_CLIENT_ID: CREDENTIALS.clientId,
      JUMIO_CLIENT_SECRET: CREDENTIALS.clientSecret,
      JUMIO_AUTH_URL: `${simBase}/jumio/oauth2/token`,
      JUMIO_BASE_URL: `${simBase}/jumio`,
      JUMIO_RETRIEVAL_URL: `${simBase}/jumio`,
      JUMIO_CALLBACK_ALLOWED_IPS: '127.0.0.1,::1,::ffff:127.0.0.1',
    });
  });
  afterAll(() => simulatorApp.close());

  const fixture = useAppFixture(testDb, { env });

  beforeEach(async () => {
    lose = 'none';
    await fixture.app.listen({ host: '127.0.0.1', port: 0 });
    const address = fixture.app.server.address();
    appOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  const levelStatus = async (client: TestClient, level = 1) =>
    (await kycInfo(client)).state?.find((s) => s.level === level)?.status;
  const events = () => fixture.database.db.selectFrom('vendor_events').selectAll().execute();

  /** Signs in jumio@demo.test and answers the web client address of its level 1. */
  async function jumioFlow(): Promise<{ client: TestClient; flowUrl: string }> {
    const client = await signedInClient(fixture.app, 'jumio@demo.test');
    const { envelope } = await client.post('/v3/private/kyc/get-verification-sdk-info', { level: 1 });
    expect(envelope?.ret_code).toBe(0);
    const result = envelope?.result as { provider: string; vendorSdk: { flowUrl: string; sdkUrl: string } };
    expect(result.provider).toBe('jumio');
    expect(result.vendorSdk.sdkUrl).toBe('');
    return { client, flowUrl: result.vendorSdk.flowUrl };
  }

  /** The web client page as a browser gets it, and the decision posted as its script does. */
  async function decide(
    flowUrl: string,
    decision: 'approve' | 'retry' | 'final',
    extracted?: Record<string, string>,
  ) {
    const html = await (await fetch(flowUrl)).text();
    const action = (/action="([^"]+)"/.exec(html)?.[1] ?? '').replaceAll('&amp;', '&');
    const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const answer = await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ decision, token, ...(extracted ? { extracted } : {}) }),
    });
    expect(answer.status).toBe(200);
    await simulator.control.settled();
  }

  const lastSent = (status: string) =>
    simulator.control.sent
      .filter((s) => s.vendor === 'jumio' && s.body.includes(`"status":"${status}"`))
      .at(-1)?.body ?? '';

  const callback = (payload: string, remoteAddress: string) =>
    fixture.app.inject({
      method: 'POST',
      url: '/webhooks/jumio',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('when Jumio approves and its extraction read the document, then the checks of that result are on the case: data_match not run (nothing typed), expiry, duplicate_document (issue 19, D112)', async () => {
    const { client, flowUrl } = await jumioFlow();
    await decide(flowUrl, 'approve', {
      type: 'PASSPORT',
      issuingCountry: 'DEU',
      firstName: 'ANNA',
      lastName: 'MUELLER',
      dateOfBirth: '1990-01-01',
      expiryDate: '2030-01-01',
      documentNumber: 'C01X00T47',
    });
    expect(await levelStatus(client)).toBe('SUCCESS');
    const userId = await fixture.userIdOf('jumio@demo.test');
    const staff = await staffClient(fixture.app, 'reviewer@demo.test');
    const { envelope } = await staff.get(`/backoffice/api/cases/${userId}`);
    const seen = envelope?.result as ReviewCase;
    expect(seen.checks?.map((c) => [c.name, c.outcome])).toEqual([
      ['data_match', 'not_run'],
      ['expiry', 'pass'],
      ['duplicate_document', 'pass'],
    ]);
    expect(seen.checks?.[0]?.detail).toMatchObject({
      code: 'data_compared',
      fields: [{ field: 'lastName', typed: null, document: 'MUELLER' }, {}, {}],
    });
  });

  it('when the person is approved in the web client, then the callbacks arrive, the result is read from Jumio and level 1 is SUCCESS', async () => {
    const { client, flowUrl } = await jumioFlow();
    expect(flowUrl).toContain('/simulator/jumio/web/v4/app?authorizationToken=');
    await decide(flowUrl, 'approve');
    expect(await levelStatus(client)).toBe('SUCCESS');
    const stored = await events();
    expect(stored.map((e) => [e.event_type, e.effect])).toEqual([
      ['workflowExecution.ACQUIRED', 'applied'],
      ['workflowExecution.PROCESSED', 'applied'],
    ]);
    const applicant = await fixture.database.db
      .selectFrom('vendor_applicants')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(applicant.external_user_id).toMatch(/^kyc_[0-9a-f]{24}$/);
    expect(lastSent('PROCESSED')).toContain(applicant.external_user_id);
    expect(lastSent('PROCESSED')).not.toContain('demo.test');
  });

  it('when a callback comes from an address not allowed, then 401 / 30062 and nothing changes; from an allowed one, it applies', async () => {
    lose = 'all';
    const { client, flowUrl } = await jumioFlow();
    await decide(flowUrl, 'approve');
    const body = lastSent('PROCESSED');
    const refused = await callback(body, '203.0.113.9');
    expect(refused.statusCode).toBe(401);
    expect((refused.json() as Envelope).ret_code).toBe(30062);
    expect(await events()).toHaveLength(0);
    expect(await levelStatus(client)).toBe('ALLOW');
    const accepted = await callback(body, '::ffff:127.0.0.1');
    expect(accepted.statusCode).toBe(200);
    expect(await levelStatus(client)).toBe('SUCCESS');
  });

  it('when a forged callback claims PASSED for an execution Jumio rejected, then the retrieval API decides: FAILED_AND_CAN_RETRY', async () => {
    lose = 'all';
    const { client, flowUrl } = await jumioFlow();
    await decide(flowUrl, 'retry');
    const genuine = JSON.parse(lastSent('PROCESSED')) as Record<string, unknown>;
    const forged = JSON.stringify({
      ...genuine,
      callbackSentAt: new Date().toISOString(),
      decision: { type: 'PASSED', details: { label: 'PASSED' } },
    });
    const answer = await callback(forged, '127.0.0.1');
    expect((answer.json() as Envelope<{ effect: string }>).result?.effect).toBe('applied');
    expect(await levelStatus(client)).toBe('FAILED_AND_CAN_RETRY');
    const info = await kycInfo(client);
    expect(info.state?.find((s) => s.level === 1)).toMatchObject({ rejectReasonCode: 'BLURRY_IMAGE' });
  });

  it('when the same callback is delivered twice, then one effect', async () => {
    const { client, flowUrl } = await jumioFlow();
    await decide(flowUrl, 'approve');
    const again = await callback(lastSent('PROCESSED'), '127.0.0.1');
    expect((again.json() as Envelope<{ effect: string }>).result?.effect).toBe('duplicate');
    expect(await events()).toHaveLength(2);
    expect(await levelStatus(client)).toBe('SUCCESS');
    const decisions = await fixture.database.db.selectFrom('kyc_decisions').selectAll().execute();
    expect(decisions.filter((d) => d.decided_by_provider === 'jumio')).toHaveLength(1);
  });

  it('when the PROCESSED callback is lost, then the reconciliation job reads the result and level 1 is SUCCESS', async () => {
    lose = 'processed';
    const { client, flowUrl } = await jumioFlow();
    await decide(flowUrl, 'approve');
    expect(await levelStatus(client)).toBe('PENDING');
    // As if VENDOR_RECONCILE_MINUTES went by since the person finished.
    await fixture.database.db
      .updateTable('vendor_applicants')
      .set({ pending_since: Date.now() - 2 * 60 * 60_000 })
      .execute();
    const job = fixture.app.jobs.find((j) => j.name === 'vendor-reconciliation');
    expect(await job?.run()).toBe(1);
    expect(await levelStatus(client)).toBe('SUCCESS');
  });
});
