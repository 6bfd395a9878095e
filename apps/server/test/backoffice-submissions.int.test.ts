import { describe, expect, it } from 'vitest';
import { SECURITY_SCENES, type AuditResult, type ReviewCase, type ReviewQueueResult } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { stepUpHeaders } from './support/step-up.ts';
import { type TestClient } from './support/test-app.ts';
import {
  decide,
  kycView,
  passportDocuments,
  postWithKey,
  staffClient,
  uploadAs,
  userClient,
  userWithCase,
  type Result,
  TEST_CONSENT,
} from './support/kyc-flows.ts';
import { kycRepo } from '../src/data/repositories/kyc-repo.ts';
import { submissionsRepo } from '../src/data/repositories/submissions-repo.ts';

const DAY = 86_400_000;

describe.each(testDatabases())('back office: submissions of every kind on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  const { userIdOf } = fixture;
  const caseOf = async (staff: TestClient, userId: number) =>
    (await staff.get(`/backoffice/api/cases/${userId}`)).envelope?.result as ReviewCase;

  /** l1@demo.test sends an ID update (names written differently from the verified ones). */
  async function idUpdate(firstName = 'Léna'): Promise<number> {
    const client = await userClient(fixture.app, 'l1@demo.test');
    const headers = await stepUpHeaders(client, SECURITY_SCENES.update);
    const { envelope } = await postWithKey(
      client,
      '/v3/private/kyc/update-id',
      {
        documentType: 'PASSPORT',
        country: 'DE',
        documentIds: await passportDocuments(client),
        firstName,
        lastName: 'Schmidt',
        dateOfBirth: '1990-04-12',
        expiryDate: '2035-01-31',
      },
      undefined,
      headers,
    );
    expect(envelope.ret_code).toBe(0);
    return Number((envelope.result as Result).submissionId);
  }

  it('when submissions of several kinds wait, then the queue lists each with its id and kind, filtered by kind', async () => {
    const submissionId = await idUpdate();
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const all = (await reviewer.get('/backoffice/api/queue')).envelope?.result as ReviewQueueResult;
    expect(all.items.map((i) => [i.email, i.kind])).toEqual([
      ['pending@demo.test', 'level'],
      ['l1@demo.test', 'update_id'],
    ]);
    const updates = (await reviewer.get('/backoffice/api/queue?kind=update_id')).envelope
      ?.result as ReviewQueueResult;
    expect(updates.items).toEqual([
      expect.objectContaining({
        submissionId,
        kind: 'update_id',
        level: 1,
        firstName: 'Lena',
        country: 'DE',
      }),
    ]);
    const level2 = (await reviewer.get('/backoffice/api/queue?kind=update_id&level=2')).envelope
      ?.result as ReviewQueueResult;
    expect(level2.total).toBe(0);
    expect((await reviewer.get('/backoffice/api/queue?kind=bogus')).envelope?.ret_code).toBe(10001);
  });

  it('when staff open the case, then every submission with its documents and decrypted details, and the view is audited', async () => {
    const submissionId = await idUpdate();
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const userId = await userIdOf('l1@demo.test');
    const view = await caseOf(reviewer, userId);
    expect(view.submissions).toEqual([
      expect.objectContaining({
        id: submissionId,
        kind: 'update_id',
        status: 'PENDING',
        documentType: 'PASSPORT',
        issuingCountry: 'DE',
        decidedAt: null,
        details: {
          firstName: 'Léna',
          lastName: 'Schmidt',
          dateOfBirth: '1990-04-12',
          expiryDate: '2035-01-31',
        },
      }),
    ]);
    expect(view.submissions[0]?.documentIds).toHaveLength(2);
    expect(view.reverification).toEqual({
      status: 'DisplayUpdatePOIStatus_No',
      deadline: null,
      rejectReason: '',
      site: '',
      country: '',
    });

    const admin = await staffClient(fixture.app, 'admin@demo.test');
    const audit = (await admin.get(`/backoffice/api/audit?subjectUserId=${userId}&action=case.view`)).envelope
      ?.result as AuditResult;
    expect(audit.items[0]?.details).toEqual({ decryptedSubmissions: [submissionId] });
  });

  it('when a reviewer approves an ID update, then the verified names, birth date and country become the new document’s, audited', async () => {
    const submissionId = await idUpdate();
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const userId = await userIdOf('l1@demo.test');
    const answer = await decide(reviewer, userId, { decision: 'approve_update', submissionId });
    expect(answer.ret_code).toBe(0);
    const view = answer.result as unknown as ReviewCase;
    expect(view.applicant).toMatchObject({
      firstName: 'Léna',
      lastName: 'Schmidt',
      dateOfBirth: '1990-04-12',
      country: 'DE',
    });
    expect(view.submissions[0]).toMatchObject({
      id: submissionId,
      status: 'APPROVED',
      decidedAt: expect.any(Number),
    });
    expect(view.decisions[0]).toMatchObject({ decision: 'update_approved', level: 0 });
    const user = await userClient(fixture.app, 'l1@demo.test');
    // Verified, the details are answered masked; the reveal (30029) shows the new document's.
    const masked = (await user.post('/v3/private/kyc/kyc-personal-info', {})).envelope?.result as Result;
    expect(masked.firstName).toBe('L***');
    const revealed = await user.post('/v3/private/kyc/personal-info/reveal', undefined, {
      headers: await stepUpHeaders(user, SECURITY_SCENES.eye),
    });
    expect((revealed.envelope?.result as Result).firstName).toBe('Léna');

    const admin = await staffClient(fixture.app, 'admin@demo.test');
    const audit = (await admin.get(`/backoffice/api/audit?action=decision.approve_update`)).envelope
      ?.result as AuditResult;
    expect(audit.items[0]).toMatchObject({ caseRef: `user:${userId}/submission:${submissionId}` });

    // Decided: a second decision is refused and changes nothing.
    const again = await decide(reviewer, userId, {
      decision: 'reject_update',
      submissionId,
      reasonCode: 'X',
      userMessage: 'No.',
    });
    // Decided already (issue 14): 30081, as for a decision that lost a race.
    expect(again.ret_code).toBe(30081);
  });

  it('when a reviewer rejects a proof-of-address update, then it is REJECTED_RETRY with the reason, and the applicant is unchanged', async () => {
    const userId = await userIdOf('l1@demo.test');
    await kycRepo(fixture.database.db).setLevelState(userId, 2, { status: 'SUCCESS' }, Date.now());
    const client = await userClient(fixture.app, 'l1@demo.test');
    const { envelope } = await postWithKey(client, '/v3/private/kyc/update-poa', {
      documentIds: [await uploadAs(client, 'poa')],
    });
    const submissionId = Number((envelope.result as Result).submissionId);
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const answer = await decide(reviewer, userId, {
      decision: 'reject_update',
      submissionId,
      reasonCode: 'OLD_BILL',
      userMessage: 'The bill is older than 3 months.',
    });
    expect(answer.ret_code).toBe(0);
    const view = answer.result as unknown as ReviewCase;
    expect(view.submissions[0]).toMatchObject({
      kind: 'update_poa',
      status: 'REJECTED_RETRY',
      reasonCode: 'OLD_BILL',
      userMessage: 'The bill is older than 3 months.',
    });
    expect(view.applicant.firstName).toBe('Lena');
  });

  it("when a decision names another user's submission, a re-verification one, or an unknown id, then 30011 / 30001", async () => {
    const submissionId = await idUpdate();
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const other = await userIdOf('new@demo.test');
    expect((await decide(reviewer, other, { decision: 'approve_update', submissionId })).ret_code).toBe(
      30011,
    );
    expect(
      (await decide(reviewer, other, { decision: 'approve_update', submissionId: 999_999 })).ret_code,
    ).toBe(30011);
    const pendingLevel = (
      await submissionsRepo(fixture.database.db).submissionsOf(await userIdOf('pending@demo.test'))
    )[0];
    expect(
      (
        await decide(reviewer, await userIdOf('pending@demo.test'), {
          decision: 'approve_update',
          submissionId: Number(pendingLevel?.id),
        })
      ).ret_code,
    ).toBe(30001);
    const [row] = await submissionsRepo(fixture.database.db).submissionsOf(await userIdOf('l1@demo.test'));
    expect(row?.status).toBe('PENDING');
  });

  it("when staff without 'decide' decide on a submission, then 10005 and nothing changes", async () => {
    const submissionId = await idUpdate();
    const auditor = await staffClient(fixture.app, 'auditor@demo.test');
    const userId = await userIdOf('l1@demo.test');
    for (const body of [
      { decision: 'approve_update', submissionId },
      { decision: 'approve_reverification' },
      { decision: 'reject_reverification', reasonCode: 'X', userMessage: 'No.' },
    ])
      expect((await decide(auditor, userId, body)).ret_code).toBe(10005);
    const [row] = await submissionsRepo(fixture.database.db).submissionsOf(userId);
    expect(row?.status).toBe('PENDING');
  });

  it('when a level is approved or rejected, then its pending submission is marked APPROVED / REJECTED_RETRY', async () => {
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const pendingId = await userIdOf('pending@demo.test');
    expect((await decide(reviewer, pendingId, { decision: 'approve', level: 1 })).ret_code).toBe(0);
    const [seeded] = await submissionsRepo(fixture.database.db).submissionsOf(pendingId);
    expect(seeded).toMatchObject({ kind: 'level', status: 'APPROVED' });

    await userWithCase(fixture.app, 'new@demo.test');
    const newId = await userIdOf('new@demo.test');
    const rejected = await decide(reviewer, newId, {
      decision: 'reject_retry',
      level: 1,
      reasonCode: 'BLURRY',
      userMessage: 'Blurry photo.',
    });
    expect(rejected.ret_code).toBe(0);
    expect((rejected.result as unknown as ReviewCase).submissions[0]).toMatchObject({
      kind: 'level',
      status: 'REJECTED_RETRY',
      reasonCode: 'BLURRY',
    });
    const queue = (await reviewer.get('/backoffice/api/queue')).envelope?.result as ReviewQueueResult;
    expect(queue.total).toBe(0);
  });

  it('when a re-verification is decided, then the case shows its reason, site and country; deciding none is 30001, deciding it again 30081', async () => {
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const userId = await userIdOf('l1@demo.test');
    expect((await decide(reviewer, userId, { decision: 'approve_reverification' })).ret_code).toBe(30001);
    await decide(reviewer, userId, { decision: 'request_reverification', deadline: Date.now() + 10 * DAY });
    const client = await userClient(fixture.app, 'l1@demo.test');
    await postWithKey(client, '/v3/private/kyc/submit', {
      level: 1,
      documentType: 'PASSPORT',
      country: 'DE',
      documentIds: await passportDocuments(client),
      consent: TEST_CONSENT,
      reason: 'UPDATE_KYC',
    });
    const queue = (await reviewer.get('/backoffice/api/queue?kind=reverification')).envelope
      ?.result as ReviewQueueResult;
    expect(queue.items.map((i) => i.email)).toEqual(['l1@demo.test']);
    const answer = await decide(reviewer, userId, {
      decision: 'reject_reverification',
      reasonCode: 'GLARE',
      userMessage: 'Glare on the photo.',
    });
    expect(answer.ret_code).toBe(0);
    const view = answer.result as unknown as ReviewCase;
    expect(view.reverification).toMatchObject({
      status: 'DisplayUpdatePOIStatus_Rejected',
      rejectReason: 'Glare on the photo.',
      site: 'GLOBAL',
      country: 'DE',
    });
    expect(view.submissions[0]).toMatchObject({
      kind: 'reverification',
      status: 'REJECTED_RETRY',
      reasonCode: 'GLARE',
    });
    expect(view.decisions[0]).toMatchObject({ decision: 'reverify_rejected' });
    expect((await kycView(client)).poi).toBe('Rejected');
    expect(
      (
        await decide(reviewer, userId, {
          decision: 'reject_reverification',
          reasonCode: 'X',
          userMessage: 'Again.',
        })
      ).ret_code,
    ).toBe(30081);
  });
});
