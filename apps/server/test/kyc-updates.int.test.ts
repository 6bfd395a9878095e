import { describe, expect, it } from 'vitest';
import { useAppFixture } from './support/app-fixture.ts';
import { SECURITY_SCENES } from '@kyc/contracts';
import { testDatabases } from './support/databases.ts';
import { grantedRiskHeaders } from './support/step-up.ts';
import { TestClient } from './support/test-app.ts';
import {
  decide,
  passportDocuments,
  postWithKey,
  randomKey,
  staffClient,
  uploadAs,
  userClient,
  type Result,
  TEST_RESIDENCE,
} from './support/kyc-flows.ts';
import { kycRepo } from '../src/data/repositories/kyc-repo.ts';
import { submissionsRepo } from '../src/data/repositories/submissions-repo.ts';

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

describe.each(testDatabases())('ID and proof-of-address updates on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  const { userIdOf, submissionsOf } = fixture;

  /** l1@demo.test: verified Lena Schmidt, born 1990-04-12, German documents. */
  const idBody = (documentIds: string[], overrides: Record<string, unknown> = {}) => ({
    documentType: 'PASSPORT',
    country: 'DE',
    documentIds,
    firstName: 'Lena',
    lastName: 'Schmidt',
    dateOfBirth: '1990-04-12',
    expiryDate: inDays(3650),
    ...overrides,
  });
  // Each update spends a risk token for scene 70029 (issue 15; its own tests: security-verification).
  const updateId = async (client: TestClient, body: unknown, key = randomKey()) =>
    postWithKey(
      client,
      '/v3/private/kyc/update-id',
      body,
      key,
      await grantedRiskHeaders(fixture.database.db, client, SECURITY_SCENES.update),
    );
  const updatePoa = (client: TestClient, body: unknown, key = randomKey()) =>
    postWithKey(client, '/v3/private/kyc/update-poa', body, key);

  describe('POST /v3/private/kyc/update-id', () => {
    it('when a verified person sends matching details, then a PENDING update_id submission with the details encrypted; the same key answers it again', async () => {
      const client = await userClient(fixture.app, 'l1@demo.test');
      const ids = await passportDocuments(client);
      const key = randomKey();
      const first = await updateId(client, idBody(ids, { firstName: 'LÉNA', lastName: ' schmidt ' }), key);
      expect(first.envelope.ret_code).toBe(0);
      expect(first.envelope.result).toEqual({ submissionId: expect.any(Number), status: 'PENDING' });
      const repeat = await updateId(client, idBody(ids), key);
      expect(repeat.envelope.result).toEqual(first.envelope.result);

      const rows = await submissionsOf('l1@demo.test');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        kind: 'update_id',
        level: 1,
        status: 'PENDING',
        document_type: 'PASSPORT',
      });
      const sealed = Buffer.from(rows[0]?.details_enc ?? Buffer.alloc(0));
      expect(sealed.length).toBeGreaterThan(28);
      expect(sealed.toString('latin1')).not.toMatch(/schmidt|1990-04-12/i);
      const docs = await submissionsRepo(fixture.database.db).documentsOf(
        await userIdOf('l1@demo.test'),
        ids,
      );
      expect(docs.every((d) => d.submission_id === rows[0]?.id)).toBe(true);
      // The verified identity changes only when a reviewer approves.
      expect(
        (await kycRepo(fixture.database.db).levelStates(await userIdOf('l1@demo.test'))).find(
          (s) => s.level === 1,
        )?.status,
      ).toBe('SUCCESS');
    });

    it('when two updates race, then the same key answers one submission and different keys give one 0 and one 1046', async () => {
      const client = await userClient(fixture.app, 'l1@demo.test');
      const ids = await passportDocuments(client);
      const key = randomKey();
      const same = await Promise.all([
        updateId(client, idBody(ids), key),
        updateId(client, idBody(ids), key),
      ]);
      expect(same[0].envelope.ret_code).toBe(0);
      expect(same[1].envelope.result).toEqual(same[0].envelope.result);
      expect(await submissionsOf('l1@demo.test')).toHaveLength(1);

      await fixture.database.db.deleteFrom('kyc_documents').where('submission_id', 'is not', null).execute();
      await fixture.database.db.deleteFrom('kyc_submissions').execute();
      const [a, b] = [await passportDocuments(client), await passportDocuments(client)];
      const raced = await Promise.all([updateId(client, idBody(a)), updateId(client, idBody(b))]);
      expect(raced.map((r) => r.envelope.ret_code).sort()).toEqual([0, 1046]);
      expect(await submissionsOf('l1@demo.test')).toHaveLength(1);
    });

    it('when the Idempotency-Key was already used for another kind of request, then 10001 and nothing new', async () => {
      const client = await userClient(fixture.app, 'l1@demo.test');
      const key = randomKey();
      const poa = await uploadAs(client, 'poa');
      const level2 = {
        level: 2,
        documentType: 'PASSPORT',
        country: 'DE',
        documentIds: [poa],
        residence: TEST_RESIDENCE,
      };
      expect((await postWithKey(client, '/v3/private/kyc/submit', level2, key)).envelope.ret_code).toBe(0);
      const reused = await updateId(client, idBody(await passportDocuments(client)), key);
      expect(reused.envelope.ret_code).toBe(10001);
      expect(reused.envelope.ret_msg).toMatch(/idempotency-key/);
      expect(await submissionsOf('l1@demo.test')).toHaveLength(1);
    });

    it('when level 1 is not verified, then 1045', async () => {
      const client = await userClient(fixture.app, 'new@demo.test');
      expect((await updateId(client, idBody(await passportDocuments(client)))).envelope.ret_code).toBe(1045);
      const pending = await userClient(fixture.app, 'pending@demo.test');
      expect((await updateId(pending, idBody(await passportDocuments(pending)))).envelope.ret_code).toBe(
        1045,
      );
    });

    it('when an ID update is already under review, then 1046 for another key', async () => {
      const client = await userClient(fixture.app, 'l1@demo.test');
      expect((await updateId(client, idBody(await passportDocuments(client)))).envelope.ret_code).toBe(0);
      expect((await updateId(client, idBody(await passportDocuments(client)))).envelope.ret_code).toBe(1046);
      expect(await submissionsOf('l1@demo.test')).toHaveLength(1);
    });

    it('when a level or the re-verification is under review, then 1062', async () => {
      const client = await userClient(fixture.app, 'l1@demo.test');
      const poa = await uploadAs(client, 'poa');
      const level2 = await postWithKey(client, '/v3/private/kyc/submit', {
        level: 2,
        documentType: 'PASSPORT',
        country: 'DE',
        documentIds: [poa],
        residence: TEST_RESIDENCE,
      });
      expect(level2.envelope.ret_code).toBe(0);
      expect((await updateId(client, idBody(await passportDocuments(client)))).envelope.ret_code).toBe(1062);
    });

    it('when the document has expired, the name, birth date or country differ, then 1047, 1048, 1049, 1050 and nothing is stored', async () => {
      const client = await userClient(fixture.app, 'l1@demo.test');
      const ids = await passportDocuments(client);
      const cases: [Record<string, unknown>, number][] = [
        [{ expiryDate: inDays(-1) }, 1047],
        [{ firstName: 'Lina' }, 1048],
        [{ lastName: 'Schmitt' }, 1048],
        [{ dateOfBirth: '1990-04-13' }, 1049],
        [{ country: 'FR' }, 1050],
      ];
      for (const [overrides, code] of cases)
        expect(
          (await updateId(client, idBody(ids, overrides))).envelope.ret_code,
          JSON.stringify(overrides),
        ).toBe(code);
      // Still valid on its last day.
      expect((await updateId(client, idBody(ids, { expiryDate: inDays(0) }))).envelope.ret_code).toBe(0);
    });

    it('when the verified country does not issue the document type, then 1052', async () => {
      const client = await userClient(fixture.app, 'l1@demo.test');
      await fixture.database.db
        .updateTable('applicants')
        .set({ country: 'GB' })
        .where('user_id', '=', await userIdOf('l1@demo.test'))
        .execute();
      const ids = [
        await uploadAs(client, 'front'),
        await uploadAs(client, 'back'),
        await uploadAs(client, 'selfie'),
      ];
      const answer = await updateId(client, idBody(ids, { documentType: 'ID_CARD', country: 'GB' }));
      expect(answer.envelope.ret_code).toBe(1052);
    });

    it("when the images are incomplete, unknown, repeated or another user's, then 1053 and they stay unused", async () => {
      const client = await userClient(fixture.app, 'l1@demo.test');
      const front = await uploadAs(client, 'front');
      expect((await updateId(client, idBody([front]))).envelope.ret_code).toBe(1053);
      const selfie = await uploadAs(client, 'selfie');
      expect(
        (await updateId(client, idBody([front, selfie], { documentType: 'ID_CARD' }))).envelope.ret_code,
      ).toBe(1053);
      expect((await updateId(client, idBody([front, 'f'.repeat(32)]))).envelope.ret_code).toBe(1053);
      const other = await userClient(fixture.app, 'new@demo.test');
      const foreign = await uploadAs(other, 'selfie');
      expect((await updateId(client, idBody([front, foreign]))).envelope.ret_code).toBe(1053);
      const docs = await submissionsRepo(fixture.database.db).documentsOf(await userIdOf('l1@demo.test'), [
        front,
        selfie,
      ]);
      expect(docs.every((d) => d.submission_id === null)).toBe(true);
      expect(await submissionsOf('l1@demo.test')).toHaveLength(0);
    });

    it('when 3 ID updates were made today, then the 4th is 1051', async () => {
      const client = await userClient(fixture.app, 'l1@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const userId = await userIdOf('l1@demo.test');
      for (let i = 0; i < 3; i += 1) {
        const made = await updateId(client, idBody(await passportDocuments(client)));
        expect(made.envelope.ret_code).toBe(0);
        const rejected = await decide(reviewer, userId, {
          decision: 'reject_update',
          submissionId: (made.envelope.result as Result).submissionId,
          reasonCode: 'BLURRY',
          userMessage: 'The photo is blurry.',
        });
        expect(rejected.ret_code).toBe(0);
      }
      expect((await updateId(client, idBody(await passportDocuments(client)))).envelope.ret_code).toBe(1051);
    });

    it('when the body or the Idempotency-Key is invalid, or there is no session, then 10001 / 10007', async () => {
      const client = await userClient(fixture.app, 'l1@demo.test');
      const ids = await passportDocuments(client);
      expect((await updateId(client, idBody(ids, { dateOfBirth: '1990-02-30' }))).envelope.ret_code).toBe(
        10001,
      );
      expect((await updateId(client, { ...idBody(ids), extra: 1 })).envelope.ret_code).toBe(10001);
      const { envelope } = await client.post('/v3/private/kyc/update-id', idBody(ids));
      expect(envelope?.ret_code).toBe(10001);
      const anonymous = new TestClient(fixture.app);
      await anonymous.visit();
      expect((await updateId(anonymous, idBody(ids))).envelope.ret_code).toBe(10007);
    });
  });

  describe('POST /v3/private/kyc/update-poa', () => {
    async function verifiedAddress(email: string) {
      await kycRepo(fixture.database.db).setLevelState(
        await userIdOf(email),
        2,
        { status: 'SUCCESS' },
        Date.now(),
      );
    }

    it('when level 2 is verified, then a PENDING update_poa submission; the same key answers it; another key while it waits is 30001', async () => {
      await verifiedAddress('l1@demo.test');
      const client = await userClient(fixture.app, 'l1@demo.test');
      const poa = await uploadAs(client, 'poa');
      const key = randomKey();
      const first = await updatePoa(client, { documentIds: [poa] }, key);
      expect(first.envelope.ret_code).toBe(0);
      expect((await updatePoa(client, { documentIds: [poa] }, key)).envelope.result).toEqual(
        first.envelope.result,
      );
      expect(
        (await updatePoa(client, { documentIds: [await uploadAs(client, 'poa')] })).envelope.ret_code,
      ).toBe(30001);
      const rows = await submissionsOf('l1@demo.test');
      expect(rows.map((r) => [r.kind, r.level, r.status, r.details_enc])).toEqual([
        ['update_poa', 2, 'PENDING', null],
      ]);
    });

    it('when level 2 is not verified, then 30001', async () => {
      const client = await userClient(fixture.app, 'l1@demo.test');
      expect(
        (await updatePoa(client, { documentIds: [await uploadAs(client, 'poa')] })).envelope.ret_code,
      ).toBe(30001);
    });

    it("when the document is not a proof of address, unknown or another user's, then 30012 / 30011", async () => {
      await verifiedAddress('l1@demo.test');
      const client = await userClient(fixture.app, 'l1@demo.test');
      expect(
        (await updatePoa(client, { documentIds: [await uploadAs(client, 'front')] })).envelope.ret_code,
      ).toBe(30012);
      const other = await userClient(fixture.app, 'new@demo.test');
      expect(
        (await updatePoa(client, { documentIds: [await uploadAs(other, 'poa')] })).envelope.ret_code,
      ).toBe(30011);
      expect((await updatePoa(client, { documentIds: [] })).envelope.ret_code).toBe(10001);
      expect(await submissionsOf('l1@demo.test')).toHaveLength(0);
    });

    it('when the user is on the Hong Kong site, then hkgPoaAgreement must be true (10001), and the acceptance is recorded', async () => {
      const userId = await userIdOf('l1@demo.test');
      await fixture.database.db.updateTable('users').set({ site: 'HKG' }).where('id', '=', userId).execute();
      await verifiedAddress('l1@demo.test');
      const client = await userClient(fixture.app, 'l1@demo.test');
      const poa = await uploadAs(client, 'poa');
      const refused = await updatePoa(client, { documentIds: [poa] });
      expect(refused.envelope.ret_code).toBe(10001);
      expect(refused.envelope.ret_msg).toMatch(/hkgPoaAgreement/);
      expect(
        (await updatePoa(client, { documentIds: [poa], hkgPoaAgreement: false })).envelope.ret_code,
      ).toBe(10001);
      expect((await updatePoa(client, { documentIds: [poa], hkgPoaAgreement: true })).envelope.ret_code).toBe(
        0,
      );
      const [row] = await submissionsOf('l1@demo.test');
      expect(row?.details_enc).not.toBeNull();
    });
  });
});
