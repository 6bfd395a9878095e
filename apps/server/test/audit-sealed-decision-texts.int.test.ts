/**
 * Issue 20 (D110, docs/data-lifecycle.md "Free texts in the audit log"): the other free texts staff write
 * about a person into audit rows — a KYC approval's comment, a screening hit's reason (false positive,
 * true match), an identity transfer's rejection reason, a subject access request's reason, the reason
 * given to open a closed account (and its copy in every view's entry) — are sealed
 * under the person's data key like a request for information (D107). For each: no clear text in any
 * audit row, the back office still shows it where it did (case, transfer, SAR export), the audit page
 * names it sealed, and once the erasure destroys the key it reads `[redacted]` while the chain verifies.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AuditResult, ReviewCase } from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { decide, staffClient, userClient, userWithCase } from './support/kyc-flows.ts';
import { TEST_MASTER_KEY, type TestClient } from './support/test-app.ts';
import { transferWaitingForReview } from './support/transfers.ts';
import { auditChainRepo } from '../src/data/repositories/audit-chain-repo.ts';
import { repositories } from '../src/data/repositories/index.ts';
import { walkChain } from '../src/domain/audit/verify-chain.ts';
import { isSealedText, openText } from '../src/domain/audit/sealed-text.ts';
import { withStoredDataKey } from '../src/domain/kyc/data-keys.ts';
import { closedAccessGate } from '../src/domain/retention/closed-access.ts';
import { createKeyring } from '../src/lib/crypto/envelope.ts';

const OFAC = path.resolve(import.meta.dirname, '../src/domain/screening/fixtures/ofac-sdn.xml');
const VELMOROV = { firstName: 'Oleg Tarasovich', lastName: 'Velmorov', dateOfBirth: '1971-03-12' };
const keyring = createKeyring(Buffer.from(TEST_MASTER_KEY, 'base64'));

const FALSE_POSITIVE = 'Different man: born in Tula, the passport of Mr Velmorov checked by phone.';
const TRUE_MATCH = 'Same man as the listed Velmorov: his brother confirmed it on 3 May.';
const SEND_BACK = 'Not enough: ask for the birth certificate of Mr Velmorov.';
const COMMENT = 'Approved after the call with Mr Velmorov about his savings.';
const TRANSFER = 'The selfie shows a woman, not Lena Schmidt.';
const SAR_REASON = 'Subject access request by letter of 2 May from Mr Velmorov.';
const ACCESS = 'Police request 77/2026 naming Mr Velmorov, closed account.';
const CLEAR = [
  'Police request',
  'Tula',
  'brother',
  'birth certificate',
  'savings',
  'Lena Schmidt',
  'letter of 2 May',
];

async function screeningJob(app: FastifyInstance) {
  const job = app.jobs.find((j) => j.name === 'screening');
  if (!job) throw new Error('no screening job');
  await job.run();
}

async function caseOf(staff: TestClient, userId: number): Promise<ReviewCase> {
  const { envelope } = await staff.get(`/backoffice/api/cases/${userId}`);
  expect(envelope?.ret_code).toBe(0);
  return envelope?.result as ReviewCase;
}

async function resolve(staff: TestClient, hitId: number, body: object) {
  const { envelope } = await staff.post(`/backoffice/api/screening/hits/${hitId}/resolution`, body);
  expect(envelope?.ret_code).toBe(0);
  return envelope?.result as ReviewCase;
}

/** Every audit row about the person, details parsed. */
async function rowsOf(fixture: AppFixture, userId: number) {
  const rows = await fixture.database.db
    .selectFrom('audit_log')
    .select(['action', 'details'])
    .where('subject_user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    action: r.action,
    raw: r.details,
    details: JSON.parse(r.details) as Record<string, unknown>,
  }));
}

/** The texts of `field` in the person's audit rows of `action`, opened with their stored key (if any). */
async function opened(fixture: AppFixture, userId: number, action: string, field: string) {
  const rows = (await rowsOf(fixture, userId)).filter((r) => r.action === action);
  for (const r of rows) expect(isSealedText(r.details[field])).toBe(true);
  return withStoredDataKey(repositories(fixture.database.db).submissions, keyring, userId, (key) =>
    rows.map((r) => openText(key, userId, r.details[field])),
  );
}

describe.each(testDatabases())('free texts about a person in the audit log on $name', (testDb) => {
  const fixture = useAppFixture(testDb, {
    get env() {
      return { SCREENING_LISTS: OFAC };
    },
  });

  it('when staff resolve a hit, approve with a comment, ask for a copy and reject a transfer, then the audit rows hold the texts sealed, the back office shows them, and after the keys are destroyed they read [redacted] with the chain intact', async () => {
    const person = await userClient(fixture.app, 'new@demo.test');
    expect((await person.post('/v3/private/kyc/kyc-personal-info', VELMOROV)).envelope?.ret_code).toBe(0);
    await userWithCase(fixture.app, 'new@demo.test');
    await screeningJob(fixture.app);
    const userId = await fixture.userIdOf('new@demo.test');
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const senior = await staffClient(fixture.app, 'senior@demo.test');

    // A screening hit: marked a false positive with a reason, sent back, then a true match with a note.
    const [hit] = (await caseOf(reviewer, userId)).screening.hits;
    if (!hit) throw new Error('no hit');
    const marked = await resolve(reviewer, hit.id, {
      action: 'false_positive',
      reason: FALSE_POSITIVE,
      expectedVersion: hit.version,
    });
    const pending = marked.screening.hits[0];
    const reopened = await resolve(senior, hit.id, {
      action: 'send_back',
      reason: SEND_BACK,
      expectedVersion: pending?.version,
    });
    const matched = await resolve(senior, hit.id, {
      action: 'true_match',
      reason: TRUE_MATCH,
      expectedVersion: reopened.screening.hits[0]?.version,
    });
    expect(matched.screening.hits[0]).toMatchObject({ state: 'true_match', reason: TRUE_MATCH });

    // A subject access request with a reason.
    const sar = await senior.post(`/backoffice/api/cases/${userId}/data-exports`, { reason: SAR_REASON });
    expect(sar.envelope?.ret_code).toBe(0);

    // An approval with a comment (another person, under review: this one is frozen by the true match).
    const approvedId = await fixture.userIdOf('pending@demo.test');
    expect(
      (await decide(reviewer, approvedId, { decision: 'approve', level: 1, comment: COMMENT })).ret_code,
    ).toBe(0);
    expect((await caseOf(reviewer, approvedId)).decisions.map((d) => d.comment)).toContain(COMMENT);

    // An identity transfer rejected with a reason.
    const { id: transferId } = await transferWaitingForReview(fixture, 'target@example.com');
    const targetId = await fixture.userIdOf('target@example.com');
    const rejected = await reviewer.post(`/backoffice/api/identity-transfers/${transferId}/decision`, {
      decision: 'reject',
      reason: TRANSFER,
    });
    expect(rejected.envelope?.ret_code).toBe(0);
    const transferCase = await reviewer.get(`/backoffice/api/identity-transfers/${transferId}`);
    expect(transferCase.envelope?.result).toMatchObject({ transfer: { rejectReason: TRANSFER } });

    // The approved person closes their account; a senior opens it with a reason, and views the case.
    await repositories(fixture.database.db).accountClosures.recordClosure({
      userId: approvedId,
      closedAt: Date.now() - 60_000,
      closedBy: 'self',
    });
    const granted = await senior.post(`/backoffice/api/cases/${approvedId}/closed-access`, {
      reason: ACCESS,
    });
    expect(granted.envelope?.result).toMatchObject({ reason: ACCESS });
    expect((await caseOf(senior, approvedId)).closedAccess).toMatchObject({ reason: ACCESS });
    const accessReasons = async () => {
      const rows = (await rowsOf(fixture, approvedId)).filter(
        (r) =>
          r.action === 'case.closed_access' || (r.action === 'case.view' && r.details.access !== undefined),
      );
      const values = rows.map((r) =>
        r.action === 'case.view' ? (r.details.access as { reason: unknown }).reason : r.details.reason,
      );
      for (const v of values) expect(isSealedText(v)).toBe(true);
      return withStoredDataKey(repositories(fixture.database.db).submissions, keyring, approvedId, (key) =>
        values.map((v) => openText(key, approvedId, v)),
      );
    };
    expect(await accessReasons()).toEqual([ACCESS, ACCESS]);

    // No clear text in any audit row of the three people.
    const people = [userId, approvedId, targetId];
    for (const id of people)
      for (const row of await rowsOf(fixture, id))
        for (const text of CLEAR) expect(row.raw).not.toContain(text);
    // Each opens under its person's key.
    expect(await opened(fixture, userId, 'screening.false_positive', 'reason')).toEqual([FALSE_POSITIVE]);
    expect(await opened(fixture, userId, 'screening.send_back', 'reason')).toEqual([SEND_BACK]);
    expect(await opened(fixture, userId, 'screening.true_match', 'reason')).toEqual([TRUE_MATCH]);
    expect(await opened(fixture, userId, 'data_export.request', 'reason')).toEqual([SAR_REASON]);
    expect(await opened(fixture, approvedId, 'decision.approve', 'comment')).toEqual([COMMENT]);
    expect(await opened(fixture, targetId, 'identity_transfer.reject', 'reason')).toEqual([TRANSFER]);

    // The suspicious-activity export (made with the true match) opens them for compliance.
    const download = await senior.send('GET', `/backoffice/api/cases/${userId}/screening-export`);
    expect(download.response.statusCode).toBe(200);
    expect(download.response.body).toContain(FALSE_POSITIVE);
    expect(download.response.body).toContain(SEND_BACK);
    expect(download.response.body).not.toContain('"sealed"');

    // The audit page lists them sealed, never as text (it opens no key per row).
    const auditor = await staffClient(fixture.app, 'auditor@demo.test');
    const page = await auditor.get(`/backoffice/api/audit?subjectUserId=${userId}&limit=50`);
    const items = (page.envelope?.result as AuditResult).items;
    const falsePositive = items.find((i) => i.action === 'screening.false_positive');
    expect(isSealedText(falsePositive?.details.reason)).toBe(true);

    const chain = auditChainRepo(fixture.database.db);
    expect(await walkChain(chain)).toMatchObject({ ok: true, complete: true });

    // Crypto-shredding (the erasure's data_key step): rows unchanged, chain intact, texts gone.
    await fixture.database.db.deleteFrom('user_data_keys').where('user_id', 'in', people).execute();
    expect(await walkChain(chain)).toMatchObject({ ok: true, complete: true });
    expect(await opened(fixture, userId, 'screening.false_positive', 'reason')).toEqual(['[redacted]']);
    expect(await opened(fixture, userId, 'screening.send_back', 'reason')).toEqual(['[redacted]']);
    expect(await opened(fixture, userId, 'screening.true_match', 'reason')).toEqual(['[redacted]']);
    expect(await opened(fixture, userId, 'data_export.request', 'reason')).toEqual(['[redacted]']);
    expect(await opened(fixture, approvedId, 'decision.approve', 'comment')).toEqual(['[redacted]']);
    expect(await opened(fixture, targetId, 'identity_transfer.reject', 'reason')).toEqual(['[redacted]']);
    expect(await accessReasons()).toEqual(['[redacted]', '[redacted]']);
    // The member's reason, shown back while it is in force (the gate of every view), is gone with the key.
    const seniorMe = {
      id: Number(
        (
          await fixture.database.db
            .selectFrom('staff_users')
            .select('id')
            .where('email', '=', 'senior@demo.test')
            .executeTakeFirstOrThrow()
        ).id,
      ),
      role: 'senior_reviewer' as const,
      email: 'senior@demo.test',
      display_name: '',
    };
    const gate = closedAccessGate(repositories(fixture.database.db), keyring);
    await expect(gate.require(seniorMe, approvedId)).resolves.toMatchObject({ reason: '[redacted]' });
  });
});
