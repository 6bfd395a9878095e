/**
 * Issue 18, slice 2 (docs/screening.md "When screening runs", D65): a person is screened after their
 * level-1 submission commits, the hits persist with our name sealed, an open hit blocks every approval
 * (61001), the lists are checked again before an approval, and a hit committed while an approval waits
 * for the case is seen by it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ReviewCase } from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { secondInstance, onInstance } from './support/decision-races.ts';
import { decide, staffClient, userClient, userWithCase } from './support/kyc-flows.ts';
import { scriptedVendor, scriptedWebhook } from './support/scripted-vendor.ts';
import type { TestClient } from './support/test-app.ts';
import { repositories } from '../src/data/repositories/index.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../src/domain/screening/fixtures');
const OFAC = path.join(FIXTURES, 'ofac-sdn.xml');

/** The demo hit: the invented OFAC individual of the fixtures, as a person would type themselves. */
const VELMOROV = { firstName: 'Oleg Tarasovich', lastName: 'Velmorov', dateOfBirth: '1971-03-12' };
const ORDINARY = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10' };

/** The person's name and date of birth as typed, then a passport submitted for level 1. */
async function submitsLevel1(app: FastifyInstance, email: string, details: object): Promise<TestClient> {
  const client = await userClient(app, email);
  const { envelope } = await client.post('/v3/private/kyc/kyc-personal-info', details);
  expect(envelope?.ret_code).toBe(0);
  await userWithCase(app, email);
  return client;
}

/** The `screening` job (D65): waits for the runs started after the commits, then runs what is due. */
async function screeningJob(app: FastifyInstance): Promise<number> {
  const job = app.jobs.find((j) => j.name === 'screening');
  if (!job) throw new Error('no screening job: SCREENING_LISTS is not set');
  return job.run();
}

async function caseOf(staff: TestClient, userId: number): Promise<ReviewCase> {
  const { envelope } = await staff.get(`/backoffice/api/cases/${userId}`);
  expect(envelope?.ret_code).toBe(0);
  return envelope?.result as ReviewCase;
}

async function runsOf(fixture: AppFixture, userId: number) {
  return fixture.database.db
    .selectFrom('screening_runs')
    .select(['reason', 'status', 'lists_key'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

describe.each(testDatabases())('screening on $name', (testDb) => {
  describe('with the OFAC fixture loaded', () => {
    const fixture = useAppFixture(testDb, { env: { SCREENING_LISTS: OFAC } });

    it('when the demo OFAC person submits level 1, then an open hit with its explanation is on the case, our name sealed', async () => {
      await submitsLevel1(fixture.app, 'new@demo.test', VELMOROV);
      expect(await screeningJob(fixture.app)).toBe(0); // the run after the commit did it already
      const userId = await fixture.userIdOf('new@demo.test');

      const screening = (await caseOf(await staffClient(fixture.app, 'reviewer@demo.test'), userId))
        .screening;

      expect(screening.status).toBe('open_hit');
      expect(screening.screenedAt).toEqual(expect.any(Number));
      expect(screening.lists).toEqual([
        { name: 'ofac-sdn.xml', published: expect.stringMatching(/^2026-04-15/) },
      ]);
      expect(screening.hits).toHaveLength(1);
      const [hit] = screening.hits;
      expect(hit).toMatchObject({
        list: 'ofac-sdn.xml',
        listEntryId: '91001',
        matchedName: 'Oleg Tarasovich VELMOROV',
        ourName: 'Oleg Tarasovich Velmorov',
        ourNameSource: 'typed',
        state: 'open',
        reason: '',
      });
      expect(hit?.score).toBeGreaterThanOrEqual(0.85);
      expect(hit?.explanation.adjustments.map((a) => a.code)).toContain('dob_same_date');
      expect(hit?.explanation.programmes).toContain('RUSSIA-EO14024');
      expect(hit?.explanation.tokens.map((t) => t.method)).toEqual(['exact', 'exact', 'exact']);

      const stored = await fixture.database.db
        .selectFrom('screening_hits')
        .select(['our_name_enc', 'explanation_enc', 'matched_name'])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      for (const sealed of [stored.our_name_enc, stored.explanation_enc])
        expect(Buffer.from(sealed).toString('latin1')).not.toMatch(/Velmorov|1971-03-12/i);
      expect((await runsOf(fixture, userId)).map((r) => [r.reason, r.status])).toEqual([
        ['level_1_submitted', 'done'],
      ]);
      const list = await fixture.database.db
        .selectFrom('screening_lists')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(list).toMatchObject({ id: 'ofac-sdn.xml', format: 'ofac-sdn', last_error: null });
      expect(Number(list.entry_count)).toBeGreaterThan(0);
      const fingerprints = await fixture.database.db
        .selectFrom('screening_list_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(fingerprints.n)).toBe(Number(list.entry_count));
    });

    it('when an ordinary person submits level 1, then the case says clear with the list used and no hit', async () => {
      await submitsLevel1(fixture.app, 'new@demo.test', ORDINARY);
      await screeningJob(fixture.app);
      const userId = await fixture.userIdOf('new@demo.test');

      const screening = (await caseOf(await staffClient(fixture.app, 'reviewer@demo.test'), userId))
        .screening;

      expect(screening).toMatchObject({ status: 'clear', hits: [], lists: [{ name: 'ofac-sdn.xml' }] });
      expect(screening.screenedAt).toEqual(expect.any(Number));
    });

    it('when the hit is open, then approving is refused with 61001 and nothing is decided; rejecting still works', async () => {
      await submitsLevel1(fixture.app, 'new@demo.test', VELMOROV);
      await screeningJob(fixture.app);
      const userId = await fixture.userIdOf('new@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');

      const refused = await decide(reviewer, userId, { decision: 'approve', level: 1 });

      expect(refused.ret_code).toBe(61001);
      const after = await caseOf(reviewer, userId);
      expect(after.levels.find((l) => l.level === 1)?.status).toBe('PENDING');
      expect(after.decisions).toEqual([]);
      const rejected = await decide(reviewer, userId, {
        decision: 'reject_retry',
        level: 1,
        reasonCode: 'INCOMPLETE_DOCUMENTS',
        userMessage: 'Please upload a clearer photo.',
      });
      expect(rejected.ret_code).toBe(0);
    });

    it('when the run after the commit is lost, then the person shows not_screened, and an approval screens first and is refused', async () => {
      const userId = await fixture.userIdOf('new@demo.test');
      await submitsLevel1(fixture.app, 'new@demo.test', VELMOROV);
      await screeningJob(fixture.app);
      // As if the process had died before screening: no run done, no hit.
      await fixture.database.db.deleteFrom('screening_hits').execute();
      await fixture.database.db.deleteFrom('screening_runs').execute();
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      expect((await caseOf(reviewer, userId)).screening).toMatchObject({
        status: 'not_screened',
        screenedAt: null,
        lists: [],
        hits: [],
      });

      expect((await decide(reviewer, userId, { decision: 'approve', level: 1 })).ret_code).toBe(61001);

      expect((await runsOf(fixture, userId)).map((r) => [r.reason, r.status])).toEqual([
        ['before_approval', 'done'],
      ]);
    });

    it('when a hit commits while an approval waits for the case, then the approval sees it and is refused (61001)', async () => {
      await submitsLevel1(fixture.app, 'new@demo.test', ORDINARY);
      await screeningJob(fixture.app);
      const userId = await fixture.userIdOf('new@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      expect((await caseOf(reviewer, userId)).screening.status).toBe('clear');

      // A screening elsewhere (another instance, newer lists) writing a hit: it holds the case lock, as
      // every screening's write does, until the approval is waiting for it.
      const repos = repositories(fixture.database.db);
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked = () => {};
      const holding = new Promise<void>((resolve) => (locked = resolve));
      const writing = repos.transaction(async (tx) => {
        await tx.review.lockCase(userId);
        const run = await tx.screening.requestRun(userId, 'level_1_submitted', Date.now());
        await tx.screening.upsertHit(
          {
            userId,
            listId: 'ofac-sdn.xml',
            listEntryId: 'concurrent-1',
            runId: run,
            matchedName: 'Ada LOVELACE',
            ourNameEnc: Buffer.from('not opened in this test'),
            score: 0.97,
            explanationEnc: Buffer.from('not opened in this test'),
            category: 'sanctions',
            entryHash: 'concurrent',
          },
          Date.now(),
        );
        locked();
        await released;
      });
      await holding;
      const approving = decide(reviewer, userId, { decision: 'approve', level: 1 });
      await approvalWaiting(fixture);
      release();
      await writing;

      expect((await approving).ret_code).toBe(61001);
      const level1 = await fixture.database.db
        .selectFrom('kyc_level_states')
        .select('status')
        .where('user_id', '=', userId)
        .where('level', '=', 1)
        .executeTakeFirstOrThrow();
      expect(level1.status).toBe('PENDING');
    });
  });

  describe('with a verification vendor', () => {
    const fixture = useAppFixture(testDb, {
      env: {
        SCREENING_LISTS: OFAC,
        SUMSUB_APP_TOKEN: 'test-app-token',
        SUMSUB_SECRET_KEY: 'test-secret',
        SUMSUB_WEBHOOK_SECRET: 'test-hook',
      },
      build: { providerOptions: { adapters: { sumsub: scriptedVendor().adapter } } },
    });

    it('when a vendor reports the identity verified, then the person is screened after the commit and the hit shows', async () => {
      const client = await userClient(fixture.app, 'sumsub@demo.test');
      expect((await client.post('/v3/private/kyc/kyc-personal-info', VELMOROV)).envelope?.ret_code).toBe(0);
      expect(
        (await client.post('/v3/private/kyc/get-verification-sdk-info', { level: 1 })).envelope?.ret_code,
      ).toBe(0);
      const userId = await fixture.userIdOf('sumsub@demo.test');
      const applicant = await fixture.database.db
        .selectFrom('vendor_applicants')
        .select('vendor_applicant_id')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();

      const answer = await scriptedWebhook(fixture.app, {
        key: 'e1',
        type: 'applicantReviewed',
        at: 100,
        applicantId: applicant.vendor_applicant_id ?? '',
        level: 1,
        outcome: { kind: 'approved' },
      });
      expect(answer.json()).toMatchObject({ result: { effect: 'applied' } });
      await screeningJob(fixture.app);

      const screening = (await caseOf(await staffClient(fixture.app, 'reviewer@demo.test'), userId))
        .screening;
      expect(screening.status).toBe('open_hit');
      expect(screening.hits.map((h) => h.listEntryId)).toEqual(['91001']);
      expect((await runsOf(fixture, userId)).map((r) => [r.reason, r.status])).toEqual([
        ['vendor_verified', 'done'],
      ]);
    });
  });

  describe('when the lists change', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'kyc-screening-lists-'));
    const listFile = path.join(folder, 'internal.csv');
    const HEADER = 'name,aliases,date_of_birth,nationality,category,reference\n';
    const fixture = useAppFixture(testDb, { env: { SCREENING_LISTS: listFile } });

    it('when the lists changed since the last screening, then the approval screens again first and the new hit blocks it', async () => {
      writeFileSync(listFile, `${HEADER}Dragan Kostić,,1970,RS,internal,INT-0002\n`);
      await submitsLevel1(fixture.app, 'new@demo.test', ORDINARY);
      await screeningJob(fixture.app);
      const userId = await fixture.userIdOf('new@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      expect((await caseOf(reviewer, userId)).screening.status).toBe('clear');

      // An instance started with a newer version of the list, which now names the person.
      writeFileSync(
        listFile,
        `${HEADER}Dragan Kostić,,1970,RS,internal,INT-0002\nAda Lovelace,,1990,GB,internal,INT-0003\n`,
      );
      const second = await secondInstance(fixture, { SCREENING_LISTS: listFile });
      try {
        const there = onInstance(reviewer, second.app);
        expect((await decide(there, userId, { decision: 'approve', level: 1 })).ret_code).toBe(61001);
        const screening = (await caseOf(there, userId)).screening;
        expect(screening.status).toBe('open_hit');
        expect(screening.hits.map((h) => [h.list, h.listEntryId, h.matchedName])).toEqual([
          ['internal.csv', 'INT-0003', 'Ada Lovelace'],
        ]);
        const runs = await runsOf(fixture, userId);
        expect(runs.map((r) => [r.reason, r.status])).toEqual([
          ['level_1_submitted', 'done'],
          ['before_approval', 'done'],
        ]);
        expect(runs[0]?.lists_key).not.toBe(runs[1]?.lists_key);
      } finally {
        await second.close();
      }
    });

    it('when the lists are those of the last screening, then the approval goes through without screening again', async () => {
      writeFileSync(listFile, `${HEADER}Dragan Kostić,,1970,RS,internal,INT-0002\n`);
      await submitsLevel1(fixture.app, 'new@demo.test', ORDINARY);
      await screeningJob(fixture.app);
      const userId = await fixture.userIdOf('new@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');

      expect((await decide(reviewer, userId, { decision: 'approve', level: 1 })).ret_code).toBe(0);

      expect((await runsOf(fixture, userId)).map((r) => r.reason)).toEqual(['level_1_submitted']);
    });
  });

  describe('without SCREENING_LISTS', () => {
    const fixture = useAppFixture(testDb);

    it('when no list is configured, then nobody is screened, the case says not_screened and approvals are not held', async () => {
      await submitsLevel1(fixture.app, 'new@demo.test', VELMOROV);
      const userId = await fixture.userIdOf('new@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');

      expect((await caseOf(reviewer, userId)).screening).toEqual({
        status: 'not_screened',
        screenedAt: null,
        lists: [],
        hits: [],
        frozen: null,
      });
      expect(fixture.app.jobs.some((j) => j.name === 'screening')).toBe(false);
      // The case answer's screening is in the OpenAPI document, from the same contract.
      const document = (await fixture.app.inject('/docs/openapi.json')).json<{
        paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
      }>();
      const caseAnswer = JSON.stringify(
        document.paths['/backoffice/api/cases/{userId}']?.get?.responses['200'],
      );
      for (const field of ['screening', 'open_hit', 'not_screened', 'listEntryId', 'matchedName', 'ourName'])
        expect(caseAnswer).toContain(`"${field}"`);
      expect((await decide(reviewer, userId, { decision: 'approve', level: 1 })).ret_code).toBe(0);
      expect(await runsOf(fixture, userId)).toEqual([]);
    });
  });
});

/**
 * Until the approval's transaction waits for the case lock: on PostgreSQL a backend waiting on a lock;
 * SQLite has one writer at a time, so the approval cannot even start before the writer commits.
 */
async function approvalWaiting(fixture: AppFixture): Promise<void> {
  if (fixture.database.dialect === 'sqlite') {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return;
  }
  for (let i = 0; i < 200; i++) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(fixture.database.db);
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the approval never waited for the case lock');
}
