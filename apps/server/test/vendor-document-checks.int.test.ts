/**
 * Issue 19, our checks on what a vendor read (docs/checks.md "Checks on vendor results", D112, D118),
 * with the three simulated vendors as the demo runs them: the person types the document's data in the
 * vendor's hosted page (the simulator keeps no image), the vendor approves with signed webhooks, the
 * adapter reads the document in the vendor's own shape (Sumsub info.idDocs, Onfido's workflow output,
 * Jumio's extraction) and the back-office case answers what the Checks panel shows: a document that
 * agrees, one that disagrees (the demo scenario "a date of birth one year later"), an expired one, and
 * the same document on two accounts (the scenario "the document read last"), each with its reason. The
 * vendor's approval stands every time: the checks only flag the case. On SQLite and PostgreSQL.
 */
import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReviewCase } from '@kyc/contracts';
import { createSimulator, type Simulator } from '@kyc/vendor-simulator';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { kycView, staffClient, userClient } from './support/kyc-flows.ts';
import type { TestClient } from './support/test-app.ts';

const PORTAL = 'http://portal.invalid';
const SUMSUB = { appToken: 'sbx:int-doc', secretKey: 'int-doc-secret', webhookSecret: 'int-doc-hook' };
const ONFIDO = { apiToken: 'api_sandbox.int-doc', webhookToken: 'int-doc-webhook' };
const JUMIO = { clientId: 'int-doc-client', clientSecret: 'int-doc-secret' };

/** What the person types with us (kyc-personal-info) and, as printed, in the vendor's hosted page. */
const PERSON = { firstName: 'Anna', lastName: 'Müller', dateOfBirth: '1990-01-01' };
const PASSPORT = {
  docType: 'passport',
  docCountry: 'DEU',
  docNumber: 'C01X00T47',
  docFirstName: 'Anna',
  docLastName: 'Müller',
  docBirthDate: '1990-01-01',
  docExpiryDate: '2031-06-30',
  docScenario: 'as_typed',
};

type Vendor = 'sumsub' | 'onfido' | 'jumio';
const EMAIL: Record<Vendor, string> = {
  sumsub: 'sumsub@demo.test',
  onfido: 'onfido@demo.test',
  jumio: 'jumio@demo.test',
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

describe.each(testDatabases())('checks on what the simulated vendors read on $name', (testDb) => {
  const env: Record<string, string> = {};
  let sim: FastifyInstance;
  let simulator: Simulator;
  let simBase = '';
  let portal = '';

  beforeAll(async () => {
    const port = await freePort();
    simBase = `http://127.0.0.1:${port}/simulator`;
    simulator = createSimulator({
      publicBase: simBase,
      portalOrigin: PORTAL,
      sumsub: SUMSUB,
      onfido: ONFIDO,
      jumio: JUMIO,
      // The portal listens on a port known only in beforeEach: webhooks are addressed to it then.
      fetch: (url, init) => fetch(String(url).replace(PORTAL, portal), init),
    });
    sim = Fastify();
    await sim.register(simulator.plugin, { prefix: '/simulator' });
    await sim.listen({ host: '127.0.0.1', port });
    Object.assign(env, {
      SUMSUB_BASE_URL: `${simBase}/sumsub`,
      SUMSUB_WEB_SDK_URL: `${simBase}/sumsub/websdk/sns-websdk-builder.js`,
      SUMSUB_APP_TOKEN: SUMSUB.appToken,
      SUMSUB_SECRET_KEY: SUMSUB.secretKey,
      SUMSUB_WEBHOOK_SECRET: SUMSUB.webhookSecret,
      ONFIDO_BASE_URL: `${simBase}/onfido/v3.6`,
      ONFIDO_API_TOKEN: ONFIDO.apiToken,
      ONFIDO_WEBHOOK_TOKEN: ONFIDO.webhookToken,
      ONFIDO_WORKFLOW_ID_LEVEL1: 'wf-level-1',
      ONFIDO_WORKFLOW_ID_LEVEL2: 'wf-level-2',
      ONFIDO_WEB_SDK_URL: `${simBase}/onfido/websdk/onfido.min.js`,
      JUMIO_CLIENT_ID: JUMIO.clientId,
      JUMIO_CLIENT_SECRET: JUMIO.clientSecret,
      JUMIO_AUTH_URL: `${simBase}/jumio/oauth2/token`,
      JUMIO_BASE_URL: `${simBase}/jumio`,
      JUMIO_RETRIEVAL_URL: `${simBase}/jumio`,
      JUMIO_CALLBACK_ALLOWED_IPS: '127.0.0.1,::1,::ffff:127.0.0.1',
      VENDOR_HTTP_TIMEOUT_MS: '3000',
    });
  });
  afterAll(() => sim.close());

  const fixture = useAppFixture(testDb, { env });

  beforeEach(async () => {
    await fixture.app.listen({ port: 0, host: '127.0.0.1' });
    portal = `http://127.0.0.1:${(fixture.app.addresses()[0] as { port: number }).port}`;
  });

  const post = async (url: string, body: object) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
  };

  /**
   * The person opens the vendor's flow of level 1, types the document in its hosted page (posted as the
   * page's script posts it) and the vendor approves; answers when every webhook was answered and the
   * checks that follow the approval were stored.
   */
  async function verifiedAt(vendor: Vendor, client: TestClient, document: Record<string, string>) {
    const { envelope } = await client.post('/v3/private/kyc/get-verification-sdk-info', { level: 1 });
    expect(envelope?.ret_code).toBe(0);
    const sdk = (envelope?.result as { vendorSdk: { token: string; flowName: string; flowUrl: string } })
      .vendorSdk;
    if (vendor === 'sumsub')
      await post(`${simBase}/sumsub/websdk/flow`, {
        decision: 'approve',
        accessToken: sdk.token,
        ...document,
      });
    if (vendor === 'onfido')
      await post(`${simBase}/onfido/websdk/flow`, {
        decision: 'approve',
        token: sdk.token,
        workflowRunId: sdk.flowName,
        files: { front: 1, selfie: 1 },
        ...document,
      });
    if (vendor === 'jumio') {
      const page = await (await fetch(sdk.flowUrl)).text();
      const token = /name="token" value="([^"]+)"/.exec(page)?.[1] ?? '';
      await post(`${simBase}/jumio/web/v4/app/decision`, { decision: 'approve', token, ...document });
    }
    await simulator.control.settled();
    // The vendor decides: whatever the checks say, the approval stands.
    await expect.poll(async () => (await kycView(client)).level1).toBe('SUCCESS');
  }

  async function caseOf(email: string): Promise<ReviewCase> {
    const staff = await staffClient(fixture.app, 'reviewer@demo.test');
    const userId = await fixture.userIdOf(email);
    // The checks are read from the vendor after its approval committed: wait for their run.
    let seen: ReviewCase | undefined;
    await expect
      .poll(async () => {
        seen = (await staff.get(`/backoffice/api/cases/${userId}`)).envelope?.result as ReviewCase;
        return seen.checksRun?.status;
      })
      .toBe('done');
    return seen as ReviewCase;
  }

  const outcomes = (seen: ReviewCase) => seen.checks?.map((c) => [c.name, c.outcome]);
  const checkOf = (seen: ReviewCase, name: string) => seen.checks?.find((c) => c.name === name);

  async function personTyped(email: string) {
    const client = await userClient(fixture.app, email);
    const typed = await client.post('/v3/private/kyc/kyc-personal-info', PERSON);
    expect(typed.envelope?.ret_code).toBe(0);
    return client;
  }

  it('when the passport Onfido read agrees with what the person typed, then the case shows data_match, expiry and duplicate_document passing, checked on what Onfido read', async () => {
    const client = await personTyped(EMAIL.onfido);
    await verifiedAt('onfido', client, PASSPORT);
    const seen = await caseOf(EMAIL.onfido);
    expect(seen.checksRun).toMatchObject({ status: 'done', vendor: 'onfido' });
    expect(outcomes(seen)).toEqual([
      ['data_match', 'pass'],
      ['expiry', 'pass'],
      ['duplicate_document', 'pass'],
    ]);
    expect(checkOf(seen, 'data_match')?.detail).toEqual({
      code: 'data_compared',
      fields: [
        { field: 'lastName', outcome: 'agrees', typed: 'Müller', document: 'Müller' },
        { field: 'firstName', outcome: 'agrees', typed: 'Anna', document: 'Anna' },
        { field: 'dateOfBirth', outcome: 'agrees', typed: '1990-01-01', document: '1990-01-01' },
      ],
    });
    expect(checkOf(seen, 'expiry')?.detail).toEqual({
      code: 'expiry_date',
      expired: false,
      expiryDate: '2031-06-30',
    });
    expect(checkOf(seen, 'duplicate_document')).toMatchObject({
      relatedUserId: null,
      detail: { code: 'duplicate_document', otherAccounts: 0 },
    });
  });

  it('when the birth date Jumio read is a year later than the one typed, then data_match fails naming the field with both values; the approval stands', async () => {
    const client = await personTyped(EMAIL.jumio);
    await verifiedAt('jumio', client, { ...PASSPORT, docScenario: 'other_birth_date' });
    const seen = await caseOf(EMAIL.jumio);
    expect(seen.checksRun).toMatchObject({ vendor: 'jumio' });
    expect(outcomes(seen)).toEqual([
      ['data_match', 'fail'],
      ['expiry', 'pass'],
      ['duplicate_document', 'pass'],
    ]);
    expect(checkOf(seen, 'data_match')?.detail).toMatchObject({
      code: 'data_compared',
      fields: [
        { field: 'lastName', outcome: 'agrees' },
        { field: 'firstName', outcome: 'agrees' },
        { field: 'dateOfBirth', outcome: 'disagrees', typed: '1990-01-01', document: '1991-01-01' },
      ],
    });
  });

  it('when Sumsub read a document whose expiry was yesterday, then expiry fails with the date; the approval stands', async () => {
    const client = await personTyped(EMAIL.sumsub);
    await verifiedAt('sumsub', client, { ...PASSPORT, docScenario: 'expired' });
    const seen = await caseOf(EMAIL.sumsub);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(checkOf(seen, 'expiry')).toMatchObject({
      outcome: 'fail',
      detail: { code: 'expiry_date', expired: true, expiryDate: yesterday },
    });
    expect(checkOf(seen, 'data_match')?.outcome).toBe('pass');
  });

  it('when Onfido reads the passport Sumsub read for another account, then duplicate_document fails on the second case, naming the first account', async () => {
    const first = await personTyped(EMAIL.sumsub);
    await verifiedAt('sumsub', first, PASSPORT);
    expect(checkOf(await caseOf(EMAIL.sumsub), 'duplicate_document')?.outcome).toBe('pass');

    // Nothing typed with us by the second person: data_match is not run, what Onfido read is shown.
    const second = await userClient(fixture.app, EMAIL.onfido);
    await verifiedAt('onfido', second, {
      docType: 'passport',
      docLastName: 'Someone Else',
      docScenario: 'previous_document',
    });
    const seen = await caseOf(EMAIL.onfido);
    expect(checkOf(seen, 'duplicate_document')).toMatchObject({
      outcome: 'fail',
      relatedUserId: await fixture.userIdOf(EMAIL.sumsub),
      detail: { code: 'duplicate_document', otherAccounts: 1 },
    });
    expect(checkOf(seen, 'data_match')).toMatchObject({
      outcome: 'not_run',
      detail: {
        fields: [
          { field: 'lastName', typed: null, document: 'Müller' },
          { field: 'firstName', typed: null, document: 'Anna' },
          { field: 'dateOfBirth', typed: null, document: '1990-01-01' },
        ],
      },
    });
  });

  it('when the person types nothing in the hosted page, then the vendor says nothing and no check is stored', async () => {
    const client = await personTyped(EMAIL.jumio);
    await verifiedAt('jumio', client, {});
    const staff = await staffClient(fixture.app, 'reviewer@demo.test');
    const userId = await fixture.userIdOf(EMAIL.jumio);
    const seen = (await staff.get(`/backoffice/api/cases/${userId}`)).envelope?.result as ReviewCase;
    expect(seen.checks).toEqual([]);
  });
});
