import { describe, expect, it } from 'vitest';
import type { Envelope, VendorTokenResult } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { TEST_MASTER_KEY, TestClient, signedInClient } from './support/test-app.ts';
import { kycInfo } from './support/kyc-flows.ts';
import { uploadedDocument } from './support/uploads.ts';
import { submissionsRepo } from '../src/data/repositories/submissions-repo.ts';
import { openDetails, userDataKey } from '../src/domain/kyc/data-keys.ts';
import { bucketOf } from '../src/domain/kyc/verification-routing.ts';
import { createKeyring } from '../src/lib/crypto/envelope.ts';
import { sha256Hex } from '../src/lib/tokens.ts';

type Result = Record<string, unknown>;

const PERSON = { firstName: 'Amaka', lastName: 'Eze', dateOfBirth: '1992-03-14' };
const BVN = '22123456789';

describe.each(testDatabases())('vendor verification, routing and flow info on $name', (testDb) => {
  // Sumsub configured (its credentials set), so that a route naming it is followed (docs/providers.md "Routing").
  const fixture = useAppFixture(testDb, {
    env: {
      SUMSUB_APP_TOKEN: 'test-app-token',
      SUMSUB_SECRET_KEY: 'test-secret',
      SUMSUB_WEBHOOK_SECRET: 'test-hook',
    },
  });

  const signedIn = (email: string): Promise<TestClient> => signedInClient(fixture.app, email);
  const { userIdOf } = fixture;

  async function vendorToken(client: TestClient, idType = 'BVN') {
    const { envelope } = await client.post('/v3/private/kyc/vendor-token', { level: 1, idType });
    return envelope as Envelope<VendorTokenResult | null>;
  }

  async function verify(client: TestClient, body: Result, key = `v-${Math.random().toString(36).slice(2)}`) {
    const { envelope, response } = await client.post('/v3/private/kyc/vendor-verify', body, {
      headers: { 'idempotency-key': key },
    });
    return { envelope: envelope as Envelope<Result | null>, status: response.statusCode };
  }

  /** A vendor token and an unused selfie of this client. */
  async function ready(client: TestClient, idType = 'BVN') {
    const token = (await vendorToken(client, idType)).result?.token ?? '';
    const selfieDocumentId = await uploadedDocument(client, 'selfie');
    return { token, selfieDocumentId };
  }

  describe('POST /v3/private/kyc/vendor-token', () => {
    it('when a BVN session is opened, then a 15-minute token for NG whose hash alone is stored', async () => {
      const client = await signedIn('new@demo.test');
      const before = Date.now();
      const envelope = await vendorToken(client);
      expect(envelope.ret_code).toBe(0);
      const result = envelope.result as VendorTokenResult;
      expect(result).toMatchObject({ provider: 'default', idTypes: ['BVN', 'NIN'], country: 'NG' });
      expect(result.token).toMatch(/^kvt_/);
      expect(result.expiresAt).toBeGreaterThanOrEqual(before + 15 * 60_000);
      expect(result.expiresAt).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
      const rows = await fixture.database.db.selectFrom('vendor_sessions').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.id).toBe(sha256Hex(result.token));
      expect(JSON.stringify(rows)).not.toContain(result.token);
      expect(rows[0]).toMatchObject({ id_type: 'BVN', country: 'NG', used_at: null });
    });

    it('when the id type is not offered or its country closed, then 30022 and no session', async () => {
      const client = await signedIn('new@demo.test');
      await fixture.database.db
        .updateTable('vendor_id_types')
        .set({ enabled: 0 })
        .where('id_type', '=', 'NIN')
        .execute();
      expect((await vendorToken(client, 'NIN')).ret_code).toBe(30022);
      await fixture.database.db
        .updateTable('countries')
        .set({ kyc_disabled: 1 })
        .where('code', '=', 'GH')
        .execute();
      expect((await vendorToken(client, 'GHANA_CARD')).ret_code).toBe(30022);
      const { response, envelope } = await client.post('/v3/private/kyc/vendor-token', {
        level: 1,
        idType: 'SSN',
      });
      expect(response.statusCode).toBe(400);
      expect(envelope?.ret_code).toBe(10001);
      expect(await fixture.database.db.selectFrom('vendor_sessions').selectAll().execute()).toHaveLength(0);
    });

    it('when level 1 is under review, then 30001; without a session, 10007', async () => {
      expect((await vendorToken(await signedIn('pending@demo.test'))).ret_code).toBe(30001);
      const anonymous = new TestClient(fixture.app);
      await anonymous.visit();
      expect((await vendorToken(anonymous)).ret_code).toBe(10007);
    });
  });

  describe('POST /v3/private/kyc/vendor-verify', () => {
    it('when the number, names and selfie are right, then level 1 PENDING with one vendor submission, all in one go', async () => {
      const client = await signedIn('new@demo.test');
      const userId = await userIdOf('new@demo.test');
      const { token, selfieDocumentId } = await ready(client);
      const { envelope } = await verify(
        client,
        { token, idType: 'BVN', idNumber: '221 2345 6789', selfieDocumentId, ...PERSON },
        'vendor-key-1',
      );
      expect(envelope.ret_code).toBe(0);
      expect(envelope.result).toMatchObject({ level: 1, status: 'PENDING' });

      const rows = await submissionsRepo(fixture.database.db).submissionsOf(userId);
      expect(rows).toHaveLength(1);
      const row = rows[0];
      expect(row).toMatchObject({
        kind: 'vendor',
        document_type: '',
        issuing_country: 'NG',
        status: 'PENDING',
      });
      const sealed = Buffer.from(row?.details_enc ?? Buffer.alloc(0));
      expect(sealed.includes(Buffer.from(BVN))).toBe(false);
      expect(sealed.includes(Buffer.from('Amaka'))).toBe(false);
      const keyring = createKeyring(Buffer.from(TEST_MASTER_KEY, 'base64'));
      const key = await userDataKey(submissionsRepo(fixture.database.db), keyring, userId, Date.now());
      expect(openDetails(key, userId, 'vendor-key-1', sealed)).toMatchObject({
        idType: 'BVN',
        idNumber: BVN,
        ...PERSON,
      });

      const selfie = await fixture.database.db
        .selectFrom('kyc_documents')
        .select('submission_id')
        .where('id', '=', selfieDocumentId)
        .executeTakeFirstOrThrow();
      expect(Number(selfie.submission_id)).toBe(Number(row?.id));
      const session = await fixture.database.db
        .selectFrom('vendor_sessions')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(session.used_at).not.toBeNull();

      const info = await kycInfo(client);
      expect(info.state?.find((s) => s.level === 1)?.status).toBe('PENDING');
      expect(info.applicant).toMatchObject({
        country: 'NG',
        firstname: 'Amaka',
        lastname: 'Eze',
        identifies: [],
      });
      const applicant = await fixture.database.db
        .selectFrom('applicants')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(applicant.first_name).toMatch(/^pd1:/);
      expect(applicant.date_of_birth).not.toContain('1992');
    });

    it('when the same Idempotency-Key is sent again, then the first result and nothing new; the used token is refused with 1008', async () => {
      const client = await signedIn('new@demo.test');
      const { token, selfieDocumentId } = await ready(client);
      const body = { token, idType: 'BVN', idNumber: BVN, selfieDocumentId, ...PERSON };
      const first = await verify(client, body, 'same-key');
      const again = await verify(client, body, 'same-key');
      expect(again.envelope).toEqual(first.envelope);
      expect(
        await submissionsRepo(fixture.database.db).submissionsOf(await userIdOf('new@demo.test')),
      ).toHaveLength(1);
      expect((await verify(client, body, 'other-key')).envelope.ret_code).toBe(1008);
    });

    it('when two requests with one key race, then both answer the one submission', async () => {
      const client = await signedIn('new@demo.test');
      const { token, selfieDocumentId } = await ready(client);
      const body = { token, idType: 'BVN', idNumber: BVN, selfieDocumentId, ...PERSON };
      const [a, b] = await Promise.all([verify(client, body, 'race-key'), verify(client, body, 'race-key')]);
      expect(a.envelope.ret_code).toBe(0);
      expect(b.envelope).toEqual(a.envelope);
      expect(
        await submissionsRepo(fixture.database.db).submissionsOf(await userIdOf('new@demo.test')),
      ).toHaveLength(1);
    });

    it('when the id number has the wrong format, then 10001 naming idNumber and the token still works', async () => {
      const client = await signedIn('new@demo.test');
      const { token, selfieDocumentId } = await ready(client);
      const bad = await verify(client, {
        token,
        idType: 'BVN',
        idNumber: '2212345',
        selfieDocumentId,
        ...PERSON,
      });
      expect(bad.status).toBe(400);
      expect(bad.envelope.ret_code).toBe(10001);
      expect(bad.envelope.ret_msg).toContain('idNumber');
      const minor = await verify(client, {
        token,
        idType: 'BVN',
        idNumber: BVN,
        selfieDocumentId,
        ...PERSON,
        dateOfBirth: '2015-01-01',
      });
      expect(minor.envelope.ret_msg).toContain('dateOfBirth');
      const otherType = await verify(client, {
        token,
        idType: 'NIN',
        idNumber: BVN,
        selfieDocumentId,
        ...PERSON,
      });
      expect(otherType.envelope.ret_msg).toContain('idType');
      expect(
        await submissionsRepo(fixture.database.db).submissionsOf(await userIdOf('new@demo.test')),
      ).toHaveLength(0);
      const good = await verify(client, { token, idType: 'BVN', idNumber: BVN, selfieDocumentId, ...PERSON });
      expect(good.envelope.ret_code).toBe(0);
    });

    it("when another user's token or selfie is used, then 1008 / 30011 and nothing changes", async () => {
      const owner = await signedIn('new@demo.test');
      const other = await signedIn('quick@demo.test');
      const mine = await ready(owner);
      const theirs = await ready(other);
      const withTheirToken = await verify(owner, {
        token: theirs.token,
        idType: 'BVN',
        idNumber: BVN,
        selfieDocumentId: mine.selfieDocumentId,
        ...PERSON,
      });
      expect(withTheirToken.envelope.ret_code).toBe(1008);
      const withTheirSelfie = await verify(owner, {
        token: mine.token,
        idType: 'BVN',
        idNumber: BVN,
        selfieDocumentId: theirs.selfieDocumentId,
        ...PERSON,
      });
      expect(withTheirSelfie.envelope.ret_code).toBe(30011);
      const front = await uploadedDocument(owner, 'front');
      const notSelfie = await verify(owner, {
        token: mine.token,
        idType: 'BVN',
        idNumber: BVN,
        selfieDocumentId: front,
        ...PERSON,
      });
      expect(notSelfie.envelope.ret_code).toBe(30012);
      expect(
        await submissionsRepo(fixture.database.db).submissionsOf(await userIdOf('new@demo.test')),
      ).toHaveLength(0);
      const sessions = await fixture.database.db.selectFrom('vendor_sessions').select('used_at').execute();
      expect(sessions.every((s) => s.used_at === null)).toBe(true);
    });

    it('when the token expired, then 1007', async () => {
      const client = await signedIn('new@demo.test');
      const { token, selfieDocumentId } = await ready(client);
      await fixture.database.db
        .updateTable('vendor_sessions')
        .set({ expires_at: Date.now() - 1 })
        .execute();
      const expired = await verify(client, {
        token,
        idType: 'BVN',
        idNumber: BVN,
        selfieDocumentId,
        ...PERSON,
      });
      expect(expired.envelope.ret_code).toBe(1007);
    });

    it('when a reviewer approves the vendor check, then kyc-info lists the identity with the number masked', async () => {
      const client = await signedIn('new@demo.test');
      const { token, selfieDocumentId } = await ready(client, 'GHANA_CARD');
      const done = await verify(client, {
        token,
        idType: 'GHANA_CARD',
        idNumber: 'GHA-123456789-0',
        selfieDocumentId,
        ...PERSON,
      });
      expect(done.envelope.ret_code).toBe(0);
      // What the back office's approval writes on the submission (docs/backoffice.md).
      await fixture.database.db
        .updateTable('kyc_submissions')
        .set({ status: 'APPROVED', decided_at: 1_800_000_000_000 })
        .where('id', '=', Number(done.envelope.result?.submissionId))
        .execute();
      const info = await kycInfo(client);
      expect(info.applicant?.identifies).toEqual([
        {
          type: 'GHANA_CARD',
          country: 'GH',
          source: 'vendor',
          maskedNumber: 'GHA-******789-0',
          sides: ['selfie'],
          verifiedAt: 1_800_000_000_000,
        },
      ]);
    });
  });

  describe('traffic-diversion and get-verification-sdk-info', () => {
    it('when a country routes a share to a vendor, then the bucket decides, and kyc-info agrees', async () => {
      const client = await signedIn('l1@demo.test');
      const userId = await userIdOf('l1@demo.test');
      const bucket = bucketOf(userId);
      const none = await client.post('/v3/private/kyc/traffic-diversion');
      expect(none.envelope?.result).toEqual({ provider: 'default', bucket });

      const at = Date.now();
      await fixture.database.db
        .insertInto('provider_routes')
        .values({ country: 'DE', provider: 'sumsub', percentage: bucket + 1, updated_at: at })
        .execute();
      // Written past the back office (which announces its changes): announced here as it would.
      fixture.app.referenceChanged('provider-routes');
      const routed = await client.post('/v3/private/kyc/traffic-diversion');
      expect(routed.envelope?.result).toEqual({ provider: 'sumsub', bucket });
      expect((await kycInfo(client)).provider).toBe('sumsub');
      const provider = await client.post('/v3/private/kyc/get-kyc-provider');
      expect(provider.envelope?.result).toMatchObject({ provider: 'sumsub' });

      await fixture.database.db.updateTable('provider_routes').set({ percentage: bucket }).execute();
      fixture.app.referenceChanged('provider-routes');
      expect((await client.post('/v3/private/kyc/traffic-diversion')).envelope?.result).toEqual({
        provider: 'default',
        bucket,
      });
      expect((await kycInfo(client)).provider).toBe('default');
    });

    it('when the flow of level 1 is asked for a Nigerian applicant, then documents, sides, id numbers and limits', async () => {
      const client = await signedIn('pending@demo.test');
      const { envelope } = await client.post('/v3/private/kyc/get-verification-sdk-info', { level: 1 });
      expect(envelope?.ret_code).toBe(0);
      expect(envelope?.result).toMatchObject({
        level: 1,
        provider: 'default',
        flowName: 'Level1_web',
        country: 'NG',
        steps: ['document_type', 'front', 'back', 'selfie', 'vendor_id_number'],
        documentTypes: ['ID_CARD', 'PASSPORT', 'DRIVERS'],
        sidesByDocumentType: { PASSPORT: ['front', 'selfie'], ID_CARD: ['front', 'back', 'selfie'] },
        vendorIdTypes: ['BVN', 'NIN'],
        acceptedMimeTypes: ['image/jpeg', 'image/png'],
        maxFileBytes: 10 * 1024 * 1024,
      });
      expect((envelope?.result as { languages: string[] }).languages).toContain('en');

      const level2 = await client.post('/v3/private/kyc/get-verification-sdk-info', { level: 2 });
      expect(level2.envelope?.result).toMatchObject({
        flowName: 'Level2_web',
        steps: ['poa'],
        documentTypes: [],
        vendorIdTypes: [],
        acceptedMimeTypes: ['image/jpeg', 'image/png', 'application/pdf'],
      });
      const bad = await client.post('/v3/private/kyc/get-verification-sdk-info', { level: 3 });
      expect(bad.envelope?.ret_code).toBe(10001);
    });
  });
});
