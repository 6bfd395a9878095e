/**
 * Issue 20 (docs/data-lifecycle.md, D71–D73): retention policies as versioned data, legal holds, and the
 * erasure job — each record kind redacted when due and not a day before, a hold stopping it and lifting
 * resuming it, crypto-shredding of the data key, a run killed mid-batch finished without double effects,
 * concurrent runs, and who may do what (every staff action audited).
 */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { RetentionPolicy, RetentionPolicySet, RetentionRunResult } from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { staffClient, userWithCase } from './support/kyc-flows.ts';
import { TEST_MASTER_KEY, type TestClient } from './support/test-app.ts';
import { repositories } from '../src/data/repositories/index.ts';
import { cutoffFor, DAY_MS } from '../src/domain/retention/due-rules.ts';
import type { ErasureFaults } from '../src/domain/retention/erasure.ts';
import { openEncryptedUpload } from '../src/domain/uploads/encrypted-upload.ts';
import { submissionsRepo } from '../src/data/repositories/submissions-repo.ts';
import { createKeyring } from '../src/lib/crypto/envelope.ts';
import { createFileBlobStore } from '../src/lib/uploads/blob-store.ts';

const PERSON_KINDS = [
  'identity_documents',
  'personal_data',
  'questionnaire_answers',
  'decisions_audit',
  'screening_results',
  'vendor_events',
];

/** The faults the tests switch on (the erasure's seams, read at each redaction). */
const faults: { beforeCommit?: ErasureFaults['beforeCommit']; afterCommit?: ErasureFaults['afterCommit'] } =
  {};

async function run(admin: TestClient): Promise<{ code: number | undefined; result: RetentionRunResult }> {
  const { envelope } = await admin.post('/backoffice/api/retention/run', {});
  return { code: envelope?.ret_code, result: envelope?.result as RetentionRunResult };
}

async function job(app: FastifyInstance): Promise<number> {
  const found = app.jobs.find((j) => j.name === 'retention');
  if (!found) throw new Error('no retention job');
  return found.run();
}

/** A person with a submitted case (passport and selfie, encrypted), closed at `closedAt`. */
async function closedPerson(fixture: AppFixture, email: string, closedAt: number): Promise<number> {
  await userWithCase(fixture.app, email);
  const userId = await fixture.userIdOf(email);
  await repositories(fixture.database.db).accountClosures.recordClosure({
    userId,
    closedAt,
    closedBy: 'self',
  });
  return userId;
}

async function recordsOf(fixture: AppFixture, userId: number) {
  return fixture.database.db
    .selectFrom('retention_redactions')
    .select(['kind', 'policy_version', 'clock'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

async function documentsOf(fixture: AppFixture, userId: number) {
  return fixture.database.db.selectFrom('kyc_documents').selectAll().where('user_id', '=', userId).execute();
}

async function linkPartner(fixture: AppFixture, userId: number, ref: string) {
  const db = fixture.database.db;
  const at = Date.now();
  await db
    .insertInto('partner_webhooks')
    .values({
      business_id: 'demo-partner',
      url: 'https://partner.demo.test/hook',
      secret_sealed: 'not-used-here',
      secret_fingerprint: '00000000',
      enabled: 1,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('business_id').doNothing())
    .execute();
  await db
    .insertInto('partner_links')
    .values({
      business_id: 'demo-partner',
      partner_ref: ref,
      user_id: userId,
      consent_version: 'v1',
      consented_at: at,
      revoked_at: at, // closing revokes links; the partner is told of the erasure all the same
      revoked_by: 'user',
    })
    .execute();
}

async function redactedDeliveries(fixture: AppFixture, userId: number) {
  return fixture.database.db
    .selectFrom('partner_webhook_deliveries')
    .select(['event_type', 'body'])
    .where('user_id', '=', userId)
    .where('event_type', '=', 'verification.redacted')
    .execute();
}

async function auditActions(fixture: AppFixture, prefix = 'retention.') {
  const rows = await fixture.database.db
    .selectFrom('audit_log')
    .select(['action', 'staff_id', 'subject_user_id'])
    .where('action', 'like', `${prefix}%`)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

/** When five years of GLOBAL's policy end exactly now (due), or a day later (not due). */
const fiveYearsAgo = () => cutoffFor(Date.now(), 'P5Y');

describe.each(testDatabases())('retention and erasure on $name', (testDb) => {
  const fixture = useAppFixture(testDb, { build: { retentionOptions: { faults } } });

  describe('policies', () => {
    it('when compliance reads the policies, then the shipped defaults are version 1 with every site and kind; a reviewer is refused', async () => {
      const senior = await staffClient(fixture.app, 'senior@demo.test');
      const { envelope } = await senior.get('/backoffice/api/retention/policies');
      expect(envelope?.ret_code).toBe(0);
      const set = envelope?.result as RetentionPolicySet;
      expect(set.version).toBe(1);
      expect(set.createdBy).toBeNull();
      expect(set.policies).toHaveLength(8 * 10);
      expect(set.policies.find((p) => p.site === 'TUR' && p.kind === 'identity_documents')).toMatchObject({
        period: 'P8Y',
        clock: 'relationship_end',
      });
      const auditor = await staffClient(fixture.app, 'auditor@demo.test');
      expect((await auditor.get('/backoffice/api/retention/policies')).envelope?.ret_code).toBe(0);
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      expect((await reviewer.get('/backoffice/api/retention/policies')).envelope?.ret_code).toBe(10005);
    });

    it('when an admin saves a change, then a new version is written, the old one kept, the change audited; bad input gets 62001–62004 and changes nothing', async () => {
      const admin = await staffClient(fixture.app, 'admin@demo.test');
      const current = (await admin.get('/backoffice/api/retention/policies')).envelope
        ?.result as RetentionPolicySet;
      const put = (policies: RetentionPolicy[], expectedVersion = current.version) =>
        admin.send('PUT', '/backoffice/api/retention/policies', {
          expectedVersion,
          reason: 'Shorter drafts',
          policies,
        });
      const edited = (change: (p: RetentionPolicy) => RetentionPolicy) => current.policies.map(change);

      const missing = await put(current.policies.slice(1));
      expect(missing.envelope?.ret_code).toBe(62001);
      expect(missing.envelope?.ret_msg).toMatch(/missing: GLOBAL\/identity_documents/);
      const tooShort = await put(
        edited((p) => (p.site === 'EU' && p.kind === 'personal_data' ? { ...p, period: 'P4Y' } : p)),
      );
      expect(tooShort.envelope?.ret_code).toBe(62002);
      expect(tooShort.envelope?.ret_msg).toMatch(/EU\/personal_data is P4Y, the legal minimum is P5Y/);
      const badClock = await put(
        edited((p) => (p.kind === 'drafts' ? { ...p, clock: 'relationship_end' } : p)),
      );
      expect(badClock.envelope?.ret_code).toBe(62003);
      const malformed = await put(edited((p) => (p.kind === 'drafts' ? { ...p, period: '30 days' } : p)));
      expect(malformed.envelope?.ret_code).toBe(10001);

      const saved = await put(edited((p) => (p.kind === 'drafts' ? { ...p, period: 'P7D' } : p)));
      expect(saved.envelope?.ret_code).toBe(0);
      expect((saved.envelope?.result as RetentionPolicySet).version).toBe(2);
      const stale = await put(current.policies, current.version);
      expect(stale.envelope?.ret_code).toBe(62004);

      const versions = await fixture.database.db
        .selectFrom('retention_policy_versions')
        .select(['version', 'created_by'])
        .orderBy('version')
        .execute();
      expect(versions.map((v) => Number(v.version))).toEqual([1, 2]);
      const now = (await admin.get('/backoffice/api/retention/policies')).envelope
        ?.result as RetentionPolicySet;
      expect(now.version).toBe(2);
      expect(now.policies.find((p) => p.site === 'HKG' && p.kind === 'drafts')?.period).toBe('P7D');
      expect(await auditActions(fixture)).toEqual(['retention.policies.update']);

      const senior = await staffClient(fixture.app, 'senior@demo.test');
      expect(
        (
          await senior.send('PUT', '/backoffice/api/retention/policies', {
            expectedVersion: 2,
            reason: 'x'.repeat(5),
            policies: now.policies,
          })
        ).envelope?.ret_code,
      ).toBe(10005);
    });
  });

  describe('erasure', () => {
    it('when a closed person’s period has run, then every person-level kind is redacted, the key destroyed, the records name policy version 1; a day before, nothing', async () => {
      const admin = await staffClient(fixture.app, 'admin@demo.test');
      const early = await closedPerson(fixture, 'new@demo.test', fiveYearsAgo() + DAY_MS);
      const due = await closedPerson(fixture, 'quick@demo.test', fiveYearsAgo() - 60_000);
      const bystander = await fixture.userIdOf('l1@demo.test');
      const dueDocs = await documentsOf(fixture, due);
      expect(dueDocs.length).toBeGreaterThan(1);
      const blobs = createFileBlobStore(fixture.dataDir);
      expect(await blobs.open(dueDocs[0]?.blob_id ?? '')).toBeDefined();

      const first = await run(admin);
      expect(first.code).toBe(0);
      expect(first.result).toMatchObject({ complete: true, people: 1, held: 0 });

      // A day before its end, the period has not run: nothing of the early person is touched.
      expect(await recordsOf(fixture, early)).toEqual([]);
      expect((await documentsOf(fixture, early)).length).toBeGreaterThan(1);
      expect(await submissionsRepo(fixture.database.db).findDataKey(early)).toBeDefined();

      const records = await recordsOf(fixture, due);
      expect(records.map((r) => r.kind).sort()).toEqual([...PERSON_KINDS, 'data_key'].sort());
      expect(records.every((r) => Number(r.policy_version) === 1)).toBe(true);
      expect(await documentsOf(fixture, due)).toEqual([]);
      expect(await blobs.open(dueDocs[0]?.blob_id ?? '')).toBeUndefined();
      expect(await submissionsRepo(fixture.database.db).findDataKey(due)).toBeUndefined();
      const applicant = await fixture.database.db
        .selectFrom('applicants')
        .select(['first_name', 'last_name', 'date_of_birth'])
        .where('user_id', '=', due)
        .executeTakeFirst();
      if (applicant)
        expect(applicant).toEqual({
          first_name: '[redacted]',
          last_name: '[redacted]',
          date_of_birth: '[redacted]',
        });
      const user = await fixture.database.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', due)
        .executeTakeFirstOrThrow();
      expect(user.email).toBe(`redacted-${due}@redacted.invalid`);
      // Decisions keep their shape: the submission row is still there, without its sealed details.
      const submissions = await fixture.database.db
        .selectFrom('kyc_submissions')
        .selectAll()
        .where('user_id', '=', due)
        .execute();
      expect(submissions.length).toBe(1);
      expect(submissions[0]?.details_enc).toBeNull();
      // Nobody else is touched.
      expect(await recordsOf(fixture, bystander)).toEqual([]);

      // The redaction records are listed, newest first, by cursor.
      const { envelope } = await admin.get(`/backoffice/api/retention/redactions?userId=${due}&limit=3`);
      const page = envelope?.result as {
        items: { kind: string }[];
        nextCursor: string | null;
        total: number;
      };
      expect(page.total).toBe(7);
      expect(page.items).toHaveLength(3);
      const rest = (
        await admin.get(
          `/backoffice/api/retention/redactions?userId=${due}&limit=10&cursor=${page.nextCursor}`,
        )
      ).envelope?.result as { items: unknown[]; nextCursor: string | null };
      expect(rest.items).toHaveLength(4);
      expect(rest.nextCursor).toBeNull();

      // A second run finds nothing more to do.
      const again = await run(admin);
      expect(again.result).toMatchObject({ people: 0, records: {} });
      expect((await recordsOf(fixture, due)).length).toBe(7);
    });

    it('when rolling records pass their period, then they go (unsubmitted uploads, drafts, security log, settled deliveries) and those a day younger stay', async () => {
      const admin = await staffClient(fixture.app, 'admin@demo.test');
      const db = fixture.database.db;
      const userId = await fixture.userIdOf('new@demo.test');
      const now = Date.now();
      const old30 = cutoffFor(now, 'P30D') - 60_000;
      const young30 = cutoffFor(now, 'P30D') + DAY_MS;
      for (const [id, at] of [
        ['old-upload', old30],
        ['young-upload', young30],
      ] as const)
        await db
          .insertInto('questionnaire_evidence')
          .values({
            id,
            user_id: userId,
            submission_id: null,
            mime: 'image/jpeg',
            sha256: 'x',
            blob_id: `blob-${id}`,
            size: 1,
            created_at: at,
          })
          .execute();
      for (const [code, at] of [
        ['old-draft', old30],
        ['young-draft', young30],
      ] as const)
        await db
          .insertInto('questionnaire_responses')
          .values({
            user_id: userId,
            template_code: code,
            status: 'UNSUBMIT',
            template_version: 1,
            draft_enc: Buffer.from('sealed'),
            retry_after: null,
            decided_by: null,
            decided_at: null,
            last_submission_id: null,
            created_at: at,
            updated_at: at,
          })
          .execute();
      const old180 = cutoffFor(now, 'P180D') - 60_000;
      const young180 = cutoffFor(now, 'P180D') + DAY_MS;
      for (const at of [old180, young180])
        await db
          .insertInto('user_security_events')
          .values({ user_id: userId, kind: 'sign_in', at, network: '', browser: '', system: '' })
          .execute();
      const old90 = cutoffFor(now, 'P90D') - 60_000;
      const young90 = cutoffFor(now, 'P90D') + DAY_MS;
      for (const [eventId, at] of [
        ['evt-old', old90],
        ['evt-young', young90],
      ] as const)
        await db
          .insertInto('partner_webhook_deliveries')
          .values({
            business_id: 'demo-partner',
            event_id: eventId,
            event_type: 'kyc_level.status_changed',
            body: '{}',
            status: 'delivered',
            attempts: 1,
            next_attempt_at: null,
            last_status_code: 200,
            last_error: null,
            created_at: at,
            updated_at: at,
            delivered_at: at,
            user_id: userId,
          })
          .execute();

      expect((await run(admin)).code).toBe(0);

      const evidence = await db
        .selectFrom('questionnaire_evidence')
        .select('id')
        .where('user_id', '=', userId)
        .execute();
      expect(evidence.map((e) => e.id)).toEqual(['young-upload']);
      const drafts = await db
        .selectFrom('questionnaire_responses')
        .select(['template_code', 'draft_enc'])
        .where('user_id', '=', userId)
        .orderBy('template_code')
        .execute();
      expect(drafts.map((d) => [d.template_code, d.draft_enc === null])).toEqual([
        ['old-draft', true],
        ['young-draft', false],
      ]);
      const events = await db
        .selectFrom('user_security_events')
        .select('at')
        .where('user_id', '=', userId)
        .execute();
      expect(events.map((e) => Number(e.at))).toEqual([young180]);
      const deliveries = await db
        .selectFrom('partner_webhook_deliveries')
        .select('event_id')
        .where('user_id', '=', userId)
        .execute();
      expect(deliveries.map((d) => d.event_id)).toEqual(['evt-young']);
      const kinds = await db
        .selectFrom('retention_redactions')
        .select('kind')
        .where('user_id', 'is', null)
        .execute();
      expect(kinds.map((k) => k.kind).sort()).toEqual([
        'drafts',
        'partner_webhook_deliveries',
        'sessions_security_log',
        'unsubmitted_uploads',
      ]);
    });

    it('when a due person is on hold, then nothing of theirs is erased; when the hold is lifted, the next run erases them; both audited', async () => {
      const admin = await staffClient(fixture.app, 'admin@demo.test');
      const senior = await staffClient(fixture.app, 'senior@demo.test');
      const userId = await closedPerson(fixture, 'new@demo.test', fiveYearsAgo() - 60_000);
      const oldEvent = cutoffFor(Date.now(), 'P180D') - 60_000;
      await fixture.database.db
        .insertInto('user_security_events')
        .values({ user_id: userId, kind: 'sign_in', at: oldEvent, network: '', browser: '', system: '' })
        .execute();

      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const hold = {
        userId,
        reason: 'court_order',
        note: 'Production order 2026/17',
        reviewAt: Date.now() + 90 * DAY_MS,
      };
      expect((await reviewer.post('/backoffice/api/retention/holds', hold)).envelope?.ret_code).toBe(10005);
      expect(
        (await senior.post('/backoffice/api/retention/holds', { ...hold, reviewAt: Date.now() - 1 })).envelope
          ?.ret_code,
      ).toBe(62008);
      expect(
        (await senior.post('/backoffice/api/retention/holds', { ...hold, userId: 999_999 })).envelope
          ?.ret_code,
      ).toBe(62007);
      const placed = await senior.post('/backoffice/api/retention/holds', hold);
      expect(placed.envelope?.ret_code).toBe(0);
      const holdId = (placed.envelope?.result as { id: number }).id;

      const held = await run(admin);
      expect(held.result).toMatchObject({ people: 0, held: 1 });
      expect(await recordsOf(fixture, userId)).toEqual([]);
      expect((await documentsOf(fixture, userId)).length).toBeGreaterThan(1);
      expect(
        await fixture.database.db
          .selectFrom('user_security_events')
          .select('id')
          .where('user_id', '=', userId)
          .where('at', '=', oldEvent)
          .execute(),
      ).toHaveLength(1);

      const listed = (await senior.get('/backoffice/api/retention/holds')).envelope?.result as {
        items: { id: number; reviewOverdue: boolean }[];
        total: number;
      };
      expect(listed.total).toBe(1);
      expect(listed.items[0]).toMatchObject({ id: holdId, reviewOverdue: false });

      expect(
        (await senior.post(`/backoffice/api/retention/holds/${holdId}/lift`, { reason: 'Order discharged' }))
          .envelope?.ret_code,
      ).toBe(0);
      expect(
        (await senior.post(`/backoffice/api/retention/holds/${holdId}/lift`, { reason: 'Again' })).envelope
          ?.ret_code,
      ).toBe(62006);
      expect(
        (await senior.post('/backoffice/api/retention/holds/424242/lift', { reason: 'Unknown' })).envelope
          ?.ret_code,
      ).toBe(62005);
      expect(
        ((await senior.get('/backoffice/api/retention/holds')).envelope?.result as { total: number }).total,
      ).toBe(0);
      expect(
        (
          (await senior.get('/backoffice/api/retention/holds?state=lifted')).envelope?.result as {
            total: number;
          }
        ).total,
      ).toBe(1);

      const resumed = await run(admin);
      expect(resumed.result).toMatchObject({ people: 1, held: 0 });
      expect((await recordsOf(fixture, userId)).map((r) => r.kind)).toContain('data_key');
      expect(await documentsOf(fixture, userId)).toEqual([]);
      expect(
        await fixture.database.db
          .selectFrom('user_security_events')
          .select('id')
          .where('user_id', '=', userId)
          .where('at', '=', oldEvent)
          .execute(),
      ).toHaveLength(0);
      expect(await auditActions(fixture, 'retention.hold')).toEqual([
        'retention.hold.place',
        'retention.hold.lift',
      ]);
    });

    it('when the person is erased, then a copy of their document ciphertext taken before opens no more: the data key is gone from the database', async () => {
      const admin = await staffClient(fixture.app, 'admin@demo.test');
      const userId = await closedPerson(fixture, 'new@demo.test', fiveYearsAgo() - 60_000);
      const [doc] = await documentsOf(fixture, userId);
      if (!doc) throw new Error('no document');
      const blobs = createFileBlobStore(fixture.dataDir);
      const keyring = createKeyring(Buffer.from(TEST_MASTER_KEY, 'base64'));
      const keys = submissionsRepo(fixture.database.db);
      const chunks: Buffer[] = [];
      for await (const chunk of (await blobs.open(doc.blob_id)) ?? []) chunks.push(chunk);
      const backup = Buffer.concat(chunks);
      // Before the erasure, the copy opens with what the database holds.
      const restoredBefore = await blobs.put(backup);
      expect(
        (await openEncryptedUpload({ blobs, keys, keyring }, userId, { id: doc.id, blobId: restoredBefore }))
          .length,
      ).toBeGreaterThan(100);

      expect((await run(admin)).result.people).toBe(1);

      // After: the same bytes, put back into the store, meet no key.
      const restoredAfter = await blobs.put(backup);
      await expect(
        openEncryptedUpload({ blobs, keys, keyring }, userId, { id: doc.id, blobId: restoredAfter }),
      ).rejects.toThrow(/data key of user \d+ is missing/);
      expect(await keys.findDataKey(userId)).toBeUndefined();
    });

    it('when a run dies mid-batch, then the next run finishes it without double effects: one record per kind, one webhook per partner and kind', async () => {
      const first = await closedPerson(fixture, 'new@demo.test', fiveYearsAgo() - 120_000);
      const second = await closedPerson(fixture, 'quick@demo.test', fiveYearsAgo() - 60_000);
      await linkPartner(fixture, first, 'partner-ref-1');
      await linkPartner(fixture, second, 'partner-ref-2');

      // The process "dies" inside the second person's personal-data transaction (rolled back), and after
      // the commit of the first person's documents (their blobs not deleted yet).
      const killed = { inside: 0, after: 0 };
      faults.beforeCommit = (userId, kind) => {
        if (userId === second && kind === 'personal_data' && killed.inside++ === 0) throw new Error('killed');
      };
      faults.afterCommit = (userId, kind) => {
        if (userId === first && kind === 'identity_documents' && killed.after++ === 0)
          throw new Error('killed');
      };
      try {
        await expect(job(fixture.app)).rejects.toThrow('killed');
        // A real kill leaves the lease until it ends: let it end.
        await fixture.database.db.updateTable('retention_lock').set({ held_until: 0 }).execute();
        await expect(job(fixture.app)).rejects.toThrow('killed');
        await fixture.database.db.updateTable('retention_lock').set({ held_until: 0 }).execute();
        expect(await job(fixture.app)).toBeGreaterThan(0);
      } finally {
        delete faults.beforeCommit;
        delete faults.afterCommit;
      }
      for (const userId of [first, second]) {
        const kinds = (await recordsOf(fixture, userId)).map((r) => r.kind);
        expect(kinds.sort()).toEqual([...PERSON_KINDS, 'data_key'].sort());
        const told = await redactedDeliveries(fixture, userId);
        expect(told.map((d) => (JSON.parse(d.body) as { ref: string }).ref).sort()).toEqual([
          'identity_documents',
          'personal_data',
        ]);
        expect(
          told.every((d) => (JSON.parse(d.body) as { userRef: string }).userRef.startsWith('partner-ref-')),
        ).toBe(true);
      }
      const runs = await fixture.database.db
        .selectFrom('retention_runs')
        .select(['finished_at'])
        .orderBy('id')
        .execute();
      expect(runs.map((r) => r.finished_at !== null)).toEqual([false, false, true]);
      // Another run is a no-op.
      expect(await job(fixture.app)).toBe(0);
    });

    it('when two runs are asked at once, or the job is held elsewhere, then nothing is done twice and the second is told 62009; only admins run it, and each run is audited', async () => {
      const admin = await staffClient(fixture.app, 'admin@demo.test');
      const userId = await closedPerson(fixture, 'new@demo.test', fiveYearsAgo() - 60_000);
      await linkPartner(fixture, userId, 'partner-ref-9');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const senior = await staffClient(fixture.app, 'senior@demo.test');
      expect((await run(reviewer)).code).toBe(10005);
      expect((await run(senior)).code).toBe(10005);

      const both = await Promise.all([run(admin), run(admin)]);
      expect(both.map((b) => b.code).every((c) => c === 0 || c === 62009)).toBe(true);
      expect(both.filter((b) => b.code === 0).reduce((n, b) => n + b.result.people, 0)).toBe(1);
      expect((await recordsOf(fixture, userId)).length).toBe(7);
      expect(await redactedDeliveries(fixture, userId)).toHaveLength(2);

      // Another instance holds the job: this one answers 62009 and does nothing.
      await fixture.database.db
        .updateTable('retention_lock')
        .set({ held_until: Date.now() + 60_000 })
        .execute();
      expect((await run(admin)).code).toBe(62009);
      const audited = await auditActions(fixture, 'retention.run');
      expect(audited.length).toBe(both.filter((b) => b.code === 0).length);
    });
  });
});
