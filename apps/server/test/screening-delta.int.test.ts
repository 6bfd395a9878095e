/**
 * Issue 18, delta re-screening (docs/screening.md "When a list changes", D94): a list whose content
 * changes between two start-ups records the entries added, changed and removed; the `screening` job
 * re-screens every verified or waiting person against those entries only, in batches it resumes, and
 * never writes a hit twice. An approved person a new entry names becomes an alert; a cleared false
 * positive whose entry changed is raised again; an unchanged list re-screens nobody.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ScreeningAlertsResult, ScreeningListsResult } from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { secondInstance } from './support/decision-races.ts';
import { decide, staffClient, userClient, userWithCase } from './support/kyc-flows.ts';

const HEADER = 'name,aliases,date_of_birth,nationality,category,reference';
const OTHER = 'Dragan Kostić,,1970,RS,internal,INT-0002';
const VELMOROV_ROW = 'Oleg Tarasovich Velmorov,Oleg Velmoroff,1971-03-12,RU,internal,INT-0099';
const VELMOROV = { firstName: 'Oleg Tarasovich', lastName: 'Velmorov', dateOfBirth: '1971-03-12' };

const dir = mkdtempSync(path.join(tmpdir(), 'kyc-delta-'));
const LIST = path.join(dir, 'block-list.csv');
const writeList = (...rows: string[]) => writeFileSync(LIST, [HEADER, ...rows].join('\n') + '\n');

async function job(app: FastifyInstance): Promise<number> {
  const found = app.jobs.find((j) => j.name === 'screening');
  if (!found) throw new Error('no screening job');
  return found.run();
}

/** The person submits level 1 (screened clear against the list as it is) and a reviewer approves. */
async function approvedPerson(fixture: AppFixture, email: string): Promise<number> {
  const client = await userClient(fixture.app, email);
  expect((await client.post('/v3/private/kyc/kyc-personal-info', VELMOROV)).envelope?.ret_code).toBe(0);
  await userWithCase(fixture.app, email);
  await job(fixture.app);
  const userId = await fixture.userIdOf(email);
  const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
  expect((await decide(reviewer, userId, { decision: 'approve', level: 1 })).ret_code).toBe(0);
  return userId;
}

/** A restart with the list file as it now is: a second instance loads it, runs the job, closes. */
async function restartAndRun(fixture: AppFixture): Promise<number> {
  const second = await secondInstance(fixture, { SCREENING_LISTS: LIST });
  try {
    await second.app.ready(); // the lists load when the app is ready
    return await job(second.app);
  } finally {
    await second.close();
  }
}

const hitsOf = (fixture: AppFixture, userId: number) =>
  fixture.database.db
    .selectFrom('screening_hits')
    .select(['id', 'list_entry_id', 'state', 'entry_hash'])
    .where('user_id', '=', userId)
    .execute();

const deltas = (fixture: AppFixture) =>
  fixture.database.db.selectFrom('screening_deltas').selectAll().orderBy('id').execute();

describe.each(testDatabases())('delta re-screening on $name', (testDb) => {
  beforeEach(() => writeList(OTHER));
  const fixture = useAppFixture(testDb, { env: { SCREENING_LISTS: LIST } });

  it('when the list gains an entry naming an approved person, then the job opens a hit on them, in the alerts queue, and again makes no second one', async () => {
    const userId = await approvedPerson(fixture, 'new@demo.test');
    expect(await hitsOf(fixture, userId)).toEqual([]);

    writeList(OTHER, VELMOROV_ROW);
    await restartAndRun(fixture);

    const recorded = await deltas(fixture);
    expect(recorded).toHaveLength(2); // the first load (every entry), then the change
    expect(JSON.parse(recorded[1]?.changed ?? '[]')).toEqual(['INT-0099']);
    expect(recorded[1]).toMatchObject({ status: 'done', removed: '[]' });
    const hits = await hitsOf(fixture, userId);
    expect(hits).toMatchObject([{ list_entry_id: 'INT-0099', state: 'open' }]);
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const { envelope } = await reviewer.get('/backoffice/api/screening/alerts?limit=50');
    const alerts = (envelope?.result as ScreeningAlertsResult).items;
    expect(alerts.map((a) => [a.userId, a.listEntryId])).toContainEqual([userId, 'INT-0099']);
    const unresolved = await fixture.database.db
      .selectFrom('screening_hits')
      .select('id')
      .where('user_id', '=', userId)
      .where('state', 'in', ['open', 'pending_confirmation'])
      .execute();
    expect(unresolved).toHaveLength(1); // what assertApprovable counts: every further approval is refused

    // As if the process had died after the batch's hits and before its cursor: walked again.
    await fixture.database.db
      .updateTable('screening_deltas')
      .set({ status: 'running', cursor: 0, claimed_until: null })
      .where('id', '=', Number(recorded[1]?.id))
      .execute();
    await restartAndRun(fixture);
    expect(await hitsOf(fixture, userId)).toHaveLength(1);
    expect((await deltas(fixture)).every((d) => d.status === 'done')).toBe(true);
  });

  it('when the list gains an entry naming a person waiting for review, then the job opens the hit and the approval is refused (61001)', async () => {
    const client = await userClient(fixture.app, 'new@demo.test');
    expect((await client.post('/v3/private/kyc/kyc-personal-info', VELMOROV)).envelope?.ret_code).toBe(0);
    await userWithCase(fixture.app, 'new@demo.test');
    await job(fixture.app);
    const userId = await fixture.userIdOf('new@demo.test');
    expect(await hitsOf(fixture, userId)).toEqual([]);

    writeList(OTHER, VELMOROV_ROW);
    await restartAndRun(fixture);

    expect(await hitsOf(fixture, userId)).toMatchObject([{ list_entry_id: 'INT-0099', state: 'open' }]);
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    expect((await decide(reviewer, userId, { decision: 'approve', level: 1 })).ret_code).toBe(61001);
  });

  it('when the list is unchanged at the next start, then no delta is recorded and nobody is re-screened', async () => {
    const userId = await approvedPerson(fixture, 'new@demo.test');
    const before = await deltas(fixture);

    await restartAndRun(fixture);

    expect(await deltas(fixture)).toEqual(before);
    const runs = await fixture.database.db
      .selectFrom('screening_runs')
      .select('reason')
      .where('user_id', '=', userId)
      .execute();
    expect(runs.map((r) => r.reason)).not.toContain('list_changed');
  });

  it('when a cleared false positive’s entry changes, then the hit is raised again; an unchanged entry keeps it cleared', async () => {
    const userId = await approvedPerson(fixture, 'new@demo.test');
    writeList(OTHER, VELMOROV_ROW);
    await restartAndRun(fixture);
    const [hit] = await hitsOf(fixture, userId);
    await fixture.database.db
      .updateTable('screening_hits')
      .set({ state: 'cleared', reason: 'another person' })
      .where('id', '=', Number(hit?.id))
      .execute();

    // Another entry changes: this one is not re-screened, the hit stays cleared.
    writeList('Dragan Kostić,,1971,RS,internal,INT-0002', VELMOROV_ROW);
    await restartAndRun(fixture);
    expect(await hitsOf(fixture, userId)).toMatchObject([{ state: 'cleared' }]);

    // Its own entry changes (a new alias): raised again, open.
    writeList(
      'Dragan Kostić,,1971,RS,internal,INT-0002',
      VELMOROV_ROW.replace('Oleg Velmoroff', 'O. Velmorov'),
    );
    await restartAndRun(fixture);
    const after = await hitsOf(fixture, userId);
    expect(after).toMatchObject([{ state: 'open' }]);
    expect(after[0]?.entry_hash).not.toBe(hit?.entry_hash);
  });

  it('when an entry is removed, then the delta records it and the open hit against it stays for a reviewer', async () => {
    const userId = await approvedPerson(fixture, 'new@demo.test');
    writeList(OTHER, VELMOROV_ROW);
    await restartAndRun(fixture);

    writeList(OTHER);
    await restartAndRun(fixture);

    const last = (await deltas(fixture)).at(-1);
    expect(last).toMatchObject({ changed: '[]', removed: '["INT-0099"]', status: 'done' });
    expect(await hitsOf(fixture, userId)).toMatchObject([{ list_entry_id: 'INT-0099', state: 'open' }]);
  });

  // SQLite is one instance (D50): two at once is PostgreSQL's case.
  it.skipIf(testDb.name === 'sqlite')(
    'when two instances start on one changed list at once, then one delta is recorded',
    async () => {
      await approvedPerson(fixture, 'new@demo.test');
      writeList(OTHER, VELMOROV_ROW);

      const [a, b] = await Promise.all([
        secondInstance(fixture, { SCREENING_LISTS: LIST }),
        secondInstance(fixture, { SCREENING_LISTS: LIST }),
      ]);
      await Promise.all([a.app.ready(), b.app.ready()]);
      await Promise.all([a.close(), b.close()]);

      const changes = (await deltas(fixture)).filter((d) => d.changed.includes('INT-0099'));
      expect(changes).toHaveLength(1);
    },
  );
});

const OTHER_LIST = path.join(dir, 'pep-list.csv');
const PEP_ROW = 'Mirela Dobrescu,,1965,RO,pep,PEP-0001';
const PEP_NEW_ROW = 'Anatol Vrabie,,1958,MD,pep,PEP-0002';
const writeOther = (...rows: string[]) => writeFileSync(OTHER_LIST, [HEADER, ...rows].join('\n') + '\n');

describe.each(testDatabases())('a delta whose list is removed, on $name (D111)', (testDb) => {
  beforeEach(() => {
    writeList(OTHER);
    writeOther(PEP_ROW);
  });
  const fixture = useAppFixture(testDb, { env: { SCREENING_LISTS: `${LIST},${OTHER_LIST}` } });

  it('when a list with a delta in progress leaves SCREENING_LISTS, then two instances reloading (at once on PostgreSQL) abandon it once, keeps its hits, and the other list’s delta goes on', async () => {
    const userId = await approvedPerson(fixture, 'new@demo.test');
    writeList(OTHER, VELMOROV_ROW);
    writeOther(PEP_ROW, PEP_NEW_ROW);
    const both = await secondInstance(fixture, { SCREENING_LISTS: `${LIST},${OTHER_LIST}` });
    try {
      await both.app.ready(); // both changes recorded: one delta each
      await job(both.app);
    } finally {
      await both.close();
    }
    const recorded = await deltas(fixture);
    const blockDelta = recorded.filter((d) => d.list_id === 'block-list.csv').at(-1);
    const pepDelta = recorded.filter((d) => d.list_id === 'pep-list.csv').at(-1);
    expect(JSON.parse(blockDelta?.changed ?? '[]')).toEqual(['INT-0099']);
    expect(JSON.parse(pepDelta?.changed ?? '[]')).toEqual(['PEP-0002']);
    // Both in progress, as if the instance walking them had died: the block list's hit is open already.
    await fixture.database.db
      .updateTable('screening_deltas')
      .set({ status: 'running', cursor: 0, finished_at: null, claimed_until: null })
      .where('id', 'in', [Number(blockDelta?.id), Number(pepDelta?.id)])
      .execute();
    expect(await hitsOf(fixture, userId)).toMatchObject([{ list_entry_id: 'INT-0099', state: 'open' }]);

    // The block list removed: two instances reload, at once on PostgreSQL (SQLite is one instance,
    // D50: there the second follows the first and finds nothing left to close).
    const a = await secondInstance(fixture, { SCREENING_LISTS: OTHER_LIST });
    const b = await secondInstance(fixture, { SCREENING_LISTS: OTHER_LIST });
    try {
      if (testDb.name === 'sqlite') {
        await a.app.ready();
        await b.app.ready();
      } else await Promise.all([a.app.ready(), b.app.ready()]);

      const block = await fixture.database.db
        .selectFrom('screening_deltas')
        .selectAll()
        .where('id', '=', Number(blockDelta?.id))
        .executeTakeFirstOrThrow();
      expect(block).toMatchObject({ status: 'abandoned', end_reason: 'list_removed', claimed_until: null });
      expect(block.finished_at).not.toBeNull();
      const audited = await fixture.database.db
        .selectFrom('audit_log')
        .select(['staff_id', 'details'])
        .where('action', '=', 'screening.delta.abandon')
        .execute();
      expect(audited).toHaveLength(1); // closed once, by whichever instance won
      expect(Number(audited[0]?.staff_id)).toBe(0);
      expect(JSON.parse(String(audited[0]?.details))).toMatchObject({
        list: 'block-list.csv',
        deltas: [Number(blockDelta?.id)],
        reason: 'list_removed',
      });
      // Its hit stays, open and marked (Removed lists and entries).
      const hits = await fixture.database.db
        .selectFrom('screening_hits')
        .select(['state', 'entry_removed_at'])
        .where('user_id', '=', userId)
        .execute();
      expect(hits).toHaveLength(1);
      expect(hits[0]?.state).toBe('open');
      expect(hits[0]?.entry_removed_at).not.toBeNull();

      // The other list's delta goes on; the abandoned one is never resumed.
      await job(a.app);
      await job(b.app);
      const after = new Map((await deltas(fixture)).map((d) => [Number(d.id), d]));
      expect(after.get(Number(pepDelta?.id))?.status).toBe('done');
      expect(after.get(Number(blockDelta?.id))).toMatchObject({ status: 'abandoned', cursor: 0 });
    } finally {
      await a.close();
      await b.close();
    }

    // Put back (the fixture's instance names it): the lists answer says the delta was abandoned.
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const { envelope } = await reviewer.get('/backoffice/api/screening/lists');
    const listed = (envelope?.result as ScreeningListsResult).lists.find((l) => l.name === 'block-list.csv');
    expect(listed?.delta).toMatchObject({ state: 'abandoned', done: false, changed: 1 });
  });

  it('when an instance on an older configuration reloads after a newer one added a list, then the new list’s delta is not abandoned', async () => {
    await approvedPerson(fixture, 'new@demo.test');
    // An instance configured without the block list, started before the list changed.
    const older = await secondInstance(fixture, { SCREENING_LISTS: OTHER_LIST });
    try {
      await older.app.ready();
      writeList(OTHER, VELMOROV_ROW);
      const newer = await secondInstance(fixture, { SCREENING_LISTS: `${LIST},${OTHER_LIST}` });
      try {
        await newer.app.ready();
      } finally {
        await newer.close();
      }
      await older.app.screeningLists.reloadIfChanged();

      const latest = (await deltas(fixture)).at(-1);
      expect(latest).toMatchObject({ list_id: 'block-list.csv', status: 'running', end_reason: null });
    } finally {
      await older.close();
    }
  });
});
