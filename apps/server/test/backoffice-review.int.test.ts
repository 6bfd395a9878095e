import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AuditResult, ReviewCase, ReviewQueueResult, StaffLoginResult } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { freshDemoTotpCode, kycInfo, staffClient, userClient } from './support/kyc-flows.ts';
import { TestClient, signedUpClient } from './support/test-app.ts';
import { auditRepo } from '../src/data/repositories/audit-repo.ts';
import { staffRepo } from '../src/data/repositories/staff-repo.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { base32Decode, totpAt } from '../src/lib/totp.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';

const INFO_FLAGS = {
  obtain_kyc_token: false,
  obtain_current: true,
  obtain_quotas: true,
  obtain_state: true,
  obtain_aml_questionnaire: false,
  obtain_verification_process: false,
};

describe.each(testDatabases())('back-office review on $name', (testDb) => {
  const fixture = useAppFixture(testDb, { env: { DEMO_STAFF_TOTP: 'required' } });

  async function staffLogin(email: string, totpCode?: string) {
    const client = new TestClient(fixture.app);
    await client.get('/backoffice/');
    const body = { email, password: DEMO_PASSWORD, ...(totpCode !== undefined ? { totpCode } : {}) };
    const { envelope } = await client.post('/backoffice/api/login', body);
    return { client, envelope };
  }

  const staff = (email: string) => staffClient(fixture.app, email);

  const { userIdOf } = fixture;

  const kycInfoOf = async (email: string) => kycInfo(await userClient(fixture.app, email), INFO_FLAGS);

  const decide = (client: TestClient, userId: number, body: unknown) =>
    client.post(`/backoffice/api/cases/${userId}/decisions`, body);

  describe('TOTP', () => {
    it('when demo staff sign in without a code, then 20007; with a wrong one, then 20001; with the current code, then a session', async () => {
      expect((await staffLogin('reviewer@demo.test')).envelope?.ret_code).toBe(20007);
      expect((await staffLogin('reviewer@demo.test', '000000')).envelope).toMatchObject({ ret_code: 20001 });
      const { client, envelope } = await staffLogin(
        'reviewer@demo.test',
        await freshDemoTotpCode(fixture.app, 'reviewer@demo.test'),
      );
      expect(envelope?.ret_code).toBe(0);
      expect(envelope?.result).not.toHaveProperty('totpEnrolment');
      expect((await client.get('/backoffice/api/me')).envelope?.ret_code).toBe(0);
    });

    it('when new staff sign in the first time, then they get a secret to confirm with its first code, and only then a session', async () => {
      await staffRepo(fixture.database.db).insert({
        email: 'newbie@bank.test',
        display_name: 'New Bie',
        role: 'reviewer',
        password_hash: await hashPassword(DEMO_PASSWORD),
        created_at: Date.now(),
        last_login_at: null,
      });
      const first = await staffLogin('newbie@bank.test');
      expect(first.envelope?.ret_code).toBe(0);
      const enrolment = (first.envelope?.result as Extract<StaffLoginResult, { totpEnrolment: unknown }>)
        .totpEnrolment;
      expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]+&/);
      expect(new URL(enrolment.otpauthUri).searchParams.get('secret')).toBe(enrolment.secret);
      expect(enrolment.enrolmentToken).not.toContain(enrolment.secret);
      // No session and nothing stored until the first code confirms the secret.
      expect((await first.client.get('/backoffice/api/me')).envelope?.ret_code).toBe(10007);
      expect((await staffRepo(fixture.database.db).findByEmail('newbie@bank.test'))?.totp_secret).toBeNull();

      const code = totpAt(base32Decode(enrolment.secret), Date.now());
      const confirm = (totpCode: string, totpEnrolmentToken = enrolment.enrolmentToken) =>
        first.client.post('/backoffice/api/login', {
          email: 'newbie@bank.test',
          password: DEMO_PASSWORD,
          totpCode,
          totpEnrolmentToken,
        });
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await confirm(wrong)).envelope?.ret_code).toBe(20001);
      expect((await confirm(code, `${enrolment.enrolmentToken}x`)).envelope?.ret_code).toBe(20001);
      expect((await confirm(code)).envelope?.ret_code).toBe(0);
      expect((await first.client.get('/backoffice/api/me')).envelope?.ret_code).toBe(0);
      // The secret is stored sealed, never in clear.
      const row = await staffRepo(fixture.database.db).findByEmail('newbie@bank.test');
      expect(row?.totp_secret).toMatch(/^v1:/);
      expect(row?.totp_secret).not.toContain(enrolment.secret);

      expect((await staffLogin('newbie@bank.test')).envelope?.ret_code).toBe(20007);
      // The confirming code's step is spent: the next sign-in takes the next step's code.
      const replay = await staffLogin('newbie@bank.test', code);
      expect(replay.envelope?.ret_code).toBe(20001);
      const second = await staffLogin(
        'newbie@bank.test',
        totpAt(base32Decode(enrolment.secret), Date.now() + 30_000),
      );
      expect(second.envelope?.ret_code).toBe(0);
      expect(second.envelope?.result).not.toHaveProperty('totpEnrolment');
    });
  });

  describe('queue and case', () => {
    it('when a reviewer filters the queue, then only matching PENDING steps come back', async () => {
      const reviewer = await staff('reviewer@demo.test');
      const all = (await reviewer.get('/backoffice/api/queue')).envelope?.result as ReviewQueueResult;
      expect(all.items.map((i) => i.email)).toEqual(['pending@demo.test']);
      expect(all.items[0]).toMatchObject({ level: 1, country: 'NG', site: 'GLOBAL', firstName: 'Chidi' });
      const q = async (query: string) =>
        ((await reviewer.get(`/backoffice/api/queue?${query}`)).envelope?.result as ReviewQueueResult).total;
      expect(await q('level=1&country=NG&site=GLOBAL')).toBe(1);
      expect(await q('level=2')).toBe(0);
      expect(await q('country=DE')).toBe(0);
      expect(await q('site=TUR')).toBe(0);
      expect(await q('minAgeHours=0')).toBe(1);
      expect(await q('minAgeHours=48')).toBe(0);
      // Cursor paging (issue 17): one item fits on a page of 1, so there is no next page.
      const first = (await reviewer.get('/backoffice/api/queue?limit=1')).envelope
        ?.result as ReviewQueueResult;
      expect(first).toMatchObject({ total: 1, totalCapped: false, nextCursor: null });
      expect((await reviewer.get('/backoffice/api/queue?cursor=not-a-cursor')).envelope?.ret_code).toBe(
        55002,
      );
      expect((await reviewer.get('/backoffice/api/queue?level=7')).envelope?.ret_code).toBe(10001);
    });

    it('when a reviewer opens a case, then the view is in the audit log', async () => {
      const reviewer = await staff('reviewer@demo.test');
      const userId = await userIdOf('pending@demo.test');
      const { envelope } = await reviewer.get(`/backoffice/api/cases/${userId}`);
      expect(envelope?.ret_code).toBe(0);
      expect(envelope?.result).toMatchObject({
        email: 'pending@demo.test',
        applicant: { firstName: 'Chidi', lastName: 'Okafor', dateOfBirth: '1994-09-30' },
        levels: [
          { level: 1, status: 'PENDING' },
          { level: 2, status: 'NOT_ALLOW' },
        ],
      });
      const auditor = await staff('auditor@demo.test');
      const log = (await auditor.get(`/backoffice/api/audit?subjectUserId=${userId}&action=case.view`))
        .envelope?.result as AuditResult;
      expect(log.total).toBe(1);
      expect(log.items[0]).toMatchObject({ action: 'case.view', subjectUserId: userId });
    });
  });

  describe('decisions', () => {
    it('when a reviewer approves pending@demo.test, then level 1 is SUCCESS and the quota follows', async () => {
      const before = await kycInfoOf('pending@demo.test');
      const reviewer = await staff('reviewer@demo.test');
      const userId = await userIdOf('pending@demo.test');
      const { envelope } = await decide(reviewer, userId, { decision: 'approve', level: 1 });
      expect(envelope?.ret_code).toBe(0);
      expect((envelope?.result as ReviewCase).decisions[0]).toMatchObject({ decision: 'approve', level: 1 });
      const after = await kycInfoOf('pending@demo.test');
      expect(after.state?.map((s) => [s.level, s.status])).toEqual([
        [1, 'SUCCESS'],
        [2, 'ALLOW'],
      ]);
      expect(after.applicant?.level).toBe(1);
      expect(after.currentLevelQuota).toBeGreaterThan(before.currentLevelQuota ?? 0);
      // A second approval finds the level decided already (issue 14): 409 / 30081, nothing changes.
      const again = await decide(reviewer, userId, { decision: 'approve', level: 1 });
      expect([again.response.statusCode, again.envelope?.ret_code]).toEqual([409, 30081]);
    });

    it('when a reviewer rejects with RETRY, then the user sees FAILED_AND_CAN_RETRY and the message', async () => {
      const reviewer = await staff('reviewer@demo.test');
      const userId = await userIdOf('pending@demo.test');
      const body = {
        decision: 'reject_retry',
        level: 1,
        reasonCode: 'BLURRY',
        userMessage: 'The photo is blurred.',
      };
      expect((await decide(reviewer, userId, body)).envelope?.ret_code).toBe(0);
      const info = await kycInfoOf('pending@demo.test');
      expect(info.state?.[0]).toMatchObject({
        status: 'FAILED_AND_CAN_RETRY',
        rejectReasonCode: 'BLURRY',
        rejectReason: 'The photo is blurred.',
      });
    });

    it('when a reviewer proposes FINAL, then the user still sees PENDING until another senior confirms; the proposer cannot', async () => {
      const reviewer = await staff('reviewer@demo.test');
      const senior = await staff('senior@demo.test');
      const userId = await userIdOf('pending@demo.test');
      const propose = {
        decision: 'propose_final',
        level: 1,
        reasonCode: 'FORGED',
        userMessage: 'Document refused.',
      };
      expect((await decide(reviewer, userId, propose)).envelope?.ret_code).toBe(0);
      expect((await kycInfoOf('pending@demo.test')).state?.[0]?.status).toBe('PENDING');
      // A reviewer may not confirm; neither may the proposer.
      expect(
        (await decide(reviewer, userId, { decision: 'confirm_final', level: 1 })).envelope?.ret_code,
      ).toBe(10005);
      // The proposal is a decision: the reviewer's screen is stale (issue 14).
      expect((await decide(reviewer, userId, { decision: 'approve', level: 1 })).envelope?.ret_code).toBe(
        30081,
      );

      const { envelope } = await decide(senior, userId, { decision: 'confirm_final', level: 1 });
      expect(envelope?.ret_code).toBe(0);
      const info = await kycInfoOf('pending@demo.test');
      expect(info.state?.[0]).toMatchObject({
        status: 'FAILED_AND_CAN_NOT_RETRY',
        rejectReason: 'Document refused.',
      });
      expect((envelope?.result as ReviewCase).decisions[0]).toMatchObject({
        decision: 'reject_final_confirmed',
        staffId: (await staffRepo(fixture.database.db).findByEmail('reviewer@demo.test'))?.id,
        confirmedBy: (await staffRepo(fixture.database.db).findByEmail('senior@demo.test'))?.id,
      });
    });

    it('when a senior proposes FINAL and confirms it themselves, then 30002 and the user still sees PENDING', async () => {
      const senior = await staff('senior@demo.test');
      const userId = await userIdOf('pending@demo.test');
      const propose = { decision: 'propose_final', level: 1, reasonCode: 'FORGED', userMessage: 'Refused.' };
      expect((await decide(senior, userId, propose)).envelope?.ret_code).toBe(0);
      expect((await decide(senior, userId, { decision: 'confirm_final', level: 1 })).envelope?.ret_code).toBe(
        30002,
      );
      expect((await kycInfoOf('pending@demo.test')).state?.[0]?.status).toBe('PENDING');
      const admin = await staff('admin@demo.test');
      expect((await decide(admin, userId, { decision: 'confirm_final', level: 1 })).envelope?.ret_code).toBe(
        0,
      );
    });

    it('when a reviewer requests re-verification, then the user sees Needed with the deadline', async () => {
      const reviewer = await staff('reviewer@demo.test');
      const userId = await userIdOf('l1@demo.test');
      const deadline = Date.now() + 7 * 86_400_000;
      expect(
        (await decide(reviewer, userId, { decision: 'request_reverification', deadline })).envelope?.ret_code,
      ).toBe(0);
      const poi = (await kycInfoOf('l1@demo.test')).displayControl.displayUpdatePOI;
      expect(poi).toMatchObject({ status: 'DisplayUpdatePOIStatus_Needed', deadline });
      const past = { decision: 'request_reverification', deadline: Date.now() - 1000 };
      expect((await decide(reviewer, await userIdOf('new@demo.test'), past)).envelope?.ret_code).toBe(10001);
    });
  });

  describe('roles and the audit log', () => {
    it('when an auditor tries to view or decide, then 10005 and nothing changes; the audit log is theirs to read', async () => {
      const auditor = await staff('auditor@demo.test');
      const userId = await userIdOf('pending@demo.test');
      expect((await auditor.get('/backoffice/api/queue')).envelope?.ret_code).toBe(10005);
      expect((await auditor.get(`/backoffice/api/cases/${userId}`)).envelope?.ret_code).toBe(10005);
      expect((await decide(auditor, userId, { decision: 'approve', level: 1 })).envelope?.ret_code).toBe(
        10005,
      );
      expect((await kycInfoOf('pending@demo.test')).state?.[0]?.status).toBe('PENDING');

      const reviewer = await staff('reviewer@demo.test');
      await decide(reviewer, userId, { decision: 'approve', level: 1 });
      const log = (await auditor.get('/backoffice/api/audit?action=decision.approve')).envelope
        ?.result as AuditResult;
      expect(log.items).toHaveLength(1);
      expect(log.items[0]).toMatchObject({
        subjectUserId: userId,
        details: { from: 'PENDING', to: 'SUCCESS' },
      });
      expect((await reviewer.get('/backoffice/api/audit')).envelope?.ret_code).toBe(10005);
      const senior = await staff('senior@demo.test');
      expect((await senior.get('/backoffice/api/audit')).envelope?.ret_code).toBe(10005);
      const admin = await staff('admin@demo.test');
      const filtered = (await admin.get(`/backoffice/api/audit?from=${Date.now() + 60_000}`)).envelope
        ?.result as AuditResult;
      expect(filtered.total).toBe(0);
    });

    it('when only an admin patches quotas, then the user sees the new limit', async () => {
      const patch = { quotas: [{ scope: 'KYC', level: 1, coin: 'BTC', limit: '123' }] };
      const senior = await staff('senior@demo.test');
      const send = (client: TestClient) => client.send('PATCH', '/backoffice/api/quotas', patch);
      expect((await send(senior)).envelope?.ret_code).toBe(10005);
      const admin = await staff('admin@demo.test');
      expect((await send(admin)).envelope?.ret_code).toBe(0);
      expect((await kycInfoOf('l1@demo.test')).currentLevelQuota).toBe(123);
    });

    it('when anyone updates or deletes audit rows through the database handle, then the database refuses', async () => {
      const reviewer = await staff('reviewer@demo.test');
      await reviewer.get(`/backoffice/api/cases/${await userIdOf('pending@demo.test')}`);
      const { db } = auditRepo(fixture.database.db);
      await expect(db.updateTable('audit_log').set({ action: 'edited' }).execute()).rejects.toThrow(
        /append-only/,
      );
      await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
      await expect(sql`update audit_log set details = '{}'`.execute(db)).rejects.toThrow(/append-only/);
      const count = await db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('action', '=', 'case.view')
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });

    it("when an end user's session calls the back-office API, then it gets 10007", async () => {
      const user = await signedUpClient(fixture.app, 'eve@example.com');
      const userId = await userIdOf('pending@demo.test');
      expect((await user.get('/backoffice/api/queue')).envelope?.ret_code).toBe(10007);
      expect((await user.get(`/backoffice/api/cases/${userId}`)).envelope?.ret_code).toBe(10007);
      expect((await user.get('/backoffice/api/audit')).envelope?.ret_code).toBe(10007);
      const asUser = await userClient(fixture.app, 'pending@demo.test');
      const res = await asUser.post(`/backoffice/api/cases/${userId}/decisions`, {
        decision: 'approve',
        level: 1,
      });
      expect([10007, 10011]).toContain(res.envelope?.ret_code);
      expect((await kycInfoOf('pending@demo.test')).state?.[0]?.status).toBe('PENDING');
    });
  });
});
