/**
 * Issue 18, refreshing lists (docs/screening.md "Refreshing lists", D95): a URL list fetched from a
 * local HTTP server (no network in tests) by "refresh now": the first download, a conditional GET
 * answered 304 that changes nothing, a 500 and a broken file that keep the last good copy (also across a
 * restart) with the error shown, a change that every instance reloads from the version it moved, and two
 * refreshes at once that record one delta.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ScreeningListsResult } from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { onInstance, secondInstance } from './support/decision-races.ts';
import { staffClient, userClient, userWithCase } from './support/kyc-flows.ts';
import type { TestClient } from './support/test-app.ts';

const HEADER = 'name,aliases,date_of_birth,nationality,category,reference';
const OTHER = 'Dragan Kostić,,1970,RS,internal,INT-0002';
const VELMOROV_ROW = 'Oleg Tarasovich Velmorov,Oleg Velmoroff,1971-03-12,RU,internal,INT-0099';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n') + '\n';

/** The list server: what it serves, and what it was asked. */
const served = { body: csv(OTHER), status: 200, requests: [] as IncomingHttpHeaders[] };
let server: Server;
let url = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    served.requests.push(request.headers);
    const etag = `"${createHash('sha256').update(served.body).digest('hex').slice(0, 16)}"`;
    if (served.status !== 200) {
      response.writeHead(served.status).end('unavailable');
      return;
    }
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, { etag }).end();
      return;
    }
    response.writeHead(200, { etag, 'content-type': 'text/csv' }).end(served.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/block-list.csv`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function lists(staff: TestClient): Promise<ScreeningListsResult['lists']> {
  const { envelope } = await staff.get('/backoffice/api/screening/lists');
  expect(envelope?.ret_code).toBe(0);
  return (envelope?.result as ScreeningListsResult).lists;
}

async function refresh(staff: TestClient): Promise<ScreeningListsResult['lists']> {
  const { envelope } = await staff.post('/backoffice/api/screening/refresh', {});
  expect(envelope?.ret_code).toBe(0);
  return (envelope?.result as ScreeningListsResult).lists;
}

const deltaCount = async (fixture: AppFixture) =>
  (await fixture.database.db.selectFrom('screening_deltas').select('id').execute()).length;

/** A person who types the listed name submits level 1 on `app`: whether screening found a hit. */
async function hitOnSubmission(fixture: AppFixture, app: AppFixture['app'], email: string) {
  const client = await userClient(app, email);
  const details = { firstName: 'Oleg Tarasovich', lastName: 'Velmorov', dateOfBirth: '1971-03-12' };
  expect((await client.post('/v3/private/kyc/kyc-personal-info', details)).envelope?.ret_code).toBe(0);
  await userWithCase(app, email);
  const job = app.jobs.find((j) => j.name === 'screening');
  await job?.run();
  const userId = await fixture.userIdOf(email);
  const hits = await fixture.database.db
    .selectFrom('screening_hits')
    .select('list_entry_id')
    .where('user_id', '=', userId)
    .execute();
  return hits.map((h) => h.list_entry_id);
}

describe.each(testDatabases())('refreshing screening lists on $name', (testDb) => {
  beforeEach(() => {
    served.body = csv(OTHER);
    served.status = 200;
    served.requests = [];
  });
  const fixture = useAppFixture(testDb, { env: { SCREENING_LISTS: 'http://127.0.0.1:1/unset.csv' } });

  // The server's port is known only once it listens: each test starts its own instance on that URL.
  async function instance() {
    const started = await secondInstance(fixture, { SCREENING_LISTS: url });
    await started.app.ready();
    return started;
  }

  it('when an admin refreshes, then the list is fetched; again, a 304 changes nothing; a reviewer may read but not refresh', async () => {
    const one = await instance();
    try {
      const admin = await staffClient(one.app, 'admin@demo.test');
      expect(await lists(admin)).toMatchObject([
        { name: 'block-list.csv', entries: 0, lastError: /not yet fetched/ },
      ]);

      const first = await refresh(admin);
      expect(first).toMatchObject([
        { name: 'block-list.csv', format: 'operator-csv', entries: 1, lastError: null, source: url },
      ]);
      expect(first[0]?.lastRefreshAt).toEqual(expect.any(Number));
      const changedAt = first[0]?.lastChangeAt;
      const deltas = await deltaCount(fixture);

      const second = await refresh(admin);
      expect(served.requests.at(-1)?.['if-none-match']).toMatch(/^"/);
      expect(second[0]).toMatchObject({ entries: 1, lastError: null, lastChangeAt: changedAt });
      expect(await deltaCount(fixture)).toBe(deltas);

      const reviewer = await staffClient(one.app, 'reviewer@demo.test');
      expect((await lists(reviewer)).map((l) => l.name)).toEqual(['block-list.csv']);
      const refused = await reviewer.post('/backoffice/api/screening/refresh', {});
      expect(refused.envelope?.ret_code).toBe(10005);
      const audited = await fixture.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'screening.lists.refresh')
        .execute();
      expect(audited).toHaveLength(2);
    } finally {
      await one.close();
    }
  });

  it('when the download fails (500) or is broken, then the last good copy stays, also after a restart, and the error shows', async () => {
    const one = await instance();
    const admin = await staffClient(one.app, 'admin@demo.test');
    try {
      served.body = csv(OTHER, VELMOROV_ROW);
      await refresh(admin);

      served.status = 500;
      expect((await refresh(admin))[0]).toMatchObject({ entries: 2, lastError: 'download failed: HTTP 500' });
      served.status = 200;
      served.body = '<?xml version="1.0"?><nothing-we-read/>';
      expect((await refresh(admin))[0]).toMatchObject({
        entries: 2,
        lastError: expect.stringMatching(/not a format/),
      });
    } finally {
      await one.close();
    }
    // A restart without the server answering: the copy is read.
    served.status = 500;
    const restarted = await instance();
    try {
      expect((await lists(onInstance(admin, restarted.app)))[0]).toMatchObject({ entries: 2 });
      // The index holds the copy's entries: the listed person is a hit.
      expect(await hitOnSubmission(fixture, restarted.app, 'new@demo.test')).toEqual(['INT-0099']);
    } finally {
      await restarted.close();
    }
  });

  it('when one instance refreshes a changed list, then the other reloads from the version and screens with the new entry', async () => {
    const one = await instance();
    const two = await instance();
    try {
      const admin = await staffClient(one.app, 'admin@demo.test');
      await refresh(admin);
      await two.app.screeningLists.reloadIfChanged();
      expect(await two.app.screeningLists.reloadIfChanged()).toBe(false); // nothing moved since

      served.body = csv(OTHER, VELMOROV_ROW);
      await refresh(admin);

      expect(await two.app.screeningLists.reloadIfChanged()).toBe(true);
      expect(await hitOnSubmission(fixture, two.app, 'new@demo.test')).toEqual(['INT-0099']);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('when the scheduled job ticks, then a list never fetched or older than SCREENING_REFRESH_HOURS is refreshed; after a failure, not again within the hour', async () => {
    const one = await instance();
    const tick = () => one.app.jobs.find((j) => j.name === 'screening-refresh')?.run();
    try {
      await tick();
      expect(served.requests).toHaveLength(1); // never fetched: fetched at the first tick
      await tick();
      expect(served.requests).toHaveLength(1); // refreshed just now: not due

      const dayAgo = Date.now() - 25 * 3_600_000;
      await fixture.database.db.updateTable('screening_lists').set({ refreshed_at: dayAgo }).execute();
      served.status = 500;
      await tick();
      expect(served.requests).toHaveLength(2);
      await tick();
      expect(served.requests).toHaveLength(2); // failed a moment ago: left for an hour
      const row = await fixture.database.db
        .selectFrom('screening_lists')
        .selectAll()
        .where('id', '=', 'block-list.csv')
        .executeTakeFirst();
      expect(row).toMatchObject({ last_error: 'download failed: HTTP 500', entry_count: 1 });
    } finally {
      await one.close();
    }
  });

  it('when two refreshes of one change run at once, then one delta is recorded', async () => {
    const one = await instance();
    const two = testDb.name === 'postgres' ? await instance() : one; // SQLite: one instance (D50)
    try {
      await refresh(await staffClient(one.app, 'admin@demo.test'));
      const before = await deltaCount(fixture);
      served.body = csv(OTHER, VELMOROV_ROW);

      await Promise.all([one.app.screeningLists.refresh(), two.app.screeningLists.refresh()]);

      expect(await deltaCount(fixture)).toBe(before + 1);
    } finally {
      await one.close();
      if (two !== one) await two.close();
    }
  });
});
