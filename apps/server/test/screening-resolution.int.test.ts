/**
 * Issue 18, slice 3 (docs/screening.md "Resolving a hit", "Freeze", "The alerts queue"; D66): a
 * sanctions false positive needs a second reviewer (four eyes), a resolved false positive is remembered
 * for the person and the list entry until the entry changes, a true match freezes the account (kyc-info,
 * every submission refused with 61007, the suspicious-activity export, compliance mailed over real
 * SMTP), two reviewers resolving one hit at once: exactly one wins; the alerts queue pages by cursor.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ReviewCase, ScreeningAlertsResult } from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { onInstance, secondInstance } from './support/decision-races.ts';
import { useSmtpInbox } from './support/smtp-inbox.ts';
import {
  decide,
  kycInfo,
  multipart,
  jpeg,
  partnerToken,
  postWithKey,
  sdkCall,
  staffClient,
  TEST_CONSENT,
  userClient,
  userWithCase,
  type Answer,
} from './support/kyc-flows.ts';
import type { TestClient } from './support/test-app.ts';
import { repositories } from '../src/data/repositories/index.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../src/domain/screening/fixtures');
const OFAC = path.join(FIXTURES, 'ofac-sdn.xml');
const VELMOROV = { firstName: 'Oleg Tarasovich', lastName: 'Velmorov', dateOfBirth: '1971-03-12' };
const ADA = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10' };
const COMPLIANCE = 'compliance@kyc.test';

/** Compliance's mailbox: a real SMTP server. */
const smtp = useSmtpInbox();
const inbox = smtp.mails;

async function submitsLevel1(app: FastifyInstance, email: string, details: object): Promise<TestClient> {
  const client = await userClient(app, email);
  expect((await client.post('/v3/private/kyc/kyc-personal-info', details)).envelope?.ret_code).toBe(0);
  await userWithCase(app, email);
  return client;
}

async function screeningJob(app: FastifyInstance): Promise<number> {
  const job = app.jobs.find((j) => j.name === 'screening');
  if (!job) throw new Error('no screening job');
  return job.run();
}

async function caseOf(staff: TestClient, userId: number): Promise<ReviewCase> {
  const { envelope } = await staff.get(`/backoffice/api/cases/${userId}`);
  expect(envelope?.ret_code).toBe(0);
  return envelope?.result as ReviewCase;
}

async function resolve(staff: TestClient, hitId: number, body: object): Promise<Answer> {
  const { envelope } = await staff.post(`/backoffice/api/screening/hits/${hitId}/resolution`, body);
  return envelope as Answer;
}

/** The person's only hit as the case shows it. */
async function onlyHit(staff: TestClient, userId: number) {
  const hits = (await caseOf(staff, userId)).screening.hits;
  expect(hits).toHaveLength(1);
  const [hit] = hits;
  if (!hit) throw new Error('no hit');
  return hit;
}

/** Screens the person again now (a due run, then the screening job), against this instance's lists. */
async function screenAgain(fixture: AppFixture, app: FastifyInstance, userId: number) {
  await repositories(fixture.database.db).screening.requestRun(userId, 'level_1_submitted', Date.now());
  await screeningJob(app);
}

async function auditActions(fixture: AppFixture, userId: number): Promise<string[]> {
  const rows = await fixture.database.db
    .selectFrom('audit_log')
    .select('action')
    .where('subject_user_id', '=', userId)
    .where('action', 'like', 'screening.%')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

describe.each(testDatabases())('resolving screening hits on $name', (testDb) => {
  describe('with the OFAC fixture (a sanctions list)', () => {
    const fixture = useAppFixture(testDb, {
      get env() {
        return {
          SCREENING_LISTS: OFAC,
          SMTP_URL: smtp.url,
          MAIL_FROM: 'KYC <no-reply@kyc.test>',
          COMPLIANCE_EMAIL: COMPLIANCE,
        };
      },
    });

    it('when a reviewer marks a sanctions hit a false positive, then they cannot confirm it themselves, a second reviewer confirms, and the approval goes through', async () => {
      await submitsLevel1(fixture.app, 'new@demo.test', VELMOROV);
      await screeningJob(fixture.app);
      const userId = await fixture.userIdOf('new@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const senior = await staffClient(fixture.app, 'senior@demo.test');
      const hit = await onlyHit(reviewer, userId);
      expect(hit).toMatchObject({ state: 'open', category: 'sanctions', proposedBy: null });

      const marked = await resolve(reviewer, hit.id, {
        action: 'false_positive',
        reason: 'Different person: born in another city, passport checked.',
        expectedVersion: hit.version,
      });

      expect(marked.ret_code).toBe(0);
      const pending = (marked.result as ReviewCase).screening.hits[0];
      expect(pending).toMatchObject({
        state: 'pending_confirmation',
        proposedBy: { name: expect.any(String) },
      });
      expect((marked.result as ReviewCase).screening.status).toBe('open_hit');
      // Still blocks: four eyes are not done.
      expect((await decide(reviewer, userId, { decision: 'approve', level: 1 })).ret_code).toBe(61001);
      expect(
        (await resolve(reviewer, hit.id, { action: 'confirm', expectedVersion: pending?.version })).ret_code,
      ).toBe(61006);
      // A missing reason is refused before anything is read.
      expect(
        (await resolve(senior, hit.id, { action: 'false_positive', reason: ' ', expectedVersion: 1 }))
          .ret_code,
      ).toBe(10001);

      const confirmed = await resolve(senior, hit.id, {
        action: 'confirm',
        expectedVersion: pending?.version,
      });

      expect(confirmed.ret_code).toBe(0);
      expect((confirmed.result as ReviewCase).screening).toMatchObject({
        status: 'clear',
        hits: [
          {
            state: 'confirmed_false_positive',
            reason: 'Different person: born in another city, passport checked.',
            resolvedBy: { name: expect.any(String) },
          },
        ],
      });
      // Remembered: screened again against the same entry, the hit stays cleared.
      await screenAgain(fixture, fixture.app, userId);
      expect((await onlyHit(reviewer, userId)).state).toBe('confirmed_false_positive');
      expect((await decide(reviewer, userId, { decision: 'approve', level: 1 })).ret_code).toBe(0);
      expect(await auditActions(fixture, userId)).toEqual(['screening.false_positive', 'screening.confirm']);
    });

    it('when a second reviewer sends a pending false positive back, then the hit is open again', async () => {
      await submitsLevel1(fixture.app, 'new@demo.test', VELMOROV);
      await screeningJob(fixture.app);
      const userId = await fixture.userIdOf('new@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const senior = await staffClient(fixture.app, 'senior@demo.test');
      const hit = await onlyHit(reviewer, userId);
      await resolve(reviewer, hit.id, {
        action: 'false_positive',
        reason: 'Not him.',
        expectedVersion: hit.version,
      });
      const pending = await onlyHit(senior, userId);

      const sent = await resolve(senior, hit.id, {
        action: 'send_back',
        reason: 'Same date of birth: check the passport number.',
        expectedVersion: pending.version,
      });

      expect(sent.ret_code).toBe(0);
      expect((sent.result as ReviewCase).screening.hits[0]).toMatchObject({
        state: 'open',
        proposedBy: null,
      });
      // A stale read of the hit is refused.
      expect(
        (await resolve(reviewer, hit.id, { action: 'confirm', expectedVersion: pending.version })).ret_code,
      ).toBe(61004);
    });

    it('when a reviewer declares a true match, then the account is frozen, submissions are refused, the export is produced and compliance is mailed', async () => {
      const client = await submitsLevel1(fixture.app, 'new@demo.test', VELMOROV);
      await screeningJob(fixture.app);
      const userId = await fixture.userIdOf('new@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const hit = await onlyHit(reviewer, userId);
      expect((await kycInfo(client)).limitation).toBe('LIMITATION_DEFAULT');
      const mailsBefore = inbox.length;

      const answer = await resolve(reviewer, hit.id, {
        action: 'true_match',
        reason: 'Same name, date of birth and nationality as OFAC entry 91001.',
        expectedVersion: hit.version,
      });

      expect(answer.ret_code).toBe(0);
      const screening = (answer.result as ReviewCase).screening;
      expect(screening.status).toBe('true_match');
      expect(screening.frozen).toMatchObject({ hitId: hit.id, exportId: expect.any(Number) });
      // kyc-info: the frozen state, without the reason (no tipping-off).
      const info = await kycInfo(client);
      expect(info.limitation).toBe('LIMITATION_ACCOUNT_FROZEN');
      expect(info.limitationInfo).toEqual({ reason: '' });
      expect(info.bannerTags).toContain('ACCOUNT_LIMITED');
      // Every way of submitting refuses with 61007.
      expect((await client.post('/v3/private/kyc/kyc-personal-info', VELMOROV)).envelope?.ret_code).toBe(
        61007,
      );
      expect(
        (
          await client.send(
            'POST',
            '/v3/private/kyc/upload-document',
            undefined,
            multipart('front', await jpeg()),
          )
        ).envelope?.ret_code,
      ).toBe(61007);
      const submit = await postWithKey(client, '/v3/private/kyc/submit', {
        level: 1,
        documentType: 'PASSPORT',
        country: 'DE',
        documentIds: ['0123456789abcdef0123456789abcdef'],
        consent: TEST_CONSENT,
      });
      expect(submit.envelope.ret_code).toBe(61007);
      const token = await partnerToken(fixture.app, 'new@demo.test', 'exchange-app');
      expect(
        (
          await sdkCall(fixture.app, '/v1/s1/kyc/integration/kyc-personal-info', token, 'exchange-app', {
            body: ADA,
          })
        ).ret_code,
      ).toBe(61007);
      // Nor can anyone approve it.
      expect((await decide(reviewer, userId, { decision: 'approve', level: 1 })).ret_code).toBe(61007);

      // The export: person, hits with explanation, lists, decisions, times; its download is audited.
      const download = await reviewer.send('GET', `/backoffice/api/cases/${userId}/screening-export`);
      expect(download.response.statusCode).toBe(200);
      expect(download.response.headers['content-disposition']).toMatch(
        /^attachment; filename="sar-export-user-/,
      );
      const exported = JSON.parse(download.response.body) as Record<string, unknown> & {
        person: Record<string, unknown>;
        hits: { state: string; explanation: { summary: string }; resolvedBy: unknown }[];
        lists: { name: string; contentHash: string }[];
        decisions: { action: string }[];
      };
      expect(exported.person).toMatchObject({
        userId,
        email: 'new@demo.test',
        firstName: 'Oleg Tarasovich',
        lastName: 'Velmorov',
        dateOfBirth: '1971-03-12',
      });
      expect(exported.hits).toHaveLength(1);
      expect(exported.hits[0]).toMatchObject({ state: 'true_match', resolvedBy: expect.any(Object) });
      expect(exported.hits[0]?.explanation.summary).toMatch(/VELMOROV/);
      expect(exported.lists).toEqual([
        expect.objectContaining({ name: 'ofac-sdn.xml', contentHash: expect.any(String) }),
      ]);
      expect(exported.generatedAt).toEqual(expect.any(String));
      expect(await auditActions(fixture, userId)).toEqual([
        'screening.true_match',
        'screening.export.download',
      ]);
      // Sealed at rest: the stored export does not read as the person's name.
      const stored = await fixture.database.db
        .selectFrom('screening_exports')
        .select('document_enc')
        .executeTakeFirstOrThrow();
      expect(Buffer.from(stored.document_enc).toString('latin1')).not.toMatch(/Velmorov/);

      // Compliance was mailed over SMTP, once, without the person's name.
      const mailed = () => inbox.slice(mailsBefore).filter((m) => m.to === COMPLIANCE);
      await expect.poll(() => mailed().length).toBe(1);
      const mail = mailed()[0];
      expect(mail?.subject).toContain(String(userId));
      expect(mail?.text).toContain(`/backoffice/cases/${userId}`);
      expect(mail?.text).toContain('ofac-sdn.xml');
      expect(mail?.text).not.toMatch(/Velmorov/i);
      const freeze = await fixture.database.db
        .selectFrom('account_freezes')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(freeze.notified_at).not.toBeNull();
    });

    it('when a freeze is lifted, then only a senior other than whoever froze it can, with a reason; the match is cleared, the person can submit again, and two lifts at once make one', async () => {
      const client = await submitsLevel1(fixture.app, 'new@demo.test', VELMOROV);
      await screeningJob(fixture.app);
      const userId = await fixture.userIdOf('new@demo.test');
      const senior = await staffClient(fixture.app, 'senior@demo.test');
      const hit = await onlyHit(senior, userId);
      // The senior reviewer freezes it: they may not lift it themselves.
      const frozen = await resolve(senior, hit.id, {
        action: 'true_match',
        reason: 'Same name and date of birth as OFAC entry 91001.',
        expectedVersion: hit.version,
      });
      expect(frozen.ret_code).toBe(0);
      expect((await kycInfo(client)).limitation).toBe('LIMITATION_ACCOUNT_FROZEN');
      const lift = (staff: TestClient, body: object) =>
        staff.post(`/backoffice/api/cases/${userId}/freeze/lift`, body);
      const reason = 'Delisted by OFAC on 2026-11-20 (entry 91001 removed).';

      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      expect((await lift(reviewer, { hitId: hit.id, reason })).envelope?.ret_code).toBe(10005);
      expect((await lift(senior, { hitId: hit.id, reason })).envelope?.ret_code).toBe(61011);
      const short = await lift(await staffClient(fixture.app, 'admin@demo.test'), {
        hitId: hit.id,
        reason: 'ok',
      });
      expect([short.response.statusCode, short.envelope?.ret_code]).toEqual([400, 10001]);
      expect((await kycInfo(client)).limitation).toBe('LIMITATION_ACCOUNT_FROZEN');

      // Two admins' sessions lift at the same moment: one wins, the other is told it is not frozen.
      const [adminA, adminB] = await Promise.all([
        staffClient(fixture.app, 'admin@demo.test'),
        staffClient(fixture.app, 'admin@demo.test'),
      ]);
      const answers = await Promise.all([
        lift(adminA, { hitId: hit.id, reason }),
        lift(adminB, { hitId: hit.id, reason }),
      ]);
      expect(answers.map((a) => a.envelope?.ret_code).sort()).toEqual([0, 61012]);
      const after = answers.find((a) => a.envelope?.ret_code === 0)?.envelope?.result as ReviewCase;
      expect(after.screening.frozen).toBeNull();
      expect(after.screening.hits[0]).toMatchObject({ state: 'cleared', reason });

      // The person is no longer limited and can submit again; the export stays; it is audited once.
      expect((await kycInfo(client)).limitation).not.toBe('LIMITATION_ACCOUNT_FROZEN');
      expect((await client.post('/v3/private/kyc/kyc-personal-info', {})).envelope?.ret_code).toBe(0);
      expect(await fixture.database.db.selectFrom('screening_exports').select('id').execute()).toHaveLength(
        1,
      );
      expect(await auditActions(fixture, userId)).toEqual(['screening.true_match', 'screening.freeze.lift']);
      // Screened again against the same entry, the cleared match stays cleared.
      await screenAgain(fixture, fixture.app, userId);
      expect((await onlyHit(senior, userId)).state).toBe('cleared');
    });

    it('when two reviewers resolve one hit at the same moment on two instances, then exactly one wins and the other gets 61004', async () => {
      await submitsLevel1(fixture.app, 'new@demo.test', VELMOROV);
      await screeningJob(fixture.app);
      const userId = await fixture.userIdOf('new@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const senior = await staffClient(fixture.app, 'senior@demo.test');
      const hit = await onlyHit(reviewer, userId);
      const second = await secondInstance(fixture, {
        SCREENING_LISTS: OFAC,
        SMTP_URL: smtp.url,
        COMPLIANCE_EMAIL: COMPLIANCE,
      });
      try {
        const answers = await Promise.all([
          resolve(reviewer, hit.id, {
            action: 'false_positive',
            reason: 'Not him.',
            expectedVersion: hit.version,
          }),
          resolve(onInstance(senior, second.app), hit.id, {
            action: 'true_match',
            reason: 'It is him.',
            expectedVersion: hit.version,
          }),
        ]);

        expect(answers.map((a) => a.ret_code).sort()).toEqual([0, 61004]);
        const after = await onlyHit(reviewer, userId);
        expect(after.version).toBe(hit.version + 1);
        const winner = answers[0]?.ret_code === 0 ? 'pending_confirmation' : 'true_match';
        expect(after.state).toBe(winner);
        const actions = await auditActions(fixture, userId);
        expect(actions.filter((a) => a !== 'screening.export.download')).toHaveLength(1);
        const exports = await fixture.database.db.selectFrom('screening_exports').select('id').execute();
        expect(exports).toHaveLength(winner === 'true_match' ? 1 : 0);
      } finally {
        await second.close();
      }
    });
  });

  describe('with an internal list that changes', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'kyc-screening-resolution-'));
    const listFile = path.join(folder, 'internal.csv');
    const HEADER = 'name,aliases,date_of_birth,nationality,category,reference\n';
    const ADA_ROW = 'Ada Lovelace,,1990,GB,internal,INT-0003\n';
    const fixture = useAppFixture(testDb, { env: { SCREENING_LISTS: listFile } });

    it('when a cleared false positive is screened again, then it stays cleared while its entry is unchanged and is raised again when the entry changes', async () => {
      writeFileSync(listFile, `${HEADER}${ADA_ROW}`);
      await submitsLevel1(fixture.app, 'new@demo.test', ADA);
      await screeningJob(fixture.app);
      const userId = await fixture.userIdOf('new@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const hit = await onlyHit(reviewer, userId);
      expect(hit.category).toBe('internal');

      // One reviewer clears an internal hit.
      const cleared = await resolve(reviewer, hit.id, {
        action: 'false_positive',
        reason: 'Our Ada Lovelace is another customer (different address and phone).',
        expectedVersion: hit.version,
      });
      expect(cleared.ret_code).toBe(0);
      expect((cleared.result as ReviewCase).screening.hits[0]?.state).toBe('cleared');
      await screenAgain(fixture, fixture.app, userId);
      expect((await onlyHit(reviewer, userId)).state).toBe('cleared');

      // A new list version where the entry is the same (another row added): still cleared.
      writeFileSync(listFile, `${HEADER}Dragan Kostić,,1970,RS,internal,INT-0002\n${ADA_ROW}`);
      const unchanged = await secondInstance(fixture, { SCREENING_LISTS: listFile });
      try {
        await screenAgain(fixture, unchanged.app, userId);
        expect((await onlyHit(onInstance(reviewer, unchanged.app), userId)).state).toBe('cleared');
      } finally {
        await unchanged.close();
      }

      // The entry itself changes (its date of birth made precise): raised again, and it blocks.
      writeFileSync(listFile, `${HEADER}Ada Lovelace,,1990-12-10,GB,internal,INT-0003\n`);
      const changed = await secondInstance(fixture, { SCREENING_LISTS: listFile });
      try {
        const there = onInstance(reviewer, changed.app);
        expect((await decide(there, userId, { decision: 'approve', level: 1 })).ret_code).toBe(61001);
        expect(await onlyHit(there, userId)).toMatchObject({ state: 'open', reason: '', resolvedBy: null });
      } finally {
        await changed.close();
      }
    });
  });

  describe('the alerts queue', () => {
    const fixture = useAppFixture(testDb, { env: { SCREENING_LISTS: OFAC } });

    /** Hits written as screenings would, for the demo people: lists, categories, states and ages. */
    async function seedHits(): Promise<void> {
      const repos = repositories(fixture.database.db);
      const people = await Promise.all(
        ['new@demo.test', 'l1@demo.test', 'pending@demo.test', 'quick@demo.test'].map((e) =>
          fixture.userIdOf(e),
        ),
      );
      const rows = [];
      let n = 0;
      for (const userId of people)
        for (const [list, category, state] of [
          ['ofac-sdn.xml', 'sanctions', 'open'],
          ['operator.csv', 'pep', 'open'],
          ['un.xml', 'sanctions', 'pending_confirmation'],
          ['operator.csv', 'internal', 'cleared'],
        ] as const) {
          n += 1;
          const run = await repos.screening.requestRun(userId, 'level_1_submitted', 1);
          rows.push({
            user_id: userId,
            list_id: list,
            list_entry_id: `E-${n}`,
            run_id: run,
            matched_name: `Listed Person ${n}`,
            our_name_enc: Buffer.from('sealed'),
            score: 0.9,
            explanation_enc: Buffer.from('sealed'),
            state,
            category,
            created_at: 1_000 + (n % 5) * 10,
            updated_at: 1_000,
            raised_at: 1_000 + (n % 5) * 10, // ties on raised_at: the id orders them
          });
        }
      await fixture.database.db.insertInto('screening_hits').values(rows).execute();
    }

    async function allPages(
      staff: TestClient,
      query: string,
      limit = 3,
    ): Promise<ScreeningAlertsResult['items']> {
      const items: ScreeningAlertsResult['items'] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 20; pages++) {
        const url: string = `/backoffice/api/screening/alerts?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`;
        const { envelope } = await staff.get(url);
        expect(envelope?.ret_code).toBe(0);
        const page = envelope?.result as ScreeningAlertsResult;
        expect(page.items.length).toBeLessThanOrEqual(limit);
        items.push(...page.items);
        cursor = page.nextCursor;
        if (!cursor) return items;
      }
      throw new Error('too many pages');
    }

    it('when the alerts are paged by cursor, then every unresolved hit comes once, oldest first, and each filter narrows it', async () => {
      await seedHits();
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');

      const unresolved = await allPages(reviewer, '');

      expect(unresolved).toHaveLength(12);
      expect(new Set(unresolved.map((a) => a.hitId)).size).toBe(12);
      const keys = unresolved.map((a) => [a.raisedAt, a.hitId] as const);
      expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
      expect(unresolved.every((a) => a.state === 'open' || a.state === 'pending_confirmation')).toBe(true);
      expect(unresolved[0]).toMatchObject({
        dueAt: (unresolved[0]?.raisedAt ?? 0) + 24 * 3_600_000,
        breached: true,
        assignee: null,
      });
      const first = (await reviewer.get('/backoffice/api/screening/alerts?limit=3')).envelope
        ?.result as ScreeningAlertsResult;
      expect(first).toMatchObject({ total: 12, totalCapped: false });

      expect((await allPages(reviewer, '&state=pending_confirmation')).map((a) => a.list)).toEqual(
        Array(4).fill('un.xml'),
      );
      expect((await allPages(reviewer, '&state=cleared')).every((a) => a.category === 'internal')).toBe(true);
      expect((await allPages(reviewer, '&list=operator.csv', 2)).map((a) => a.category)).toEqual(
        Array(4).fill('pep'),
      );
      expect(await allPages(reviewer, '&category=sanctions', 5)).toHaveLength(8);
      expect(
        (await reviewer.get('/backoffice/api/screening/alerts?cursor=not-a-cursor')).envelope?.ret_code,
      ).toBe(55002);
    });

    it('when a reviewer assigns an alert to themselves, then it shows their name; someone else takes it only as a lead, and a stale read is refused', async () => {
      await seedHits();
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const senior = await staffClient(fixture.app, 'senior@demo.test');
      const [alert] = (await allPages(reviewer, '', 1)).slice(0, 1);
      if (!alert) throw new Error('no alert');
      const assign = (staff: TestClient, expectedStaffId: number | null) =>
        staff.post(`/backoffice/api/screening/hits/${alert.hitId}/assignee`, { expectedStaffId });

      const mine = await assign(reviewer, null);

      expect(mine.envelope?.ret_code).toBe(0);
      const reviewerId = (mine.envelope?.result as { assignee: { staffId: number } }).assignee.staffId;
      const listed = (await allPages(reviewer, '', 20)).find((a) => a.hitId === alert.hitId);
      expect(listed?.assignee).toMatchObject({ staffId: reviewerId, name: expect.any(String) });
      expect((await assign(senior, null)).envelope?.ret_code).toBe(61010);
      const taken = await assign(senior, reviewerId);
      expect(taken.envelope?.ret_code).toBe(0);
      const seniorId = (taken.envelope?.result as { assignee: { staffId: number } }).assignee.staffId;
      expect((await assign(reviewer, seniorId)).envelope?.ret_code).toBe(61009);
      const audit = await fixture.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'screening.alert.assign')
        .execute();
      expect(audit).toHaveLength(2);
    });
  });
});
