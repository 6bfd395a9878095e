/**
 * Issue 17 (D121): automatic round-robin assignment of verification cases among the active members of a
 * site (CASE_AUTO_ASSIGN=round_robin), and the sites a member works, set by an admin. Members, their
 * sessions and waiting cases are written as the app writes them (the queue's triggers fill
 * verification_queue); the `case-auto-assignment` job assigns. The cases are on KAZ and GEO, where the
 * demo data has nobody waiting.
 */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { StaffListResult, StaffMemberEntry, StaffRole } from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { secondInstance } from './support/decision-races.ts';
import { staffClient } from './support/kyc-flows.ts';
import { repositories } from '../src/data/repositories/index.ts';
import { caseAutoAssignment } from '../src/domain/backoffice/work/auto-assignment.ts';

const MINUTE = 60_000;
const ON = { CASE_AUTO_ASSIGN: 'round_robin' };

async function autoAssignJob(app: FastifyInstance): Promise<number> {
  const job = app.jobs.find((j) => j.name === 'case-auto-assignment');
  if (!job) throw new Error('no case-auto-assignment job');
  return job.run();
}

let serial = 0;

/** A staff member working `sites` (none: every site); `seen`: their session's last use (null: none). */
async function member(
  fixture: AppFixture,
  role: StaffRole,
  options: { sites?: string[]; seen?: number | null; disabled?: boolean; lastAssigned?: number } = {},
): Promise<number> {
  const db = fixture.database.db;
  const now = Date.now();
  serial += 1;
  const row = await db
    .insertInto('staff_users')
    .values({
      email: `member-${serial}@staff.test`,
      display_name: `Member ${serial}`,
      role,
      password_hash: 'x',
      created_at: now,
      disabled: options.disabled ? 1 : 0,
      auto_assigned_at: options.lastAssigned ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  if (options.sites?.length)
    await db
      .insertInto('staff_sites')
      .values(options.sites.map((site) => ({ staff_id: id, site })))
      .execute();
  const seen = options.seen === undefined ? now : options.seen;
  if (seen !== null)
    await db
      .insertInto('sessions')
      .values({
        id: `session-${serial}-${now}`,
        audience: 'staff',
        subject_id: id,
        csrf_token: 'c',
        created_at: seen,
        last_seen_at: seen,
        expires_at: now + 60 * MINUTE,
      })
      .execute();
  return id;
}

/** A person on `site` with a level-1 submission waiting since `at`; answers the person's id. */
async function waiting(fixture: AppFixture, site: string, at: number): Promise<number> {
  const db = fixture.database.db;
  serial += 1;
  const user = await db
    .insertInto('users')
    .values({ email: `case-${serial}@people.test`, password_hash: 'x', site, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('applicants')
    .values({ user_id: user.id, country: 'KZ', first_name: `P${serial}`, created_at: at, updated_at: at })
    .execute();
  await db
    .insertInto('kyc_submissions')
    .values({
      user_id: user.id,
      level: 1,
      document_type: 'PASSPORT',
      issuing_country: 'KZ',
      status: 'PENDING',
      idempotency_key: `auto-${serial}`,
      created_at: at,
    })
    .execute();
  return Number(user.id);
}

/** A final rejection of the person's level 1 proposed by `proposer`, awaiting a senior's confirmation. */
async function proposeFinal(fixture: AppFixture, userId: number, proposer: number): Promise<void> {
  const db = fixture.database.db;
  const now = Date.now();
  await db
    .updateTable('kyc_submissions')
    .set({ final_proposed_at: now })
    .where('user_id', '=', userId)
    .where('status', '=', 'PENDING')
    .execute();
  await db
    .insertInto('kyc_decisions')
    .values({ user_id: userId, level: 1, decision: 'reject_final_proposed', staff_id: proposer, at: now })
    .execute();
}

/** Who holds each person's case now (null: nobody), in the order given. */
async function holders(fixture: AppFixture, userIds: number[]): Promise<(number | null)[]> {
  const rows = await fixture.database.db
    .selectFrom('case_claims')
    .select(['user_id', 'staff_id'])
    .where('user_id', 'in', userIds)
    .where('expires_at', '>', Date.now())
    .execute();
  const by = new Map(rows.map((r) => [Number(r.user_id), Number(r.staff_id)]));
  return userIds.map((id) => by.get(id) ?? null);
}

async function assignEntries(fixture: AppFixture) {
  const rows = await fixture.database.db
    .selectFrom('audit_log')
    .select(['staff_id', 'case_ref', 'details'])
    .where('action', '=', 'case.assign')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    staffId: Number(r.staff_id),
    caseRef: r.case_ref,
    details: (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as Record<string, unknown>,
  }));
}

describe.each(testDatabases())('automatic case assignment on $name', (testDb) => {
  describe('with CASE_AUTO_ASSIGN=round_robin', () => {
    const fixture = useAppFixture(testDb, { env: ON });

    it('when cases of a site wait, then they go oldest first round-robin to its two reviewers, by the system, and the next one to whoever was given one least recently', async () => {
      const t = Date.now() - 10 * MINUTE;
      const a = await member(fixture, 'reviewer', { sites: ['KAZ'] });
      const b = await member(fixture, 'reviewer', { sites: ['KAZ', 'GEO'] });
      const cases = [
        await waiting(fixture, 'KAZ', t + 3),
        await waiting(fixture, 'KAZ', t + 1),
        await waiting(fixture, 'KAZ', t + 4),
        await waiting(fixture, 'KAZ', t + 2),
      ];

      expect(await autoAssignJob(fixture.app)).toBe(4);

      // Oldest first: cases[1], [3], [0], [2] → a, b, a, b.
      expect(await holders(fixture, cases)).toEqual([a, a, b, b]);
      const entries = await assignEntries(fixture);
      expect(entries.map((e) => e.caseRef)).toEqual([1, 3, 0, 2].map((i) => `user:${cases[i]}`));
      expect(entries.every((e) => e.staffId === 0 && e.details.automatic === true)).toBe(true);
      expect(entries.map((e) => e.details.to)).toEqual([a, b, a, b]);
      const claims = await fixture.database.db.selectFrom('case_claims').select('assigned_by').execute();
      expect(claims.every((c) => Number(c.assigned_by) === 0)).toBe(true);

      const later = await waiting(fixture, 'KAZ', t + 5);
      expect(await autoAssignJob(fixture.app)).toBe(1);
      expect(await holders(fixture, [later])).toEqual([a]);
      // Nothing left: a run again gives nothing (idempotent).
      expect(await autoAssignJob(fixture.app)).toBe(0);
      expect(await assignEntries(fixture)).toHaveLength(5);
    });

    it('when a site has no member, then its cases wait; a member of every site takes them', async () => {
      const t = Date.now() - 10 * MINUTE;
      await member(fixture, 'reviewer', { sites: ['KAZ'] });
      const geo = await waiting(fixture, 'GEO', t);
      expect(await autoAssignJob(fixture.app)).toBe(0);
      expect(await holders(fixture, [geo])).toEqual([null]);

      const everywhere = await member(fixture, 'reviewer');
      await autoAssignJob(fixture.app);
      expect(await holders(fixture, [geo])).toEqual([everywhere]);
    });

    it('when a final rejection awaits confirmation, then only a senior reviewer who did not propose it is given it', async () => {
      const t = Date.now() - 10 * MINUTE;
      const proposer = await member(fixture, 'senior_reviewer', { sites: ['KAZ'] });
      const reviewer = await member(fixture, 'reviewer', { sites: ['KAZ'] });
      const userId = await waiting(fixture, 'KAZ', t);
      await proposeFinal(fixture, userId, proposer);
      // The proposer, a reviewer and an admin are active: nobody is given it.
      await member(fixture, 'admin', { sites: ['KAZ'] });
      expect(await autoAssignJob(fixture.app)).toBe(0);
      expect(await holders(fixture, [userId])).toEqual([null]);

      // Another senior, given cases more recently than either of them, is the only one it may go to.
      const other = await member(fixture, 'senior_reviewer', { sites: ['KAZ'], lastAssigned: Date.now() });
      expect(await autoAssignJob(fixture.app)).toBe(1);
      expect(await holders(fixture, [userId])).toEqual([other]);
      expect(reviewer).not.toBe(other);
    });

    it('when two runs assign at once (two instances on PostgreSQL), then every case is given exactly once', async () => {
      const t = Date.now() - 10 * MINUTE;
      const members = [
        await member(fixture, 'reviewer', { sites: ['KAZ'] }),
        await member(fixture, 'reviewer', { sites: ['KAZ'] }),
      ];
      const cases = [];
      for (let i = 0; i < 8; i++) cases.push(await waiting(fixture, 'KAZ', t + i));
      // PostgreSQL: a second instance (its own pool). SQLite serves one instance (docs/operations.md), so
      // there the two runs share its connection, as two overlapping ticks of one process would.
      const second = testDb.name === 'postgres' ? await secondInstance(fixture, ON) : undefined;
      const other = second?.app ?? fixture.app;
      try {
        await Promise.all([autoAssignJob(fixture.app), autoAssignJob(other)]);
        await Promise.all([autoAssignJob(fixture.app), autoAssignJob(other)]);
      } finally {
        await second?.close();
      }
      const held = await holders(fixture, cases);
      expect(held.every((h) => h !== null && members.includes(h))).toBe(true);
      const entries = await assignEntries(fixture);
      expect(entries.map((e) => e.caseRef).sort()).toEqual(cases.map((id) => `user:${id}`).sort());
      // Round robin held: five each at most (CASE_ASSIGN_MAX_OPEN), four each here.
      expect(members.map((m) => held.filter((h) => h === m).length)).toEqual([4, 4]);
    });

    it('when a member is disabled, signed out, idle past the window, an auditor or an admin, then they get nothing', async () => {
      const t = Date.now() - 10 * MINUTE;
      await member(fixture, 'reviewer', { sites: ['KAZ'], disabled: true });
      await member(fixture, 'reviewer', { sites: ['KAZ'], seen: null });
      await member(fixture, 'reviewer', { sites: ['KAZ'], seen: Date.now() - 16 * MINUTE });
      await member(fixture, 'auditor', { sites: ['KAZ'] });
      await member(fixture, 'admin', { sites: ['KAZ'] }); // admins take cases by hand (D121)
      const userId = await waiting(fixture, 'KAZ', t);
      expect(await autoAssignJob(fixture.app)).toBe(0);
      expect(await holders(fixture, [userId])).toEqual([null]);

      const active = await member(fixture, 'reviewer', { sites: ['KAZ'], seen: Date.now() - 14 * MINUTE });
      expect(await autoAssignJob(fixture.app)).toBe(1);
      expect(await holders(fixture, [userId])).toEqual([active]);
    });

    it("when older cases of other sites fill the scan, then a member of one site still gets their site's case", async () => {
      const t = Date.now() - 10 * MINUTE;
      const everywhere = await member(fixture, 'reviewer');
      const kaz = await member(fixture, 'reviewer', { sites: ['KAZ'] });
      const older = [
        await waiting(fixture, 'GEO', t),
        await waiting(fixture, 'GEO', t + 1),
        await waiting(fixture, 'GEO', t + 2),
      ];
      const newest = await waiting(fixture, 'KAZ', t + 3);
      // Rows read two at a time, two per pass: the whole-queue pass never reaches the KAZ case.
      const small = caseAutoAssignment({
        repos: repositories(fixture.database.db),
        settings: { mode: 'round_robin', activeMs: 15 * MINUTE, maxOpen: 5 },
        limits: { batch: 2, scan: 2 },
      });
      expect(await small.run()).toBe(3);
      expect(await holders(fixture, [...older, newest])).toEqual([everywhere, everywhere, null, kaz]);
    });

    it('when a case is held, then it stays with its holder; an expired claim is taken over, named in the entry', async () => {
      const t = Date.now() - 10 * MINUTE;
      const holder = await member(fixture, 'reviewer', { sites: ['GEO'] });
      const gone = await member(fixture, 'reviewer', { sites: ['GEO'] });
      const active = await member(fixture, 'reviewer', { sites: ['KAZ'] });
      const held = await waiting(fixture, 'KAZ', t);
      const expired = await waiting(fixture, 'KAZ', t + 1);
      const db = fixture.database.db;
      const claim = (userId: number, staffId: number, expiresAt: number) => ({
        case_ref: `user:${userId}`,
        user_id: userId,
        staff_id: staffId,
        assigned_by: staffId,
        claimed_at: t,
        expires_at: expiresAt,
        version: 3,
      });
      await db
        .insertInto('case_claims')
        .values([claim(held, holder, Date.now() + 60 * MINUTE), claim(expired, gone, Date.now() - MINUTE)])
        .execute();

      expect(await autoAssignJob(fixture.app)).toBe(1);
      expect(await holders(fixture, [held, expired])).toEqual([holder, active]);
      const [entry] = await assignEntries(fixture);
      expect(entry).toMatchObject({ caseRef: `user:${expired}`, details: { from: gone, to: active } });
    });
  });

  describe('with CASE_AUTO_ASSIGN=round_robin and CASE_ASSIGN_MAX_OPEN=2', () => {
    const fixture = useAppFixture(testDb, { env: { ...ON, CASE_ASSIGN_MAX_OPEN: '2' } });

    it('when more cases wait than members have room for, then each is topped up to the cap and the rest wait', async () => {
      const t = Date.now() - 10 * MINUTE;
      const a = await member(fixture, 'reviewer', { sites: ['KAZ'] });
      const cases = [];
      for (let i = 0; i < 3; i++) cases.push(await waiting(fixture, 'KAZ', t + i));
      expect(await autoAssignJob(fixture.app)).toBe(2);
      expect(await holders(fixture, cases)).toEqual([a, a, null]);
      // A decided case no longer counts: the member is given the next.
      await fixture.database.db
        .updateTable('kyc_submissions')
        .set({ status: 'APPROVED', decided_at: Date.now() })
        .where('user_id', '=', cases[0] as number)
        .execute();
      expect(await autoAssignJob(fixture.app)).toBe(1);
      expect((await holders(fixture, cases))[2]).toBe(a);
    });
  });

  describe('with CASE_AUTO_ASSIGN off (the default)', () => {
    const fixture = useAppFixture(testDb);

    it('when cases wait and members are active, then nothing is assigned: no job, and the use-case does nothing', async () => {
      await member(fixture, 'reviewer', { sites: ['KAZ'] });
      const userId = await waiting(fixture, 'KAZ', Date.now() - MINUTE);
      expect(fixture.app.jobs.some((j) => j.name === 'case-auto-assignment')).toBe(false);
      const off = caseAutoAssignment({
        repos: repositories(fixture.database.db),
        settings: { mode: 'off', activeMs: 15 * MINUTE, maxOpen: 5 },
      });
      expect(await off.run()).toBe(0);
      expect(await holders(fixture, [userId])).toEqual([null]);
    });

    it('when an admin sets the sites a member works, then the list shows them, the change is audited, and a stale version is 55015', async () => {
      const admin = await staffClient(fixture.app, 'admin@demo.test');
      const list = (await admin.get('/backoffice/api/staff?limit=100')).envelope?.result as StaffListResult;
      const reviewer = list.items.find((m) => m.email === 'reviewer@demo.test') as StaffMemberEntry;
      expect(reviewer).toMatchObject({ sites: [], sitesVersion: 0 });

      const set = await admin.send('PUT', `/backoffice/api/staff/${reviewer.id}/sites`, {
        sites: ['TUR', 'KAZ'],
        sitesVersion: 0,
      });
      expect(set.envelope?.ret_code).toBe(0);
      expect(set.envelope?.result).toMatchObject({ sites: ['KAZ', 'TUR'], sitesVersion: 1 });
      const stale = await admin.send('PUT', `/backoffice/api/staff/${reviewer.id}/sites`, {
        sites: [],
        sitesVersion: 0,
      });
      expect(stale.envelope?.ret_code).toBe(55015);
      const again = (await admin.get('/backoffice/api/staff?limit=100')).envelope?.result as StaffListResult;
      expect(again.items.find((m) => m.id === reviewer.id)).toMatchObject({ sites: ['KAZ', 'TUR'] });

      const audit = await fixture.database.db
        .selectFrom('audit_log')
        .select(['case_ref', 'details'])
        .where('action', '=', 'staff.sites.update')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]?.case_ref).toBe(`staff:${reviewer.id}`);
      const details = audit[0]?.details;
      expect(typeof details === 'string' ? JSON.parse(details) : details).toMatchObject({
        from: [],
        to: ['KAZ', 'TUR'],
      });

      // An unknown site is refused; a reviewer may not set sites (10005).
      const unknown = await admin.send('PUT', `/backoffice/api/staff/${reviewer.id}/sites`, {
        sites: ['MARS'],
        sitesVersion: 1,
      });
      expect(unknown.response.statusCode).toBe(400);
      const asReviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const refused = await asReviewer.send('PUT', `/backoffice/api/staff/${reviewer.id}/sites`, {
        sites: [],
        sitesVersion: 1,
      });
      expect(refused.envelope?.ret_code).toBe(10005);
    });
  });
});
