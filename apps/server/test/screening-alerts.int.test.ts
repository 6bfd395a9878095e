/**
 * Issue 18, the alerts queue's automatic assignment and "assigned to me" filter, and hits against entries
 * no longer on their list (docs/screening.md "The alerts queue", "Removed lists and entries"; migration
 * 045). Hits are written as screenings write them; the `screening` job assigns.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ReviewCase, ScreeningAlertsResult } from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { secondInstance, onInstance } from './support/decision-races.ts';
import { staffClient, userClient, userWithCase } from './support/kyc-flows.ts';
import type { TestClient } from './support/test-app.ts';
import { repositories } from '../src/data/repositories/index.ts';

const OFAC = path.resolve(import.meta.dirname, '../src/domain/screening/fixtures/ofac-sdn.xml');
const PEOPLE = ['new@demo.test', 'l1@demo.test', 'pending@demo.test', 'quick@demo.test', 'sumsub@demo.test'];

async function screeningJob(app: FastifyInstance): Promise<number> {
  const job = app.jobs.find((j) => j.name === 'screening');
  if (!job) throw new Error('no screening job');
  return job.run();
}

/** One open hit per demo person (and one resolved), as screenings write them; answers the open ones' ids. */
async function seedHits(fixture: AppFixture, prefix = 'E'): Promise<number[]> {
  const repos = repositories(fixture.database.db);
  const rows = [];
  let n = 0;
  for (const email of PEOPLE) {
    const userId = await fixture.userIdOf(email);
    const run = await repos.screening.requestRun(userId, 'level_1_submitted', 1);
    for (const state of ['open', 'cleared'] as const) {
      n += 1;
      rows.push({
        user_id: userId,
        list_id: 'ofac-sdn.xml',
        list_entry_id: `${prefix}-${n}`,
        run_id: run,
        matched_name: `Listed Person ${n}`,
        our_name_enc: Buffer.from('sealed'),
        score: 0.9,
        explanation_enc: Buffer.from('sealed'),
        state,
        category: 'sanctions' as const,
        created_at: 1_000 + n,
        updated_at: 1_000,
        raised_at: 1_000 + n,
      });
    }
  }
  const inserted = await fixture.database.db
    .insertInto('screening_hits')
    .values(rows)
    .returning(['id', 'state'])
    .execute();
  return inserted.filter((r) => r.state === 'open').map((r) => Number(r.id));
}

async function assignees(fixture: AppFixture, ids: number[]): Promise<(number | null)[]> {
  const rows = await fixture.database.db
    .selectFrom('screening_hits')
    .select(['id', 'assignee_id'])
    .where('id', 'in', ids)
    .orderBy('raised_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => (r.assignee_id === null ? null : Number(r.assignee_id)));
}

async function alertMembers(fixture: AppFixture): Promise<number[]> {
  const rows = await fixture.database.db
    .selectFrom('staff_users')
    .select('id')
    .where('role', 'in', ['reviewer', 'senior_reviewer'])
    .where('disabled', '=', 0)
    .orderBy('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

async function allPages(staff: TestClient, query: string): Promise<ScreeningAlertsResult['items']> {
  const items: ScreeningAlertsResult['items'] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 20; pages++) {
    const url: string = `/backoffice/api/screening/alerts?limit=1${query}${cursor ? `&cursor=${cursor}` : ''}`;
    const { envelope } = await staff.get(url);
    expect(envelope?.ret_code).toBe(0);
    const page = envelope?.result as ScreeningAlertsResult;
    items.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return items;
}

describe.each(testDatabases())('the screening alerts queue on $name', (testDb) => {
  describe('with SCREENING_ALERT_AUTO_ASSIGN on', () => {
    const fixture = useAppFixture(testDb, {
      env: { SCREENING_LISTS: OFAC, SCREENING_ALERT_AUTO_ASSIGN: 'true' },
    });

    it('when new alerts arrive, then the job gives them round-robin to the active reviewers and seniors, audited, and each finds theirs under "assigned to me"', async () => {
      const open = await seedHits(fixture);
      const members = await alertMembers(fixture);
      expect(members.length).toBeGreaterThanOrEqual(2);

      await screeningJob(fixture.app);

      const expected = open.map((_, i) => members[i % members.length] ?? null);
      expect(await assignees(fixture, open)).toEqual(expected);
      const resolved = await fixture.database.db
        .selectFrom('screening_hits')
        .select('assignee_id')
        .where('state', '=', 'cleared')
        .execute();
      expect(resolved.every((r) => r.assignee_id === null)).toBe(true);
      const audit = await fixture.database.db
        .selectFrom('audit_log')
        .select(['staff_id', 'details'])
        .where('action', '=', 'screening.alert.assign')
        .execute();
      expect(audit).toHaveLength(open.length);
      expect(
        audit.every((a) => Number(a.staff_id) === 0 && String(a.details).includes('"automatic":true')),
      ).toBe(true);

      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const reviewerId = members[0];
      const mine = await allPages(reviewer, '&assignee=me');
      expect(mine.map((a) => a.hitId)).toEqual(open.filter((_, i) => expected[i] === reviewerId));
      expect(mine.every((a) => a.assignee?.staffId === reviewerId)).toBe(true);

      // The next alert goes to whoever comes after the last one given.
      const more = await seedHits(fixture, 'F');
      await screeningJob(fixture.app);
      expect((await assignees(fixture, more))[0]).toBe(members[open.length % members.length]);
    });

    it('when two assigners run at once, then every alert is given exactly once', async () => {
      const open = await seedHits(fixture);
      const second = await secondInstance(fixture, {
        SCREENING_LISTS: OFAC,
        SCREENING_ALERT_AUTO_ASSIGN: 'true',
      });
      try {
        await Promise.all([screeningJob(fixture.app), screeningJob(second.app)]);
        await Promise.all([screeningJob(fixture.app), screeningJob(second.app)]);
      } finally {
        await second.close();
      }
      const given = await assignees(fixture, open);
      expect(given.every((a) => a !== null)).toBe(true);
      const audit = await fixture.database.db
        .selectFrom('audit_log')
        .select('case_ref')
        .where('action', '=', 'screening.alert.assign')
        .execute();
      expect(audit.map((a) => a.case_ref).sort()).toEqual(open.map((id) => `screening-hit:${id}`).sort());
    });
  });

  describe('with SCREENING_ALERT_AUTO_ASSIGN off (the default)', () => {
    const fixture = useAppFixture(testDb, { env: { SCREENING_LISTS: OFAC } });

    it('when alerts arrive, then nobody is given them; "assigned to me" lists only what a reviewer took', async () => {
      const open = await seedHits(fixture);
      await screeningJob(fixture.app);
      expect(await assignees(fixture, open)).toEqual(open.map(() => null));

      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const taken = open[2] as number;
      const { envelope } = await reviewer.post(`/backoffice/api/screening/hits/${taken}/assignee`, {
        expectedStaffId: null,
      });
      expect(envelope?.ret_code).toBe(0);
      expect((await allPages(reviewer, '&assignee=me')).map((a) => a.hitId)).toEqual([taken]);
      const senior = await staffClient(fixture.app, 'senior@demo.test');
      expect(await allPages(senior, '&assignee=me')).toEqual([]);
    });
  });

  describe('when an entry leaves its list, or the list leaves SCREENING_LISTS', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'kyc-screening-removed-'));
    const listFile = path.join(folder, 'internal.csv');
    const otherFile = path.join(folder, 'other.csv');
    const HEADER = 'name,aliases,date_of_birth,nationality,category,reference\n';
    const ADA = 'Ada Lovelace,,1990,GB,internal,INT-0003\n';
    const fixture = useAppFixture(testDb, {
      get env() {
        writeFileSync(listFile, `${HEADER}Dragan Kostić,,1970,RS,internal,INT-0002\n${ADA}`);
        writeFileSync(otherFile, `${HEADER}${ADA.replace('INT-0003', 'OTH-1')}`);
        return { SCREENING_LISTS: `${listFile},${otherFile}` };
      },
    });

    it('then its open hits are marked, not deleted, on the case and in the queue, and the mark goes when it is back', async () => {
      const client = await userClient(fixture.app, 'new@demo.test');
      const details = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10' };
      expect((await client.post('/v3/private/kyc/kyc-personal-info', details)).envelope?.ret_code).toBe(0);
      await userWithCase(fixture.app, 'new@demo.test');
      await screeningJob(fixture.app);
      const userId = await fixture.userIdOf('new@demo.test');
      const admin = await staffClient(fixture.app, 'admin@demo.test');
      const caseOf = async (staff: TestClient) =>
        ((await staff.get(`/backoffice/api/cases/${userId}`)).envelope?.result as ReviewCase).screening;
      expect((await caseOf(admin)).hits.map((h) => [h.listEntryId, h.entryRemovedAt])).toEqual([
        ['INT-0003', null],
        ['OTH-1', null],
      ]);

      // The entry is delisted: the refresh reads the file again.
      writeFileSync(listFile, `${HEADER}Dragan Kostić,,1970,RS,internal,INT-0002\n`);
      expect((await admin.post('/backoffice/api/screening/refresh', {})).envelope?.ret_code).toBe(0);
      let hits = await caseOf(admin);
      const delisted = hits.hits.find((h) => h.listEntryId === 'INT-0003');
      expect(delisted).toMatchObject({ state: 'open', entryRemovedAt: expect.any(Number) });
      expect(hits.hits.find((h) => h.listEntryId === 'OTH-1')?.entryRemovedAt).toBeNull();
      expect(hits.status).toBe('open_hit'); // still to resolve: a reviewer decides
      const queue = await allPages(admin, '');
      expect(queue.find((a) => a.listEntryId === 'INT-0003')?.entryRemovedAt).toEqual(
        delisted?.entryRemovedAt,
      );

      // An instance whose SCREENING_LISTS no longer names other.csv marks that list's hits too.
      const second = await secondInstance(fixture, { SCREENING_LISTS: listFile });
      try {
        hits = await caseOf(onInstance(admin, second.app));
        expect(hits.hits.find((h) => h.listEntryId === 'OTH-1')?.entryRemovedAt).toEqual(expect.any(Number));
      } finally {
        await second.close();
      }

      // Listed again: the mark goes.
      writeFileSync(listFile, `${HEADER}Dragan Kostić,,1970,RS,internal,INT-0002\n${ADA}`);
      expect((await admin.post('/backoffice/api/screening/refresh', {})).envelope?.ret_code).toBe(0);
      expect((await caseOf(admin)).hits.find((h) => h.listEntryId === 'INT-0003')?.entryRemovedAt).toBeNull();
      const stored = await fixture.database.db
        .selectFrom('screening_hits')
        .select('id')
        .where('user_id', '=', userId)
        .execute();
      expect(stored).toHaveLength(2);
    });
  });
});
