import { describe, expect, it } from 'vitest';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { kycInfo } from './support/kyc-flows.ts';
import { signedInClient, type TestClient } from './support/test-app.ts';
import { DEMO_QUICK_KYC } from '../src/seed/demo.ts';

describe.each(testDatabases())('quick KYC and announcements on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  const signedIn = (email: string): Promise<TestClient> => signedInClient(fixture.app, email);
  const { userIdOf } = fixture;

  async function offerFor(email: string, fields: { expires_at?: number } = {}) {
    const at = Date.now();
    await fixture.database.db
      .insertInto('quick_kyc_offers')
      .values({
        user_id: await userIdOf(email),
        source: 'Partner Exchange',
        level: 1,
        country: 'FR',
        document_type: 'ID_CARD',
        verified_at: at - 86_400_000,
        expires_at: fields.expires_at ?? at + 86_400_000,
        consumed_at: null,
        created_at: at,
      })
      .execute();
  }

  const doQuickKyc = async (client: TestClient, body: unknown) =>
    (await client.post('/v3/private/kyc/do-quick-kyc', body)).envelope;

  describe('can-quick-kyc and do-quick-kyc', () => {
    it('when the demo offer is accepted with consent, then level 1 SUCCESS, level 2 open, the offer used', async () => {
      const client = await signedIn('quick@demo.test');
      const can = await client.get('/v3/private/kyc/can-quick-kyc');
      expect(can.envelope?.result).toEqual({ canQuickKyc: true, source: DEMO_QUICK_KYC.source, level: 1 });
      expect((await kycInfo(client)).bannerTags).toContain('QUICK_KYC_AVAILABLE');

      const done = await doQuickKyc(client, { consent: true });
      expect(done).toMatchObject({ ret_code: 0, result: { level: 1, status: 'SUCCESS' } });

      const info = await kycInfo(client);
      expect(info.state?.map((s) => s.status)).toEqual(['SUCCESS', 'ALLOW']);
      expect(info.applicant).toMatchObject({ level: 1, country: 'GB' });
      expect(info.applicant?.identifies).toEqual([
        expect.objectContaining({ type: 'PASSPORT', country: 'GB', source: 'quick_kyc', maskedNumber: '' }),
      ]);
      expect(info.bannerTags).not.toContain('QUICK_KYC_AVAILABLE');
      expect(info.currentLevelQuota).toBe(2);
      const offer = await fixture.database.db
        .selectFrom('quick_kyc_offers')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(offer.consumed_at).not.toBeNull();

      expect((await client.get('/v3/private/kyc/can-quick-kyc')).envelope?.result).toEqual({
        canQuickKyc: false,
        source: '',
        level: 0,
      });
      expect((await doQuickKyc(client, { consent: true }))?.ret_code).toBe(30021);
    });

    it('when consent is false or missing, then 10001 and nothing changes', async () => {
      const client = await signedIn('quick@demo.test');
      expect((await doQuickKyc(client, { consent: false }))?.ret_code).toBe(10001);
      expect((await doQuickKyc(client, {}))?.ret_code).toBe(10001);
      expect((await kycInfo(client)).state?.[0]?.status).toBe('ALLOW');
      const offer = await fixture.database.db
        .selectFrom('quick_kyc_offers')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(offer.consumed_at).toBeNull();
    });

    it('when there is no live offer, then can is false and do is 30021', async () => {
      const fresh = await signedIn('new@demo.test');
      expect((await fresh.get('/v3/private/kyc/can-quick-kyc')).envelope?.result).toMatchObject({
        canQuickKyc: false,
      });
      expect((await doQuickKyc(fresh, { consent: true }))?.ret_code).toBe(30021);
      await offerFor('new@demo.test', { expires_at: Date.now() - 1 });
      expect((await doQuickKyc(fresh, { consent: true }))?.ret_code).toBe(30021);
      expect((await kycInfo(fresh)).state?.[0]?.status).toBe('ALLOW');
    });

    it('when level 1 is under review or verified, then 30001 and the offer stays', async () => {
      await offerFor('pending@demo.test');
      await offerFor('l1@demo.test');
      for (const email of ['pending@demo.test', 'l1@demo.test']) {
        const client = await signedIn(email);
        expect((await client.get('/v3/private/kyc/can-quick-kyc')).envelope?.result).toMatchObject({
          canQuickKyc: false,
        });
        expect((await doQuickKyc(client, { consent: true }))?.ret_code).toBe(30001);
      }
      const offers = await fixture.database.db.selectFrom('quick_kyc_offers').select('consumed_at').execute();
      expect(offers.filter((o) => o.consumed_at !== null)).toHaveLength(0);
    });

    it('when two accepts race, then one succeeds and the other is refused', async () => {
      const client = await signedIn('quick@demo.test');
      const answers = await Promise.all([
        doQuickKyc(client, { consent: true }),
        doQuickKyc(client, { consent: true }),
      ]);
      const codes = answers.map((a) => a?.ret_code).sort();
      expect(codes[0]).toBe(0);
      expect([30001, 30021]).toContain(codes[1]);
      expect((await kycInfo(client)).state?.[0]?.status).toBe('SUCCESS');
    });
  });

  describe('POST /v3/private/kyc/submit-kyc-announcement', () => {
    it('when a dismissible tag is acknowledged, then kyc-info leaves it out; again is fine', async () => {
      const client = await signedIn('quick@demo.test');
      for (let i = 0; i < 2; i += 1) {
        const { envelope } = await client.post('/v3/private/kyc/submit-kyc-announcement', {
          announcementId: 'QUICK_KYC_AVAILABLE',
        });
        expect(envelope).toMatchObject({ ret_code: 0, result: { acknowledged: true } });
      }
      expect((await kycInfo(client)).bannerTags).not.toContain('QUICK_KYC_AVAILABLE');
      expect(
        await fixture.database.db.selectFrom('kyc_announcement_acks').selectAll().execute(),
      ).toHaveLength(1);
    });

    it('when the cause starts again after the acknowledgement, then the tag shows again', async () => {
      const client = await signedIn('pending@demo.test');
      expect((await kycInfo(client)).bannerTags).toContain('KYC_PENDING');
      await client.post('/v3/private/kyc/submit-kyc-announcement', { announcementId: 'KYC_PENDING' });
      expect((await kycInfo(client)).bannerTags).not.toContain('KYC_PENDING');
      // A new review begins later (the step row changes again).
      await fixture.database.db
        .updateTable('kyc_level_states')
        .set({ updated_at: Date.now() + 60_000 })
        .where('user_id', '=', await userIdOf('pending@demo.test'))
        .where('level', '=', 1)
        .execute();
      expect((await kycInfo(client)).bannerTags).toContain('KYC_PENDING');
    });

    it('when the id is unknown or not dismissible, then 10001 and the tag stays', async () => {
      const client = await signedIn('reverify@demo.test');
      const unknown = await client.post('/v3/private/kyc/submit-kyc-announcement', {
        announcementId: 'NOPE',
      });
      expect(unknown.envelope?.ret_code).toBe(10001);
      const fixed = await client.post('/v3/private/kyc/submit-kyc-announcement', {
        announcementId: 'REVERIFY_NEEDED',
      });
      expect(fixed.envelope?.ret_code).toBe(10001);
      expect(fixed.envelope?.ret_msg).toContain('cannot be dismissed');
      expect((await kycInfo(client)).bannerTags).toContain('REVERIFY_NEEDED');
      expect(
        await fixture.database.db.selectFrom('kyc_announcement_acks').selectAll().execute(),
      ).toHaveLength(0);
    });
  });
});
