/**
 * Issue 20, access after closure (docs/data-lifecycle.md "Back office", D78–D79), the views that were not
 * gated yet: a request for information, a support report, an identity transfer and the freeze lift of a
 * closed person open only to `access_closed_accounts` (62040) with a reason in force (62041), and each is
 * audited with the reason (`access: {reason, until}`, the reason sealed under the person's data key since
 * D110: never in clear in the row), on SQLite and PostgreSQL.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OwnSupportRequest, ReviewCase } from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { staffClient, userClient, userWithCase } from './support/kyc-flows.ts';
import { transferWaitingForReview } from './support/transfers.ts';
import { signedUpClient, type TestClient } from './support/test-app.ts';
import { openedTexts } from './support/sealed-texts.ts';
import { repositories } from '../src/data/repositories/index.ts';

const REASON = 'Regulator inquiry REG-2026-31 about this closed account';
const OFAC = path.resolve(import.meta.dirname, '../src/domain/screening/fixtures/ofac-sdn.xml');
const VELMOROV = { firstName: 'Oleg Tarasovich', lastName: 'Velmorov', dateOfBirth: '1971-03-12' };

async function close(fixture: AppFixture, userId: number) {
  await repositories(fixture.database.db).accountClosures.recordClosure({
    userId,
    closedAt: Date.now() - 60_000,
    closedBy: 'self',
  });
}

const grant = (client: TestClient, userId: number) =>
  client.post(`/backoffice/api/cases/${userId}/closed-access`, { reason: REASON });

/** The newest audit entry of this action about the person, its details parsed. */
async function lastAudit(fixture: AppFixture, userId: number, action: string) {
  const row = await fixture.database.db
    .selectFrom('audit_log')
    .select(['details', 'staff_id'])
    .where('subject_user_id', '=', userId)
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return (
    row && { staffId: Number(row.staff_id), details: JSON.parse(row.details) as Record<string, unknown> }
  );
}

/**
 * The entry names the member's reason (`access: {reason, until}`), sealed under the key of the person the
 * reason was given for (D110): not in clear, and it opens to what the member wrote.
 */
async function expectReason(fixture: AppFixture, keyOf: number, details: unknown) {
  expect(details).toMatchObject({ access: { until: expect.any(Number) as unknown } });
  expect(JSON.stringify(details)).not.toContain('REG-2026-31');
  const { access } = details as { access: { reason: unknown } };
  expect(await openedTexts(fixture, keyOf, [access.reason])).toEqual([REASON]);
}

describe.each(testDatabases())('closed-account gates on $name', (testDb) => {
  describe('requests for information, support reports and identity transfers', () => {
    const fixture = useAppFixture(testDb, { env: { TRANSFER_COOLING_OFF_HOURS: '0' } });

    it('when staff ask a closed person for information, then a reviewer gets 62040, a senior without a reason 62041, and with one the request is made and audited with the reason', async () => {
      const userId = await fixture.userIdOf('l1@demo.test');
      await close(fixture, userId);
      const body = { templateCode: 'rfi', requestText: 'Please explain the source of the deposit of 3 May.' };
      const url = `/backoffice/api/users/${userId}/rfi`;
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const senior = await staffClient(fixture.app, 'senior@demo.test');
      expect((await reviewer.post(url, body)).envelope?.ret_code).toBe(62040);
      expect((await senior.post(url, body)).envelope?.ret_code).toBe(62041);
      expect(await lastAudit(fixture, userId, 'questionnaire.rfi')).toBeUndefined();

      expect((await grant(senior, userId)).envelope?.ret_code).toBe(0);
      expect((await senior.post(url, body)).envelope?.ret_code).toBe(0);
      await expectReason(fixture, userId, (await lastAudit(fixture, userId, 'questionnaire.rfi'))?.details);
    });

    it('when a closed person’s support report is opened and answered, then only a senior with a reason can, and both are audited with it; a report of an open account needs none', async () => {
      const FILE = '/v3/public/help/support-requests';
      const INBOX = '/backoffice/api/support-requests';
      const report = { topic: 'account', message: 'Why was my withdrawal held last week?', language: 'en' };
      const alice = await signedUpClient(fixture.app, 'alice.closed@example.com');
      const bob = await signedUpClient(fixture.app, 'bob.open@example.com');
      const filed = (await alice.post(FILE, report)).envelope?.result as OwnSupportRequest;
      const open = (await bob.post(FILE, report)).envelope?.result as OwnSupportRequest;
      const userId = await fixture.userIdOf('alice.closed@example.com');
      await close(fixture, userId);

      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const senior = await staffClient(fixture.app, 'senior@demo.test');
      expect((await reviewer.get(`${INBOX}/${open.id}`)).envelope?.ret_code).toBe(0);
      expect((await reviewer.get(`${INBOX}/${filed.id}`)).envelope?.ret_code).toBe(62040);
      expect((await reviewer.post(`${INBOX}/${filed.id}/answer`, { answer: 'x' })).envelope?.ret_code).toBe(
        62040,
      );
      expect((await senior.get(`${INBOX}/${filed.id}`)).envelope?.ret_code).toBe(62041);
      expect(await lastAudit(fixture, userId, 'support.view')).toBeUndefined();

      expect((await grant(senior, userId)).envelope?.ret_code).toBe(0);
      expect((await senior.get(`${INBOX}/${filed.id}`)).envelope?.ret_code).toBe(0);
      await expectReason(fixture, userId, (await lastAudit(fixture, userId, 'support.view'))?.details);
      const answered = await senior.post(`${INBOX}/${filed.id}/answer`, { answer: 'It was released.' });
      expect(answered.envelope?.ret_code).toBe(0);
      await expectReason(fixture, userId, (await lastAudit(fixture, userId, 'support.answer'))?.details);
    });

    it('when a transfer’s source account is closed, then its back-office case and decision need access_closed_accounts and a reason, and are audited with it', async () => {
      const { id } = await transferWaitingForReview(fixture, 'lena.target@example.com');
      const sourceId = await fixture.userIdOf('l1@demo.test');
      await close(fixture, sourceId);

      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const senior = await staffClient(fixture.app, 'senior@demo.test');
      const url = `/backoffice/api/identity-transfers/${id}`;
      expect((await reviewer.get(url)).envelope?.ret_code).toBe(62040);
      expect((await senior.get(url)).envelope?.ret_code).toBe(62041);
      const reject = { decision: 'reject', reason: 'The source account was closed meanwhile.' };
      expect((await senior.post(`${url}/decision`, reject)).envelope?.ret_code).toBe(62041);

      expect((await grant(senior, sourceId)).envelope?.ret_code).toBe(0);
      expect((await senior.get(url)).envelope?.ret_code).toBe(0);
      const viewed = await fixture.database.db
        .selectFrom('audit_log')
        .select('details')
        .where('case_ref', '=', `transfer:${id}`)
        .where('action', '=', 'case.view')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      await expectReason(fixture, sourceId, JSON.parse(viewed.details));
      expect((await senior.post(`${url}/decision`, reject)).envelope?.ret_code).toBe(0);
      const targetId = await fixture.userIdOf('lena.target@example.com');
      // The reason given for the source, in the entry about the target: sealed under the source's key.
      await expectReason(
        fixture,
        sourceId,
        (await lastAudit(fixture, targetId, 'identity_transfer.reject'))?.details,
      );
    });
  });

  describe('the freeze lift (docs/screening.md)', () => {
    const fixture = useAppFixture(testDb, { env: { SCREENING_LISTS: OFAC } });

    it('when a frozen person’s account is closed, then lifting the freeze needs a reason in force (62041) and is audited with it', async () => {
      const client = await userClient(fixture.app, 'new@demo.test');
      expect((await client.post('/v3/private/kyc/kyc-personal-info', VELMOROV)).envelope?.ret_code).toBe(0);
      await userWithCase(fixture.app, 'new@demo.test');
      const job = fixture.app.jobs.find((j) => j.name === 'screening');
      await job?.run();
      const userId = await fixture.userIdOf('new@demo.test');
      const senior = await staffClient(fixture.app, 'senior@demo.test');
      const seen = (await senior.get(`/backoffice/api/cases/${userId}`)).envelope?.result as ReviewCase;
      const hit = seen.screening.hits[0];
      if (!hit) throw new Error('no hit');
      const frozen = await senior.post(`/backoffice/api/screening/hits/${hit.id}/resolution`, {
        action: 'true_match',
        reason: 'Same name and date of birth as OFAC entry 91001.',
        expectedVersion: hit.version,
      });
      expect(frozen.envelope?.ret_code).toBe(0);
      await close(fixture, userId);

      const admin = await staffClient(fixture.app, 'admin@demo.test');
      const lift = { hitId: hit.id, reason: 'Delisted by OFAC on 2026-11-20 (entry 91001 removed).' };
      const url = `/backoffice/api/cases/${userId}/freeze/lift`;
      expect((await admin.post(url, lift)).envelope?.ret_code).toBe(62041);
      expect(await lastAudit(fixture, userId, 'screening.freeze.lift')).toBeUndefined();
      expect((await grant(admin, userId)).envelope?.ret_code).toBe(0);
      expect((await admin.post(url, lift)).envelope?.ret_code).toBe(0);
      const lifted = (await lastAudit(fixture, userId, 'screening.freeze.lift'))?.details;
      await expectReason(fixture, userId, lifted);
      expect(JSON.stringify(lifted)).not.toContain('Delisted');
      expect(await openedTexts(fixture, userId, [lifted?.reason])).toEqual([lift.reason]);
    });
  });
});
