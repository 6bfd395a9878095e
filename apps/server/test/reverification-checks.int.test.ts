/**
 * Issue 19 (D124; docs/checks.md "When and where"): a re-verification and an ID update submitted to the
 * in-house provider get the same document checks as level 1 — requested with the submission, run by the
 * job — against the person's details on record (and an ID update's typed expiry date). The case shows
 * the checks of the submission under review, naming its kind; nothing is decided automatically and the
 * correction step asks nothing. A duplicate document is another account's, never the person's own.
 */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SECURITY_SCENES, type CaseCheck, type ReviewCase } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import {
  decide,
  jpeg,
  postWithKey,
  staffClient,
  TEST_CONSENT,
  userClient,
  type Result,
} from './support/kyc-flows.ts';
import { renderDocument, type Identity } from './support/mrz-documents.ts';
import { grantedRiskHeaders } from './support/step-up.ts';
import type { TestClient } from './support/test-app.ts';
import { job, MUELLER, upload } from './support/checked-submissions.ts';

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** l1@demo.test on record: Lena Schmidt, born 1990-04-12, verified with German documents. */
const SCHMIDT: Identity = {
  ...MUELLER,
  surname: 'SCHMIDT',
  givenNames: 'LENA',
  dateOfBirth: '900412',
};

const passport = (identity: Identity) =>
  renderDocument('TD3', identity, { documentWidth: 1200, jpegQuality: 90 });

const byName = (checks: CaseCheck[] | undefined, name: CaseCheck['name']) =>
  checks?.find((c) => c.name === name);

const disagreeing = (check: CaseCheck | undefined) =>
  check?.detail.code === 'data_compared' ? check.detail.fields.filter((f) => f.outcome === 'disagrees') : [];

async function caseOf(staff: TestClient, userId: number): Promise<ReviewCase> {
  const { envelope } = await staff.get(`/backoffice/api/cases/${userId}`);
  expect(envelope?.ret_code).toBe(0);
  return envelope?.result as ReviewCase;
}

describe.each(testDatabases())('checks on re-verifications and ID updates on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  /** The passport page and a selfie uploaded by the client; their document ids. */
  const documents = async (client: TestClient, page: Buffer) => [
    await upload(client, 'front', page),
    await upload(client, 'selfie', await jpeg()),
  ];

  /** An ID update of l1@demo.test with this page, typed as on record; answers the submission id. */
  async function updateId(app: FastifyInstance, page: Buffer, expiryDate = inDays(3650)): Promise<number> {
    const client = await userClient(app, 'l1@demo.test');
    const body = {
      documentType: 'PASSPORT',
      country: 'DE',
      documentIds: await documents(client, page),
      firstName: 'Lena',
      lastName: 'Schmidt',
      dateOfBirth: '1990-04-12',
      expiryDate,
    };
    const headers = await grantedRiskHeaders(fixture.database.db, client, SECURITY_SCENES.update);
    const answer = await postWithKey(client, '/v3/private/kyc/update-id', body, undefined, headers);
    expect(answer.envelope.ret_code).toBe(0);
    return (answer.envelope.result as Result).submissionId as number;
  }

  it('when a re-verification passport says another date of birth than the record, then the case shows its checks, data_match failing on it, and nothing is decided or asked', async () => {
    const userId = await fixture.userIdOf('l1@demo.test');
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const requested = await decide(reviewer, userId, {
      decision: 'request_reverification',
      deadline: Date.now() + 30 * DAY,
    });
    expect(requested.ret_code).toBe(0);
    const client = await userClient(fixture.app, 'l1@demo.test');
    const body = {
      level: 1,
      documentType: 'PASSPORT',
      country: 'DE',
      documentIds: await documents(client, await passport({ ...SCHMIDT, dateOfBirth: '900101' })),
      consent: TEST_CONSENT,
      reason: 'UPDATE_KYC',
    };
    const submitted = await postWithKey(client, '/v3/private/kyc/submit', body);
    expect(submitted.envelope.ret_code).toBe(0);
    const submissionId = (submitted.envelope.result as Result).submissionId;

    const before = await caseOf(reviewer, userId);
    expect(before.checksRun).toMatchObject({ submissionId, status: 'pending', kind: 'reverification' });
    expect(await job(fixture.app, 'document-checks')).toBe(1);

    const seen = await caseOf(reviewer, userId);
    expect(seen.checksRun).toMatchObject({ submissionId, status: 'done', kind: 'reverification' });
    expect(byName(seen.checks, 'mrz')?.outcome).toBe('pass');
    expect(byName(seen.checks, 'data_match')?.outcome).toBe('fail');
    expect(disagreeing(byName(seen.checks, 'data_match'))).toEqual([
      { field: 'dateOfBirth', outcome: 'disagrees', typed: '1990-04-12', document: '1990-01-01' },
    ]);
    expect(byName(seen.checks, 'expiry')?.outcome).toBe('pass');
    expect(byName(seen.checks, 'duplicate_document')?.outcome).toBe('pass');
    expect(seen.checks?.map((c) => c.name)).toEqual([
      'quality',
      'mrz',
      'data_match',
      'expiry',
      'face_match',
      'liveness',
      'duplicate_document',
      'duplicate_face',
    ]);
    // A person decides: the re-verification waits, level 1 stays verified, no automatic decision.
    expect(seen.reverification.status).toBe('DisplayUpdatePOIStatus_Pending');
    expect(seen.levels.find((l) => l.level === 1)?.status).toBe('SUCCESS');
    expect(seen.decisions.filter((d) => d.automatic !== null)).toEqual([]);
    // The correction step is level 1's only (D124): nothing is asked of a re-verification.
    const asked = await client.post('/v3/private/kyc/document-correction', {});
    expect(asked.envelope?.ret_code).toBe(0);
    expect(asked.envelope?.result).toMatchObject({ correction: null, pending: false });
  });

  it('when an ID update sends an expired passport, then expiry fails and the typed expiry date disagrees', async () => {
    const submissionId = await updateId(fixture.app, await passport({ ...SCHMIDT, expiryDate: '200101' }));
    expect(await job(fixture.app, 'document-checks')).toBe(1);
    const userId = await fixture.userIdOf('l1@demo.test');
    const seen = await caseOf(await staffClient(fixture.app, 'reviewer@demo.test'), userId);
    expect(seen.checksRun).toMatchObject({ submissionId, status: 'done', kind: 'update_id' });
    expect(byName(seen.checks, 'expiry')).toMatchObject({
      outcome: 'fail',
      detail: { code: 'expiry_date', expired: true, expiryDate: '2020-01-01' },
    });
    expect(disagreeing(byName(seen.checks, 'data_match'))).toEqual([
      { field: 'expiryDate', outcome: 'disagrees', typed: inDays(3650), document: '2020-01-01' },
    ]);
    const update = seen.submissions.find((s) => s.id === submissionId);
    expect(update).toMatchObject({ kind: 'update_id', status: 'PENDING' });
  });

  it("when an ID update reuses the person's own earlier passport, then it is no duplicate; another account's passport is", async () => {
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const userId = await fixture.userIdOf('l1@demo.test');
    const page = await passport(SCHMIDT);
    const rejectUpdate = async (submissionId: number) =>
      expect(
        (
          await decide(reviewer, userId, {
            decision: 'reject_update',
            submissionId,
            reasonCode: 'BLURRY',
            userMessage: 'The photo is blurry.',
          })
        ).ret_code,
      ).toBe(0);

    const first = await updateId(fixture.app, page);
    expect(await job(fixture.app, 'document-checks')).toBe(1);
    expect(byName((await caseOf(reviewer, userId)).checks, 'duplicate_document')?.outcome).toBe('pass');
    await rejectUpdate(first);

    // The same passport again: the person's own earlier document, found by its hash, is not a duplicate.
    const second = await updateId(fixture.app, page);
    expect(await job(fixture.app, 'document-checks')).toBe(1);
    const again = await caseOf(reviewer, userId);
    expect(again.checksRun).toMatchObject({ submissionId: second, kind: 'update_id' });
    expect(byName(again.checks, 'duplicate_document')).toMatchObject({
      outcome: 'pass',
      relatedUserId: null,
      detail: { code: 'duplicate_document', otherAccounts: 0 },
    });
    const hashes = await fixture.database.db
      .selectFrom('document_check_results')
      .select('document_hash')
      .where('name', '=', 'duplicate_document')
      .execute();
    expect(hashes).toHaveLength(2);
    expect(hashes[0]?.document_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashes[1]?.document_hash).toBe(hashes[0]?.document_hash);
    await rejectUpdate(second);

    // Another account's passport: new@demo.test verified level 1 with it first.
    const other = await userClient(fixture.app, 'new@demo.test');
    const typed = { firstName: 'Anna', lastName: 'Müller', dateOfBirth: '1990-01-01' };
    expect((await other.post('/v3/private/kyc/kyc-personal-info', typed)).envelope?.ret_code).toBe(0);
    const level1 = {
      level: 1,
      documentType: 'PASSPORT',
      country: 'DE',
      documentIds: await documents(other, await passport(MUELLER)),
      consent: TEST_CONSENT,
    };
    expect((await postWithKey(other, '/v3/private/kyc/submit', level1)).envelope.ret_code).toBe(0);
    expect(await job(fixture.app, 'document-checks')).toBe(1);
    const third = await updateId(fixture.app, await passport(MUELLER));
    expect(await job(fixture.app, 'document-checks')).toBe(1);
    const flagged = await caseOf(reviewer, userId);
    expect(flagged.checksRun).toMatchObject({ submissionId: third, kind: 'update_id' });
    expect(byName(flagged.checks, 'duplicate_document')).toMatchObject({
      outcome: 'fail',
      relatedUserId: await fixture.userIdOf('new@demo.test'),
      detail: { code: 'duplicate_document', otherAccounts: 1 },
    });
  });
});
