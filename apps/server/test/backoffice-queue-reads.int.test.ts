/**
 * Issue 17: the verification queue's page is one statement (its rows, the capped total, the data keys
 * that open the names, the live claims with their assignees, the closed accounts) after the staff
 * session's reads, with the service levels from memory (cached reference data, dropped on change).
 * Under 20 reviewers at once each statement is a round trip and a share of the server's CPU, so the
 * count is pinned: a read added to the page fails here, naming every statement. Beside it, what the
 * combined statement answers where the other queue tests look less: a claim's assignee, a closed
 * account without its name, a service-level change seen on the next page, a page past the end.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ReviewQueueResult } from '@kyc/contracts';
import { testDatabases } from './support/databases.ts';
import { recorded, untilQuiet } from './support/statement-log.ts';
import { staffClient, userWithCase } from './support/kyc-flows.ts';
import { testApp } from './support/test-app.ts';
import { usersRepo } from '../src/data/repositories/users-repo.ts';

/** The staff session and its member, the list's statement timeout (PostgreSQL), the page. */
const MAX_STATEMENTS = 4;

describe.each(testDatabases())('the verification queue page on $name', (testDb) => {
  afterAll(() => testDb.cleanup());

  it(`when a reviewer opens the queue with a claimed case and a closed account in it, then the page takes at most ${MAX_STATEMENTS} statements and shows both`, async () => {
    const { database, log } = recorded(await testDb.open({ seeded: true }));
    const app = await testApp(database);
    try {
      await userWithCase(app, 'new@demo.test', 'FR'); // a second case waiting, to close
      const reviewer = await staffClient(app, 'reviewer@demo.test');
      const pendingId = (await usersRepo(database.db).findByEmail('pending@demo.test'))?.id ?? 0;
      expect((await reviewer.post(`/backoffice/api/cases/${pendingId}/claim`, {})).envelope?.ret_code).toBe(
        0,
      );
      const first = (await reviewer.get('/backoffice/api/queue')).envelope?.result as ReviewQueueResult;
      const other = first.items.find((i) => i.userId !== pendingId);
      expect(other).toBeDefined();
      await database.db
        .insertInto('account_closures')
        .values({ user_id: other?.userId ?? 0, closed_at: Date.now(), closed_by: 'self', staff_id: null })
        .execute();

      // Work started after earlier commits (screening, risk) must not count as the page's.
      await untilQuiet(log);
      log.recording = true;
      const page = (await reviewer.get('/backoffice/api/queue')).envelope?.result as ReviewQueueResult;
      log.recording = false;

      expect(log.statements.length, log.statements.join('\n')).toBeLessThanOrEqual(MAX_STATEMENTS);
      expect(log.statements.filter((q) => q.includes('from "verification_queue"'))).toHaveLength(1);
      const claimed = page.items.find((i) => i.userId === pendingId);
      expect(claimed?.assignee).toMatchObject({ name: expect.any(String) });
      expect(claimed?.firstName).not.toBe('');
      const closed = page.items.find((i) => i.userId === other?.userId);
      expect(closed).toMatchObject({ closed: true, email: '', firstName: '', lastName: '' });
      expect(page.total).toBe(first.total);
    } finally {
      await app.close();
    }
  });

  it('when an admin changes a service level, then the next queue page is due by the new hours at once', async () => {
    const database = await testDb.open({ seeded: true });
    const app = await testApp(database);
    try {
      const admin = await staffClient(app, 'admin@demo.test');
      const before = (await admin.get('/backoffice/api/queue?kind=level')).envelope
        ?.result as ReviewQueueResult;
      const item = before.items.find((i) => i.level <= 1);
      expect(item).toBeDefined();
      const levels = (await admin.get('/backoffice/api/service-levels')).envelope?.result as {
        levels: { kind: string; hours: number; updatedAt: number }[];
      };
      const level1 = levels.levels.find((l) => l.kind === 'level_1');
      const hours = (level1?.hours ?? 48) + 5;
      const changed = await admin.send('PUT', '/backoffice/api/service-levels', {
        levels: [{ kind: 'level_1', hours, updatedAt: level1?.updatedAt ?? 0 }],
      });
      expect(changed.envelope?.ret_code).toBe(0);
      const after = (await admin.get('/backoffice/api/queue?kind=level')).envelope
        ?.result as ReviewQueueResult;
      const again = after.items.find((i) => i.userId === item?.userId);
      expect(again?.dueAt).toBe((item?.pendingSince ?? 0) + hours * 3_600_000);
    } finally {
      await app.close();
    }
  });

  it("when a waiting person's country or site changes and the case is decided, then the queue's waiting work follows each change", async () => {
    const database = await testDb.open({ seeded: true });
    const app = await testApp(database);
    try {
      const admin = await staffClient(app, 'admin@demo.test');
      const { client: person } = await userWithCase(app, 'new@demo.test', 'FR');
      expect(person).toBeDefined();
      const userId = (await usersRepo(database.db).findByEmail('new@demo.test'))?.id ?? 0;
      const ids = async (query: string) =>
        ((await admin.get(`/backoffice/api/queue?${query}`)).envelope?.result as ReviewQueueResult).items.map(
          (i) => i.userId,
        );
      expect(await ids('country=FR')).toContain(userId);

      // Changed by any path (here SQL, as a migration or a support fix would): the triggers keep up.
      await database.db
        .updateTable('applicants')
        .set({ country: 'KZ' })
        .where('user_id', '=', userId)
        .execute();
      await database.db.updateTable('users').set({ site: 'TUR' }).where('id', '=', userId).execute();
      expect(await ids('country=FR')).not.toContain(userId);
      expect(await ids('country=KZ&site=TUR')).toContain(userId);

      const decided = await admin.post(`/backoffice/api/cases/${userId}/decisions`, {
        decision: 'approve',
        level: 1,
      });
      expect(decided.envelope?.ret_code).toBe(0);
      expect(await ids('country=KZ')).not.toContain(userId);
      const rows = await database.db
        .selectFrom('verification_queue')
        .select('submission_id')
        .where('user_id', '=', userId)
        .execute();
      expect(rows).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('when a cursor points past the last item, then the page is empty and still tells the total', async () => {
    const database = await testDb.open({ seeded: true });
    const app = await testApp(database);
    try {
      const admin = await staffClient(app, 'admin@demo.test');
      const all = (await admin.get('/backoffice/api/queue?limit=100')).envelope?.result as ReviewQueueResult;
      const last = all.items.at(-1);
      expect(last).toBeDefined();
      const cursor = Buffer.from(JSON.stringify([last?.pendingSince, last?.submissionId])).toString(
        'base64url',
      );
      const past = (await admin.get(`/backoffice/api/queue?cursor=${cursor}`)).envelope
        ?.result as ReviewQueueResult;
      expect(past.items).toEqual([]);
      expect(past.nextCursor).toBeNull();
      expect(past.total).toBe(all.total);
    } finally {
      await app.close();
    }
  });
});
