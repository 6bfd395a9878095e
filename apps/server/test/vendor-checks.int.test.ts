/**
 * Issue 19, the data and duplicate checks on vendor results (docs/checks.md "Checks on vendor results",
 * D112), end to end with the Sumsub simulator (the app listening on 127.0.0.1, the simulator's signed
 * webhooks coming back over HTTP). When Sumsub approves and its applicant data says what it read from
 * the document (info.idDocs), the vendor's submission gets data_match (against what the person typed
 * with us; not run when they typed nothing), expiry and duplicate_document — the same keyed hash as the
 * in-house MRZ's, so a passport checked in-house is found on the vendor's account. The vendor's decision
 * stands: a duplicate or an expired document only flags the case for a reviewer.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReviewCase } from '@kyc/contracts';
import { createSimulator, type Simulator } from '@kyc/vendor-simulator';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import {
  jpeg,
  kycView,
  multipart,
  postWithKey,
  staffClient,
  TEST_CONSENT,
  userClient,
  type Result,
} from './support/kyc-flows.ts';
import { renderDocument } from './support/mrz-documents.ts';
import { TEST_MASTER_KEY, type TestClient } from './support/test-app.ts';
import { repositories } from '../src/data/repositories/index.ts';
import { personalDataCipher } from '../src/domain/kyc/personal-data.ts';
import { createKeyring } from '../src/lib/crypto/envelope.ts';
import { vendorCheckUseCases } from '../src/domain/checks/vendor/vendor-checks.ts';
import { MUELLER } from './support/checked-submissions.ts';

const SECRETS = {
  appToken: 'sbx:int-token',
  secretKey: 'int-secret-key',
  webhookSecret: 'int-webhook-secret',
};
const EMAIL = 'sumsub@demo.test';
const PORTAL = 'http://portal.invalid';

/** The same passport as Sumsub's applicant data gives it (idDocs: alpha-3 country, ISO dates). */
const ID_DOC = {
  idDocType: 'PASSPORT',
  country: 'DEU',
  firstName: 'Anna',
  lastName: 'Müller',
  dob: '1990-01-01',
  number: 'C01X00T47',
  validUntil: '2030-01-01',
};

describe.each(testDatabases())('checks on a Sumsub result on $name', (testDb) => {
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
      VENDOR_HTTP_TIMEOUT_MS: '3000',
    });
  });
  afterAll(() => sim.close());

  const fixture = useAppFixture(testDb, { env });

  beforeEach(async () => {
    simulator.control.sent.length = 0;
    await fixture.app.listen({ port: 0, host: '127.0.0.1' });
    portal = `http://127.0.0.1:${(fixture.app.addresses()[0] as { port: number }).port}`;
  });

  /** The person approved in the simulated WebSDK, Sumsub having read `idDoc`; every webhook answered. */
  async function approvedBySumsub(client: TestClient, idDoc?: object) {
    const { envelope } = await client.post('/v3/private/kyc/get-verification-sdk-info', { level: 1 });
    expect(envelope?.ret_code).toBe(0);
    const token = (envelope?.result as { vendorSdk: { token: string } }).vendorSdk.token;
    const response = await fetch(`${simBase}/sumsub/websdk/flow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'approve', accessToken: token, ...(idDoc ? { idDoc } : {}) }),
    });
    expect(await response.json()).toEqual({ ok: true });
    await simulator.control.settled();
    expect((await kycView(client)).level1).toBe('SUCCESS');
  }

  async function caseOf(userId: number): Promise<ReviewCase> {
    const staff = await staffClient(fixture.app, 'reviewer@demo.test');
    const { envelope } = await staff.get(`/backoffice/api/cases/${userId}`);
    expect(envelope?.ret_code).toBe(0);
    return envelope?.result as ReviewCase;
  }

  const checkOf = (seen: ReviewCase, name: string) => seen.checks?.find((c) => c.name === name);

  it('when Sumsub approves and read a passport that agrees with what the person typed, then data_match, expiry and duplicate_document pass on the case, the values sealed at rest', async () => {
    const client = await userClient(fixture.app, EMAIL);
    const typed = { firstName: 'Anna', lastName: 'Müller', dateOfBirth: '1990-01-01' };
    expect((await client.post('/v3/private/kyc/kyc-personal-info', typed)).envelope?.ret_code).toBe(0);
    await approvedBySumsub(client, ID_DOC);
    const userId = await fixture.userIdOf(EMAIL);
    const seen = await caseOf(userId);
    expect(seen.checksRun).toMatchObject({ status: 'done', vendor: 'sumsub' });
    expect(seen.checks?.map((c) => [c.name, c.outcome])).toEqual([
      ['data_match', 'pass'],
      ['expiry', 'pass'],
      ['duplicate_document', 'pass'],
    ]);
    expect(checkOf(seen, 'data_match')?.detail).toMatchObject({
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
      expiryDate: '2030-01-01',
    });
    const rows = await fixture.database.db.selectFrom('document_check_results').selectAll().execute();
    expect(JSON.stringify(rows.map((r) => r.detail))).not.toMatch(/1990|2030|M[uü]/);
    expect(rows.find((r) => r.name === 'duplicate_document')?.document_hash).toMatch(/^[0-9a-f]{64}$/);
    // The correction step asks a vendor's person nothing.
    expect((await client.post('/v3/private/kyc/document-correction', {})).envelope?.result).toEqual({
      correction: null,
      pending: false,
    });
  });

  it('when the passport Sumsub read was checked in-house on another account, then duplicate_document fails naming it, the vendor approval standing', async () => {
    // An in-house person submits the same passport; the checks read its zone and store its hash.
    const inHouse = await userClient(fixture.app, 'new@demo.test');
    const personal = { firstName: 'Anna', lastName: 'Müller', dateOfBirth: '1990-01-01' };
    expect((await inHouse.post('/v3/private/kyc/kyc-personal-info', personal)).envelope?.ret_code).toBe(0);
    const upload = async (side: string, bytes: Buffer) => {
      const { envelope } = await inHouse.send('POST', '/v3/private/kyc/upload-document', undefined, {
        ...multipart(side, bytes),
      });
      expect(envelope?.ret_code).toBe(0);
      return String((envelope?.result as Result).documentId);
    };
    const page = await renderDocument('TD3', MUELLER, { documentWidth: 1200, jpegQuality: 90 });
    const documentIds = [await upload('front', page), await upload('selfie', await jpeg())];
    const body = { level: 1, documentType: 'PASSPORT', country: 'DE', documentIds, consent: TEST_CONSENT };
    expect((await postWithKey(inHouse, '/v3/private/kyc/submit', body)).envelope.ret_code).toBe(0);
    expect(await fixture.app.jobs.find((j) => j.name === 'document-checks')?.run()).toBe(1);
    const inHouseId = await fixture.userIdOf('new@demo.test');
    expect(checkOf(await caseOf(inHouseId), 'duplicate_document')?.outcome).toBe('pass');

    // Sumsub reads the same passport (country as alpha-3, the number with a space) for another account.
    const client = await userClient(fixture.app, EMAIL);
    await approvedBySumsub(client, { ...ID_DOC, number: 'C01X 00T47' });
    const seen = await caseOf(await fixture.userIdOf(EMAIL));
    expect(checkOf(seen, 'duplicate_document')).toMatchObject({
      outcome: 'fail',
      relatedUserId: inHouseId,
      detail: { code: 'duplicate_document', otherAccounts: 1 },
    });
    // Nothing typed with us: data_match is not run, the vendor's reading still shown.
    expect(checkOf(seen, 'data_match')).toMatchObject({
      outcome: 'not_run',
      detail: {
        code: 'data_compared',
        fields: [{ field: 'lastName', typed: null, document: 'Müller' }, {}, {}],
      },
    });
    expect((await kycView(client)).level1).toBe('SUCCESS');
  });

  it('when Sumsub approves a document whose expiry has passed, then expiry fails on the case and the approval stands; a typed name that differs fails data_match', async () => {
    const client = await userClient(fixture.app, EMAIL);
    const typed = { firstName: 'Anne', lastName: 'Müller', dateOfBirth: '1990-01-01' };
    expect((await client.post('/v3/private/kyc/kyc-personal-info', typed)).envelope?.ret_code).toBe(0);
    await approvedBySumsub(client, { ...ID_DOC, validUntil: '2020-01-01' });
    const seen = await caseOf(await fixture.userIdOf(EMAIL));
    expect(checkOf(seen, 'expiry')).toMatchObject({ outcome: 'fail', detail: { expired: true } });
    expect(checkOf(seen, 'data_match')).toMatchObject({
      outcome: 'fail',
      detail: { fields: [{ outcome: 'agrees' }, { field: 'firstName', outcome: 'disagrees' }, {}] },
    });
  });

  it('when what Sumsub read is a driving licence (no MRZ, another number series), then it is not hashed for duplicates', async () => {
    const client = await userClient(fixture.app, EMAIL);
    await approvedBySumsub(client, { ...ID_DOC, idDocType: 'DRIVERS' });
    const seen = await caseOf(await fixture.userIdOf(EMAIL));
    expect(seen.checks?.map((c) => c.name)).toEqual(['data_match', 'expiry']);
  });

  it('when Sumsub approves without saying what it read, then no check is stored for the vendor submission', async () => {
    const client = await userClient(fixture.app, EMAIL);
    await approvedBySumsub(client);
    const seen = await caseOf(await fixture.userIdOf(EMAIL));
    expect(seen.checks).toEqual([]);
    expect(await fixture.database.db.selectFrom('document_check_runs').selectAll().execute()).toEqual([]);
  });

  it('when the checks of one vendor approval are stored twice at once (a webhook and reconciliation), then exactly one set is stored', async () => {
    const client = await userClient(fixture.app, EMAIL);
    await approvedBySumsub(client);
    const userId = await fixture.userIdOf(EMAIL);
    const keyring = createKeyring(Buffer.from(TEST_MASTER_KEY, 'base64'));
    const checks = () =>
      vendorCheckUseCases({
        repos: repositories(fixture.database.db, personalDataCipher(keyring)),
        keyring,
      });
    const document = {
      firstName: 'Anna',
      lastName: 'Müller',
      dateOfBirth: '1990-01-01',
      documentNumber: 'C01X00T47',
      issuingCountry: 'DEU',
      documentType: 'PASSPORT',
      expiryDate: '2030-01-01',
    };
    const outcomes = await Promise.all([
      checks().afterVerified(userId, 'sumsub', 1, document),
      checks().afterVerified(userId, 'sumsub', 1, document),
    ]);
    expect(outcomes.sort()).toEqual(['already_stored', 'stored']);
    const db = fixture.database.db;
    expect(await db.selectFrom('document_check_runs').selectAll().execute()).toHaveLength(1);
    const results = await db.selectFrom('document_check_results').select('name').execute();
    expect(results.map((r) => r.name).sort()).toEqual(['data_match', 'duplicate_document', 'expiry']);
  });
});
