/**
 * Issue 11, staff second factor: a TOTP code signs in once (also under concurrency), one-time recovery
 * codes, the audited admin reset, and sign-in events in the audit log. SQLite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { AuditResult, StaffListResult, StaffLoginResult } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { freshDemoTotpCode, staffClient } from './support/kyc-flows.ts';
import { TestClient } from './support/test-app.ts';
import { staffRepo } from '../src/data/repositories/staff-repo.ts';
import { base32Decode, totpAt } from '../src/lib/totp.ts';
import { DEMO_PASSWORD, DEMO_STAFF, demoRecoveryCodes } from '../src/seed/demo.ts';

const REVIEWER = 'reviewer@demo.test';
const secretOf = (email: string) => base32Decode(DEMO_STAFF.find((m) => m.email === email)?.totpSecret ?? '');

describe.each(testDatabases())('staff second factor on $name', (testDb) => {
  const fixture = useAppFixture(testDb, { env: { DEMO_STAFF_TOTP: 'required' } });

  async function login(body: Record<string, unknown>) {
    const client = new TestClient(fixture.app);
    await client.get('/backoffice/');
    const { envelope } = await client.post('/backoffice/api/login', { password: DEMO_PASSWORD, ...body });
    return { client, envelope };
  }

  async function auditOf(action: string) {
    const rows = await fixture.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, details: JSON.parse(row.details) as Record<string, unknown> }));
  }

  const memberId = async (email: string) =>
    (await staffRepo(fixture.database.db).findByEmail(email))?.id ?? 0;

  describe('TOTP replay', () => {
    it('when the same code signs in twice, then the second is refused with 20001 and audited as replayed', async () => {
      const code = totpAt(secretOf(REVIEWER), Date.now());
      expect((await login({ email: REVIEWER, totpCode: code })).envelope?.ret_code).toBe(0);
      const again = await login({ email: REVIEWER, totpCode: code });
      expect(again.envelope?.ret_code).toBe(20001);
      expect((await again.client.get('/backoffice/api/me')).envelope?.ret_code).toBe(10007);
      const failed = await auditOf('staff.second_factor_failed');
      expect(failed.map((row) => row.details)).toEqual([
        expect.objectContaining({ method: 'totp', reason: 'replayed' }),
      ]);
      // An older step than the last accepted one is a replay too; the next step is fine.
      const older = totpAt(secretOf(REVIEWER), Date.now() - 30_000);
      expect((await login({ email: REVIEWER, totpCode: older })).envelope?.ret_code).toBe(20001);
      const next = totpAt(secretOf(REVIEWER), Date.now() + 30_000);
      expect((await login({ email: REVIEWER, totpCode: next })).envelope?.ret_code).toBe(0);
    });

    it('when two sign-ins carry the same code at the same moment, then exactly one wins', async () => {
      const code = totpAt(secretOf(REVIEWER), Date.now());
      const answers = await Promise.all([1, 2, 3].map(() => login({ email: REVIEWER, totpCode: code })));
      const codes = answers.map((a) => a.envelope?.ret_code).sort();
      expect(codes).toEqual([0, 20001, 20001]);
    });

    it('when the step is remembered, then it is in the database (shared by every instance)', async () => {
      const code = totpAt(secretOf(REVIEWER), Date.now());
      expect((await login({ email: REVIEWER, totpCode: code })).envelope?.ret_code).toBe(0);
      const row = await staffRepo(fixture.database.db).findByEmail(REVIEWER);
      expect(Number(row?.totp_last_step)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 30_000) - 1);
    });
  });

  describe('recovery codes', () => {
    it('when a recovery code is used instead of the TOTP code, then it signs in once, audited, and says how many are left', async () => {
      const [first = '', second = ''] = demoRecoveryCodes(REVIEWER);
      const ok = await login({ email: REVIEWER, recoveryCode: first.toLowerCase().replace('-', ' ') });
      expect(ok.envelope).toMatchObject({
        ret_code: 0,
        result: { email: REVIEWER, recoveryCodesRemaining: 9 },
      });
      expect((await ok.client.get('/backoffice/api/me')).envelope?.ret_code).toBe(0);
      expect((await login({ email: REVIEWER, recoveryCode: first })).envelope?.ret_code).toBe(20001);
      expect((await login({ email: REVIEWER, recoveryCode: 'ABC' })).envelope?.ret_code).toBe(20012);
      // Another member's code is not this member's.
      const adminCode = demoRecoveryCodes('admin@demo.test')[0];
      expect((await login({ email: REVIEWER, recoveryCode: adminCode })).envelope?.ret_code).toBe(20001);
      // A wrong password with a right code is still the generic 20001 and spends nothing.
      const wrongPassword = await login({ email: REVIEWER, password: 'wrong-pass', recoveryCode: second });
      expect(wrongPassword.envelope?.ret_code).toBe(20001);
      expect((await login({ email: REVIEWER, recoveryCode: second })).envelope?.ret_code).toBe(0);

      expect((await auditOf('staff.recovery_code_used')).map((row) => row.details.remaining)).toEqual([9, 8]);
      const signIns = await auditOf('staff.sign_in');
      expect(signIns.map((row) => row.details.method)).toEqual(['recovery_code', 'recovery_code']);
    });

    it('when two sign-ins spend the same recovery code at once, then exactly one wins', async () => {
      const code = demoRecoveryCodes(REVIEWER)[3];
      const answers = await Promise.all([1, 2, 3].map(() => login({ email: REVIEWER, recoveryCode: code })));
      expect(answers.map((a) => a.envelope?.ret_code).sort()).toEqual([0, 20001, 20001]);
    });

    it('when a member makes a new set, then it needs a fresh code, the old codes stop working and the new ones work once', async () => {
      const reviewer = await staffClient(fixture.app, REVIEWER);
      expect((await reviewer.get('/backoffice/api/me/recovery-codes')).envelope?.result).toMatchObject({
        remaining: 10,
      });
      const regenerate = (code: string) => reviewer.post('/backoffice/api/me/recovery-codes', { code });
      expect((await regenerate('000000')).envelope?.ret_code).toBe(20001);
      const fresh = await regenerate(await freshDemoTotpCode(fixture.app, REVIEWER));
      expect(fresh.envelope?.ret_code).toBe(0);
      const codes = (fresh.envelope?.result as { codes: string[] }).codes;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);

      // Stored only as keyed hashes.
      const stored = await fixture.database.db
        .selectFrom('staff_recovery_codes')
        .select('code_hash')
        .execute();
      for (const { code_hash } of stored)
        for (const code of codes) expect(code_hash).not.toContain(code.replace('-', ''));

      const old = demoRecoveryCodes(REVIEWER)[0];
      expect((await login({ email: REVIEWER, recoveryCode: old })).envelope?.ret_code).toBe(20001);
      expect((await login({ email: REVIEWER, recoveryCode: codes[0] })).envelope?.ret_code).toBe(0);
      expect((await login({ email: REVIEWER, recoveryCode: codes[0] })).envelope?.ret_code).toBe(20001);
      // A recovery code also confirms a new set.
      expect((await regenerate(codes[1] ?? '')).envelope?.ret_code).toBe(0);
      expect(await auditOf('staff.recovery_codes_regenerated')).toHaveLength(2);
    });

    it('when new staff confirm their enrolment, then the answer carries 10 recovery codes that sign in', async () => {
      const id = await staffRepo(fixture.database.db).insert({
        email: 'newbie@bank.test',
        display_name: 'New Bie',
        role: 'reviewer',
        password_hash: (await staffRepo(fixture.database.db).findByEmail(REVIEWER))?.password_hash ?? '',
        created_at: Date.now(),
        last_login_at: null,
      });
      const first = await login({ email: 'newbie@bank.test' });
      const { enrolment } = {
        enrolment: (first.envelope?.result as { totpEnrolment: { secret: string; enrolmentToken: string } })
          .totpEnrolment,
      };
      const confirm = await login({
        email: 'newbie@bank.test',
        totpCode: totpAt(base32Decode(enrolment.secret), Date.now()),
        totpEnrolmentToken: enrolment.enrolmentToken,
      });
      const result = confirm.envelope?.result as Extract<StaffLoginResult, { email: string }>;
      expect(confirm.envelope?.ret_code).toBe(0);
      expect(result.recoveryCodes).toHaveLength(10);
      expect(
        (await login({ email: 'newbie@bank.test', recoveryCode: result.recoveryCodes?.[0] })).envelope
          ?.ret_code,
      ).toBe(0);
      expect((await auditOf('staff.second_factor_enrolled')).map((row) => row.staff_id)).toEqual([id]);
    });
  });

  describe('admin reset', () => {
    it('when an admin lists the staff, then members come cursor-paged with their second factor; others get 10005', async () => {
      const admin = await staffClient(fixture.app, 'admin@demo.test');
      const page1 = (await admin.get('/backoffice/api/staff?limit=3')).envelope?.result as StaffListResult;
      expect(page1.items).toHaveLength(3);
      expect(page1.items[0]).toMatchObject({
        email: REVIEWER,
        secondFactor: 'enrolled',
        recoveryCodesRemaining: 10,
      });
      expect(page1.nextCursor).not.toBeNull();
      const page2 = (await admin.get(`/backoffice/api/staff?limit=3&cursor=${page1.nextCursor}`)).envelope
        ?.result as StaffListResult;
      expect(page2.items.map((m) => m.email)).toEqual(['auditor@demo.test']);
      expect(page2.nextCursor).toBeNull();
      const reviewer = await staffClient(fixture.app, REVIEWER);
      expect((await reviewer.get('/backoffice/api/staff')).envelope?.ret_code).toBe(10005);
      const id = await memberId('senior@demo.test');
      const reset = await reviewer.post(`/backoffice/api/staff/${id}/second-factor/reset`, {
        reason: 'lost phone',
      });
      expect(reset.envelope?.ret_code).toBe(10005);
    });

    it('when an admin resets a member, then their sessions end, they enrol again at sign-in, and the reason is audited', async () => {
      const admin = await staffClient(fixture.app, 'admin@demo.test');
      const reviewer = await staffClient(fixture.app, REVIEWER);
      const id = await memberId(REVIEWER);
      const reset = (staffId: number, body: object) =>
        admin.post(`/backoffice/api/staff/${staffId}/second-factor/reset`, body);
      expect((await reset(id, {})).envelope?.ret_code).toBe(20011);
      expect((await reset(id, { reason: '   ' })).envelope?.ret_code).toBe(20011);
      expect((await reset(await memberId('admin@demo.test'), { reason: 'mine' })).envelope?.ret_code).toBe(
        20010,
      );
      expect((await reset(99_999, { reason: 'nobody' })).envelope?.ret_code).toBe(20008);

      const done = await reset(id, { reason: 'Phone lost, ticket 42' });
      expect(done.envelope).toMatchObject({
        ret_code: 0,
        result: { id, secondFactor: 'not_enrolled', recoveryCodesRemaining: 0 },
      });
      expect((await reviewer.get('/backoffice/api/me')).envelope?.ret_code).toBe(10007);
      expect((await reset(id, { reason: 'again' })).envelope?.ret_code).toBe(20009);
      // The old factor is gone: the old codes and recovery codes sign nobody in; the password enrols.
      const old = await login({ email: REVIEWER, recoveryCode: demoRecoveryCodes(REVIEWER)[0] });
      expect(old.envelope?.result).toHaveProperty('totpEnrolment');
      expect((await old.client.get('/backoffice/api/me')).envelope?.ret_code).toBe(10007);

      const entries = await auditOf('staff.second_factor_reset');
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        staff_id: await memberId('admin@demo.test'),
        case_ref: `staff:${id}`,
        details: { memberId: id, memberEmail: REVIEWER, reason: 'Phone lost, ticket 42', sessionsEnded: 1 },
      });
      const page = (await admin.get('/backoffice/api/audit?action=staff.second_factor_reset')).envelope
        ?.result as AuditResult;
      expect(page.items).toHaveLength(1);
    });

    it('when two admins reset the same member at once, then exactly one wins and one entry is audited', async () => {
      const admin = await staffClient(fixture.app, 'admin@demo.test');
      const id = await memberId(REVIEWER);
      const answers = await Promise.all(
        [1, 2].map(() => admin.post(`/backoffice/api/staff/${id}/second-factor/reset`, { reason: 'race' })),
      );
      expect(answers.map((a) => a.envelope?.ret_code).sort()).toEqual([0, 20009]);
      expect(await auditOf('staff.second_factor_reset')).toHaveLength(1);
    });
  });

  describe('sign-in events', () => {
    it('when a member signs in, fails, and is locked out, then the audit log says so; an unknown email records nothing', async () => {
      await staffClient(fixture.app, REVIEWER);
      expect((await login({ email: REVIEWER, password: 'wrong-pass' })).envelope?.ret_code).toBe(20001);
      expect((await login({ email: REVIEWER, totpCode: '000000' })).envelope?.ret_code).toBe(20001);
      for (let i = 0; i < 3; i++) await login({ email: REVIEWER, password: 'wrong-pass' });
      expect((await login({ email: REVIEWER, password: 'wrong-pass' })).envelope?.ret_code).toBe(10006);
      expect((await login({ email: 'nobody@demo.test', password: 'wrong-pass' })).envelope?.ret_code).toBe(
        20001,
      );

      const id = await memberId(REVIEWER);
      expect((await auditOf('staff.sign_in')).map((r) => [r.staff_id, r.details.method])).toEqual([
        [id, 'totp'],
      ]);
      expect((await auditOf('staff.sign_in_failed')).map((r) => r.details.reason)).toEqual([
        'password',
        'password',
        'password',
        'password',
      ]);
      const secondFactorFailed = await auditOf('staff.second_factor_failed');
      expect(secondFactorFailed.map((r) => r.details)).toEqual([
        expect.objectContaining({ method: 'totp', reason: 'invalid' }),
      ]);
      expect(await auditOf('staff.locked_out')).toHaveLength(1);
      const all = await fixture.database.db.selectFrom('audit_log').select('details').execute();
      expect(all.some((row) => row.details.includes('nobody@demo.test'))).toBe(false);
    });
  });
});
