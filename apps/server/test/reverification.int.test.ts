import { describe, expect, it } from 'vitest';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { TestClient, sweepAll } from './support/test-app.ts';
import { partnerInject, testPartnerSecret } from './support/partner-calls.ts';
import {
  decide,
  kycView,
  multipart,
  jpeg,
  partnerToken,
  passportDocuments,
  postWithKey,
  randomKey,
  sdkCall,
  staffClient,
  uploadAs,
  userClient,
  type Result,
  TEST_CONSENT,
} from './support/kyc-flows.ts';
import { sdkRepo } from '../src/data/repositories/sdk-repo.ts';
import { submissionsRepo } from '../src/data/repositories/submissions-repo.ts';
import { sha256Hex } from '../src/lib/tokens.ts';

const DAY = 86_400_000;

describe.each(testDatabases())('re-verification, sdk-access and SDK writes on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  const { userIdOf, submissionsOf } = fixture;

  /** l1@demo.test (DE, verified) asked to re-verify by a reviewer: displayUpdatePOI Needed. */
  async function requestReverification(email = 'l1@demo.test') {
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const answer = await decide(reviewer, await userIdOf(email), {
      decision: 'request_reverification',
      deadline: Date.now() + 30 * DAY,
    });
    expect(answer.ret_code).toBe(0);
    return reviewer;
  }

  const reverificationBody = (documentIds: string[]) => ({
    level: 1,
    documentType: 'PASSPORT',
    country: 'DE',
    documentIds,
    consent: TEST_CONSENT,
    reason: 'UPDATE_KYC',
  });

  /** A re-verification submit of these documents (by default a freshly uploaded passport). */
  const submitReverification = async (client: TestClient, documentIds?: string[], key?: string) =>
    postWithKey(
      client,
      '/v3/private/kyc/submit',
      reverificationBody(documentIds ?? (await passportDocuments(client))),
      key,
    );

  describe('POST /v3/private/kyc/sdk-access', () => {
    const access = async (client: Awaited<ReturnType<typeof userClient>>, body: unknown) =>
      (await client.post('/v3/private/kyc/sdk-access', body)).envelope as {
        ret_code: number;
        ret_msg: string;
        result: Result | null;
      };

    it('when a verified user asks for level 2, then a 30-minute exchange-web token from web that opens SDK calls', async () => {
      const client = await userClient(fixture.app, 'l1@demo.test');
      const before = Date.now();
      const answer = await access(client, { level: 2, from: 'personal', action: 'verify' });
      expect(answer.ret_code).toBe(0);
      const { accessToken, expiresAt } = answer.result as { accessToken: string; expiresAt: number };
      expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 60_000);
      const row = await sdkRepo(fixture.database.db).findToken(sha256Hex(accessToken));
      expect(row).toMatchObject({
        business_id: 'exchange-web',
        user_id: await userIdOf('l1@demo.test'),
        sdk_from: 'web',
        is_update_poi: 0,
      });
      const info = await sdkCall(fixture.app, '/v1/s1/kyc/integration/token-info', accessToken, 'web', {
        method: 'GET',
      });
      expect(info.ret_code).toBe(0);
      expect(info.result).toMatchObject({ sdkFrom: 'web', sdkBusiness: 'exchange-web', isUpdatePoi: false });
    });

    it('when the level does not allow a submission, then 30001 and no token', async () => {
      const verified = await userClient(fixture.app, 'l1@demo.test');
      expect((await access(verified, { level: 1 })).ret_code).toBe(30001);
      const fresh = await userClient(fixture.app, 'new@demo.test');
      expect((await access(fresh, { level: 2 })).ret_code).toBe(30001);
      expect((await access(fresh, { level: 1 })).ret_code).toBe(0);
      const pending = await userClient(fixture.app, 'pending@demo.test');
      expect((await access(pending, { level: 1 })).ret_code).toBe(30001);
    });

    it('when the body is invalid or there is no session, then 10001 / 10007', async () => {
      const client = await userClient(fixture.app, 'new@demo.test');
      expect((await access(client, { level: 3 })).ret_code).toBe(10001);
      expect((await access(client, { level: 1, extraParams: { reason: 'OTHER' } })).ret_code).toBe(10001);
      expect(
        (await access(client, { level: 1, extraParams: { redirect_url: 'https://evil.example/x' } }))
          .ret_code,
      ).toBe(10001);
      const ok = await access(client, {
        level: 1,
        extraParams: { redirect_url: '/user/accounts/en/auth/personal' },
      });
      expect(ok.ret_code).toBe(0);
      const anonymous = new TestClient(fixture.app);
      await anonymous.visit();
      expect((await access(anonymous, { level: 1 })).ret_code).toBe(10007);
    });

    it('when reason is UPDATE_KYC, then only Needed or Rejected give an isUpdatePoi token; No, Pending and Rejected_Daily are 30001', async () => {
      const client = await userClient(fixture.app, 'l1@demo.test');
      const update = { level: 1, extraParams: { reason: 'UPDATE_KYC' } };
      const none = await access(client, update);
      expect(none.ret_code).toBe(30001);
      expect(none.ret_msg).toMatch(/displayUpdatePOI is No/);

      const reviewer = await requestReverification();
      const needed = await access(client, update);
      expect(needed.ret_code).toBe(0);
      const token = String((needed.result as Result).accessToken);
      expect((await sdkRepo(fixture.database.db).findToken(sha256Hex(token)))?.is_update_poi).toBe(1);

      expect((await submitReverification(client)).envelope.ret_code).toBe(0);
      expect((await access(client, update)).ret_msg).toMatch(/Pending/);

      const userId = await userIdOf('l1@demo.test');
      const daily = await decide(reviewer, userId, {
        decision: 'reject_reverification',
        reasonCode: 'BLURRY',
        userMessage: 'The photo is blurry.',
        daily: true,
      });
      expect(daily.ret_code).toBe(0);
      const refused = await access(client, update);
      expect(refused.ret_code).toBe(30001);
      expect(refused.ret_msg).toMatch(/Rejected_Daily/);
    });

    it('when the re-verification is in the Turkey region, then the web is refused with 30001 (done in the app)', async () => {
      const client = await userClient(fixture.app, 'reverify@demo.test');
      const answer = await access(client, { level: 1, extraParams: { reason: 'UPDATE_KYC' } });
      expect(answer.ret_code).toBe(30001);
      expect(answer.ret_msg).toBe('re-verification in the Turkey region is done in the app');
    });

    it('when a user asks more than 10 times in 10 minutes, then 10006 (HTTP 429)', async () => {
      const client = await userClient(fixture.app, 'new@demo.test');
      for (let i = 0; i < 10; i += 1) expect((await access(client, { level: 1 })).ret_code).toBe(0);
      const { response, envelope } = await client.post('/v3/private/kyc/sdk-access', { level: 1 });
      expect(response.statusCode).toBe(429);
      expect(envelope?.ret_code).toBe(10006);
    });

    it('when someone signs a call as exchange-web, then 10003: it has no signing secret for anyone to hold', async () => {
      const response = await partnerInject(
        fixture.app,
        { id: 'exchange-web', secret: testPartnerSecret('a guess') },
        { url: '/v1/s1/kyc/integration/access-token', body: { email: 'l1@demo.test', from: 'web' } },
      );
      expect(response.json()).toMatchObject({ ret_code: 10003 });
    });
  });

  describe('re-verification submit', () => {
    it('when the full path runs, then Needed → Pending → Rejected → resubmit → Pending → approved (No), steps untouched', async () => {
      const reviewer = await requestReverification();
      const client = await userClient(fixture.app, 'l1@demo.test');
      const userId = await userIdOf('l1@demo.test');
      expect(await kycView(client)).toMatchObject({ poi: 'Needed', level1: 'SUCCESS' });

      const first = await submitReverification(client);
      expect(first.envelope.ret_code).toBe(0);
      expect(first.envelope.result).toMatchObject({ level: 1, status: 'PENDING' });
      expect(await kycView(client)).toMatchObject({ poi: 'Pending', level1: 'SUCCESS', level2: 'ALLOW' });

      const rejected = await decide(reviewer, userId, {
        decision: 'reject_reverification',
        reasonCode: 'GLARE',
        userMessage: 'Glare hides your name.',
      });
      expect(rejected.ret_code).toBe(0);
      expect(await kycView(client)).toMatchObject({
        poi: 'Rejected',
        rejectReason: 'Glare hides your name.',
      });

      const second = await submitReverification(client);
      expect(second.envelope.ret_code).toBe(0);
      expect(await kycView(client)).toMatchObject({ poi: 'Pending', rejectReason: '' });

      expect((await decide(reviewer, userId, { decision: 'approve_reverification' })).ret_code).toBe(0);
      expect(await kycView(client)).toMatchObject({ poi: 'No', level1: 'SUCCESS' });

      const rows = (await submissionsOf('l1@demo.test')).map((r) => [r.kind, r.status, r.reject_reason_code]);
      expect(rows).toEqual([
        ['reverification', 'REJECTED_RETRY', 'GLARE'],
        ['reverification', 'APPROVED', ''],
      ]);
    });

    it('when Rejected_Daily, then submit is refused with 30001 and nothing is stored', async () => {
      const reviewer = await requestReverification();
      const client = await userClient(fixture.app, 'l1@demo.test');
      expect((await submitReverification(client)).envelope.ret_code).toBe(0);
      const daily = await decide(reviewer, await userIdOf('l1@demo.test'), {
        decision: 'reject_reverification',
        reasonCode: 'LIMIT',
        userMessage: 'Too many attempts today.',
        daily: true,
      });
      expect(daily.ret_code).toBe(0);
      expect((await kycView(client)).poi).toBe('Rejected_Daily');
      const ids = await passportDocuments(client);
      const again = await submitReverification(client, ids);
      expect(again.envelope.ret_code).toBe(30001);
      expect(await submissionsOf('l1@demo.test')).toHaveLength(1);
      const docs = await submissionsRepo(fixture.database.db).documentsOf(
        await userIdOf('l1@demo.test'),
        ids,
      );
      expect(docs.every((d) => d.submission_id === null)).toBe(true);
    });

    it('when a Rejected_Daily is from an earlier UTC day, then the sweep makes it Rejected and resubmission works; today’s stays', async () => {
      const reviewer = await requestReverification();
      const client = await userClient(fixture.app, 'l1@demo.test');
      await submitReverification(client);
      await decide(reviewer, await userIdOf('l1@demo.test'), {
        decision: 'reject_reverification',
        reasonCode: 'LIMIT',
        userMessage: 'Too many attempts today.',
        daily: true,
      });
      await sweepAll(fixture.app);
      expect((await kycView(client)).poi).toBe('Rejected_Daily');
      await fixture.database.db
        .updateTable('reverification')
        .set({ updated_at: Date.now() - DAY })
        .where('user_id', '=', await userIdOf('l1@demo.test'))
        .execute();
      await sweepAll(fixture.app);
      expect(await kycView(client)).toMatchObject({
        poi: 'Rejected',
        rejectReason: 'Too many attempts today.',
      });
      const again = await submitReverification(client);
      expect(again.envelope.ret_code).toBe(0);
    });

    it('when nothing was requested (No), then 30001; the same key twice answers the first submission', async () => {
      const client = await userClient(fixture.app, 'l1@demo.test');
      expect((await submitReverification(client)).envelope.ret_code).toBe(30001);
      await requestReverification();
      const ids = await passportDocuments(client);
      const key = randomKey();
      const first = await submitReverification(client, ids, key);
      const repeat = await submitReverification(client, ids, key);
      expect(repeat.envelope.result).toEqual(first.envelope.result);
      expect(await submissionsOf('l1@demo.test')).toHaveLength(1);
    });

    it('when level 2 is named with reason UPDATE_KYC, then 10001', async () => {
      await requestReverification();
      const client = await userClient(fixture.app, 'l1@demo.test');
      const body = { ...reverificationBody([await uploadAs(client, 'poa')]), level: 2 };
      expect((await postWithKey(client, '/v3/private/kyc/submit', body)).envelope.ret_code).toBe(10001);
    });

    it('when the Turkey region submits on the web (session or a from=web token), then 30001; from an app token, then Pending', async () => {
      const client = await userClient(fixture.app, 'reverify@demo.test');
      const body = { ...reverificationBody(await passportDocuments(client)), country: 'TR' };
      const web = await postWithKey(client, '/v3/private/kyc/submit', body);
      expect(web.envelope.ret_code).toBe(30001);
      expect(web.envelope.ret_msg).toBe('re-verification in the Turkey region is done in the app');

      const webToken = await partnerToken(fixture.app, 'reverify@demo.test', 'web', true);
      const viaWebToken = await sdkCall(fixture.app, '/v1/s1/kyc/integration/submit', webToken, 'web', {
        body,
        key: randomKey(),
      });
      expect(viaWebToken.ret_code).toBe(30001);

      const appToken = await partnerToken(fixture.app, 'reverify@demo.test', 'demo-app', true);
      const viaApp = await sdkCall(fixture.app, '/v1/s1/kyc/integration/submit', appToken, 'demo-app', {
        body,
        key: randomKey(),
      });
      expect(viaApp.ret_code).toBe(0);
      expect((await kycView(client)).poi).toBe('Pending');
    });
  });

  it('when the OpenAPI document is read, then every new endpoint has its request and response schemas', async () => {
    const doc = (await fixture.app.inject({ method: 'GET', url: '/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    };
    for (const path of [
      '/v3/private/kyc/sdk-access',
      '/v3/private/kyc/update-id',
      '/v3/private/kyc/update-poa',
      '/v1/s1/kyc/integration/submit',
      '/v1/s1/kyc/integration/upload-document',
    ]) {
      const operation = doc.paths[path]?.post;
      expect(operation?.requestBody, path).toBeDefined();
      expect(operation?.responses?.['200'], path).toBeDefined();
    }
    const decisions = JSON.stringify(
      doc.paths['/backoffice/api/cases/{userId}/decisions']?.post?.requestBody,
    );
    for (const decision of [
      'approve_reverification',
      'reject_reverification',
      'approve_update',
      'reject_update',
    ])
      expect(decisions).toContain(decision);
  });

  describe('SDK write variants', () => {
    it("when an SDK token uploads and submits, then the token user's level is PENDING; the same key answers the same submission", async () => {
      const token = await partnerToken(fixture.app, 'new@demo.test', 'demo-app');
      const ids: string[] = [];
      for (const side of ['front', 'selfie']) {
        const up = await sdkCall(fixture.app, '/v1/s1/kyc/integration/upload-document', token, 'demo-app', {
          multipart: multipart(side, await jpeg()),
        });
        expect(up.ret_code).toBe(0);
        ids.push(String((up.result as Result).documentId));
      }
      const body = {
        level: 1,
        documentType: 'PASSPORT',
        country: 'DE',
        documentIds: ids,
        consent: TEST_CONSENT,
      };
      const key = randomKey();
      const first = await sdkCall(fixture.app, '/v1/s1/kyc/integration/submit', token, 'demo-app', {
        body,
        key,
      });
      expect(first.ret_code).toBe(0);
      const again = await sdkCall(fixture.app, '/v1/s1/kyc/integration/submit', token, 'demo-app', {
        body,
        key,
      });
      expect(again.result).toEqual(first.result);
      const rows = await submissionsOf('new@demo.test');
      expect(rows.map((r) => [r.kind, r.status])).toEqual([['level', 'PENDING']]);
      expect((await kycView(await userClient(fixture.app, 'new@demo.test'))).level1).toBe('PENDING');
    });

    it("when user B (session or SDK token) names user A's documents, then 30011 and A's documents stay unused", async () => {
      const a = await userClient(fixture.app, 'new@demo.test');
      const ids = await passportDocuments(a);
      const body = {
        level: 1,
        documentType: 'PASSPORT',
        country: 'DE',
        documentIds: ids,
        consent: TEST_CONSENT,
      };
      const b = await userClient(fixture.app, 'l1@demo.test');
      await requestReverification();
      expect(
        (await postWithKey(b, '/v3/private/kyc/submit', { ...body, reason: 'UPDATE_KYC' })).envelope.ret_code,
      ).toBe(30011);
      const tokenB = await partnerToken(fixture.app, 'l1@demo.test', 'demo-app', true);
      const viaSdk = await sdkCall(fixture.app, '/v1/s1/kyc/integration/submit', tokenB, 'demo-app', {
        body: { ...body, reason: 'UPDATE_KYC' },
        key: randomKey(),
      });
      expect(viaSdk.ret_code).toBe(30011);
      const docs = await submissionsRepo(fixture.database.db).documentsOf(
        await userIdOf('new@demo.test'),
        ids,
      );
      expect(docs.every((d) => d.submission_id === null)).toBe(true);
      expect(await submissionsOf('l1@demo.test')).toHaveLength(0);
    });

    it('when the SDK write calls come without a valid token, then 10007 and nothing is stored', async () => {
      const up = await sdkCall(
        fixture.app,
        '/v1/s1/kyc/integration/upload-document',
        'x'.repeat(43),
        'demo-app',
        {
          multipart: multipart('front', await jpeg()),
        },
      );
      expect(up.ret_code).toBe(10007);
      const submit = await sdkCall(fixture.app, '/v1/s1/kyc/integration/submit', 'x'.repeat(43), 'demo-app', {
        body: {
          level: 1,
          documentType: 'PASSPORT',
          country: 'DE',
          documentIds: ['a'.repeat(32)],
          consent: TEST_CONSENT,
        },
        key: randomKey(),
      });
      expect(submit.ret_code).toBe(10007);
      expect(await fixture.database.db.selectFrom('kyc_documents').select('id').execute()).toHaveLength(0);
    });
  });
});
