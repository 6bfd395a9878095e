/**
 * Issue 20, slice C (docs/data-lifecycle.md "Back office", D78–D79): back-office views of an erased
 * person answer with redaction markers instead of failing; a closed or held person's data opens only to
 * a role with `access_closed_accounts` and a recorded reason, every view audited with it; the policy
 * versions' history; the person lookup of the hold dialog.
 */
import { describe, expect, it } from 'vitest';
import type {
  ClosedAccess,
  PersonLookupResult,
  PolicyVersionsResult,
  QuestionnaireReviewCase,
  RetentionPolicySet,
  ReviewCase,
} from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { staffClient, userWithCase } from './support/kyc-flows.ts';
import {
  eddAnswers,
  questionnaireUseCasesOf,
  submittedQuestionnaire,
  uploadEvidence,
} from './support/questionnaires.ts';
import { openedTexts } from './support/sealed-texts.ts';
import { signedInClient, TEST_MASTER_KEY, type TestClient } from './support/test-app.ts';
import { repositories } from '../src/data/repositories/index.ts';
import { closedAccessGate } from '../src/domain/retention/closed-access.ts';
import { cutoffFor, DAY_MS } from '../src/domain/retention/due-rules.ts';
import { createKeyring } from '../src/lib/crypto/envelope.ts';

const REASON = 'Subject access request SAR-2026-114 from the person';

async function closePerson(fixture: AppFixture, userId: number, closedAt = Date.now() - DAY_MS) {
  await repositories(fixture.database.db).accountClosures.recordClosure({
    userId,
    closedAt,
    closedBy: 'self',
  });
}

async function auditOf(fixture: AppFixture, userId: number) {
  const rows = await fixture.database.db
    .selectFrom('audit_log')
    .select(['action', 'details', 'staff_id'])
    .where('subject_user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    action: r.action,
    staffId: Number(r.staff_id),
    details: JSON.parse(r.details) as Record<string, unknown>,
  }));
}

const grant = (client: TestClient, userId: number, reason = REASON) =>
  client.post(`/backoffice/api/cases/${userId}/closed-access`, { reason });

describe.each(testDatabases())('back office after closure and erasure on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  it('when an erased person’s case is opened with a reason, then every view answers 200 with redaction markers (kind, date, policy version) and nothing fails or makes a new data key', async () => {
    await userWithCase(fixture.app, 'new@demo.test');
    const userId = await fixture.userIdOf('new@demo.test');
    const user = await signedInClient(fixture.app, 'new@demo.test');
    await questionnaireUseCasesOf(fixture).startEdd(userId, {
      actor: 'system',
      reason: 'volume',
      pep: false,
    });
    const [wealth, funds] = [await uploadEvidence(user), await uploadEvidence(user)];
    await submittedQuestionnaire(user, 'edd', eddAnswers(wealth, funds), 'edd-1');
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    const before = (await admin.get(`/backoffice/api/cases/${userId}`)).envelope?.result as ReviewCase;
    const documentId = before.documents[0]?.id ?? '';
    expect(before.redactions).toEqual([]);
    expect(before.closedAccess).toBeNull();

    // Erased as the retention tests do it: closed five years ago, then the job.
    await closePerson(fixture, userId, cutoffFor(Date.now(), 'P5Y') - 60_000);
    const run = await admin.post('/backoffice/api/retention/run', {});
    expect(run.envelope?.result).toMatchObject({ people: 1 });

    expect((await admin.get(`/backoffice/api/cases/${userId}`)).envelope?.ret_code).toBe(62041);
    const granted = await grant(admin, userId);
    expect(granted.envelope?.ret_code).toBe(0);
    expect(granted.envelope?.result).toMatchObject({ userId, held: false, erased: true, reason: REASON });

    const viewed = await admin.get(`/backoffice/api/cases/${userId}`);
    expect(viewed.response.statusCode).toBe(200);
    const erased = viewed.envelope?.result as ReviewCase;
    expect(erased.redactions?.map((m) => m.kind).sort()).toEqual(
      [
        'data_key',
        'decisions_audit',
        'identity_documents',
        'personal_data',
        'questionnaire_answers',
        'screening_results',
        'vendor_events',
      ].sort(),
    );
    expect(erased.redactions?.every((m) => m.policyVersion === 1 && m.redactedAt > 0)).toBe(true);
    expect(erased.closedAccess).toMatchObject({ erased: true, reason: REASON });
    expect(erased.applicant.firstName).toBe('[redacted]');
    expect(erased.documents).toEqual([]);

    const document = await admin.get(`/backoffice/api/cases/${userId}/documents/${documentId}`);
    expect(document.response.statusCode).toBe(410);
    expect(document.envelope?.ret_code).toBe(62042);

    const response = await admin.get(`/backoffice/api/questionnaires/${userId}/edd`);
    expect(response.response.statusCode).toBe(200);
    const questionnaire = response.envelope?.result as QuestionnaireReviewCase;
    expect(questionnaire.submission?.answers).toEqual([]);
    expect(questionnaire.redactions?.some((m) => m.kind === 'questionnaire_answers')).toBe(true);
    const evidence = await admin.get(`/backoffice/api/questionnaires/${userId}/edd/evidence/${wealth}`);
    expect(evidence.envelope?.ret_code).toBe(62042);
    // Reading never made the person a new data key (crypto-shredding stays done).
    expect(
      await fixture.database.db
        .selectFrom('user_data_keys')
        .select('user_id')
        .where('user_id', '=', userId)
        .execute(),
    ).toEqual([]);
    const exported = await admin.get(`/backoffice/api/cases/${userId}/screening-export`);
    expect(exported.envelope?.ret_code).toBe(62042);

    // Every view after the reason names it in its audit entry.
    const views = (await auditOf(fixture, userId)).filter((e) =>
      ['case.view', 'questionnaire.view'].includes(e.action),
    );
    expect(views.at(-1)?.details).toMatchObject({ access: { reason: REASON } });
    expect(views.filter((v) => v.details.access).map((v) => v.action)).toEqual([
      'case.view',
      'questionnaire.view',
    ]);
  });

  it('when staff open a closed person’s case, then a reviewer is refused (62040), a senior without a reason too (62041), and with one it opens, audited with the reason', async () => {
    const { submitted } = await userWithCase(fixture.app, 'new@demo.test');
    expect(submitted).toBeTruthy();
    const userId = await fixture.userIdOf('new@demo.test');
    await closePerson(fixture, userId);
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    const senior = await staffClient(fixture.app, 'senior@demo.test');

    const refused = await reviewer.get(`/backoffice/api/cases/${userId}`);
    expect(refused.envelope?.ret_code).toBe(62040);
    expect((await grant(reviewer, userId)).envelope?.ret_code).toBe(62040);
    expect(
      (await reviewer.post(`/backoffice/api/cases/${userId}/decisions`, { decision: 'approve', level: 1 }))
        .envelope?.ret_code,
    ).toBe(62040);

    expect((await senior.get(`/backoffice/api/cases/${userId}`)).envelope?.ret_code).toBe(62041);
    const docId = (
      await fixture.database.db
        .selectFrom('kyc_documents')
        .select('id')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).id;
    expect((await senior.get(`/backoffice/api/cases/${userId}/documents/${docId}`)).envelope?.ret_code).toBe(
      62041,
    );
    expect((await grant(senior, userId, 'x')).envelope?.ret_code).toBe(10001);
    expect(await auditOf(fixture, userId)).toEqual([]);

    const granted = (await grant(senior, userId)).envelope?.result as ClosedAccess;
    expect(granted.closedAt).toBeGreaterThan(0);
    expect(granted.expiresAt).toBeGreaterThan(Date.now() + 29 * 60_000);
    const opened = await senior.get(`/backoffice/api/cases/${userId}`);
    expect(opened.envelope?.ret_code).toBe(0);
    expect((opened.envelope?.result as ReviewCase).closedAccess).toMatchObject({ reason: REASON });
    const doc = await senior.get(`/backoffice/api/cases/${userId}/documents/${docId}`);
    expect(doc.response.statusCode).toBe(200);
    // The reason opens the person to the member who gave it, not to another.
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    expect((await admin.get(`/backoffice/api/cases/${userId}`)).envelope?.ret_code).toBe(62041);

    const seniorId = Number(
      (
        await fixture.database.db
          .selectFrom('staff_users')
          .select('id')
          .where('email', '=', 'senior@demo.test')
          .executeTakeFirstOrThrow()
      ).id,
    );
    // D110: the reason is sealed under the person's key in the grant's entry, and each view copies it.
    const sealed = { sealed: expect.any(String) as unknown, ref: expect.any(String) as unknown };
    const entries = await auditOf(fixture, userId);
    expect(entries).toEqual([
      {
        action: 'case.closed_access',
        staffId: seniorId,
        details: expect.objectContaining({ reason: sealed, held: false, erased: false }),
      },
      {
        action: 'case.view',
        staffId: seniorId,
        details: expect.objectContaining({ access: expect.objectContaining({ reason: sealed }) }),
      },
      {
        action: 'document.view',
        staffId: seniorId,
        details: expect.objectContaining({ access: expect.objectContaining({ reason: sealed }) }),
      },
    ]);
    const reasons = entries.map((e) =>
      e.action === 'case.closed_access' ? e.details.reason : (e.details.access as { reason: unknown }).reason,
    );
    expect(await openedTexts(fixture, userId, reasons)).toEqual([REASON, REASON, REASON]);

    // Thirty minutes on, the reason no longer opens the person.
    const gate = closedAccessGate(
      repositories(fixture.database.db),
      createKeyring(Buffer.from(TEST_MASTER_KEY, 'base64')),
    );
    const me = {
      id: seniorId,
      role: 'senior_reviewer' as const,
      email: 'senior@demo.test',
      display_name: '',
    };
    await expect(gate.require(me, userId, Date.now() + 29 * 60_000)).resolves.toMatchObject({
      reason: REASON,
    });
    await expect(gate.require(me, userId, Date.now() + 31 * 60_000)).rejects.toMatchObject({
      code: 'CLOSED_ACCOUNT_REASON_REQUIRED',
    });
  });

  it('when a person is on hold without being closed, then a reason is needed too; an open person needs none and nothing is recorded', async () => {
    await userWithCase(fixture.app, 'new@demo.test');
    const held = await fixture.userIdOf('new@demo.test');
    const open = await fixture.userIdOf('l1@demo.test');
    const senior = await staffClient(fixture.app, 'senior@demo.test');
    expect(
      (
        await senior.post('/backoffice/api/retention/holds', {
          userId: held,
          reason: 'investigation',
          note: 'Case 77 with the FIU',
          reviewAt: Date.now() + 30 * DAY_MS,
        })
      ).envelope?.ret_code,
    ).toBe(0);
    expect((await senior.get(`/backoffice/api/cases/${held}`)).envelope?.ret_code).toBe(62041);
    expect((await grant(senior, held)).envelope?.result).toMatchObject({ closedAt: null, held: true });
    expect((await senior.get(`/backoffice/api/cases/${held}`)).envelope?.ret_code).toBe(0);

    expect((await senior.get(`/backoffice/api/cases/${open}`)).envelope?.ret_code).toBe(0);
    expect((await grant(senior, open)).envelope?.result).toMatchObject({ reason: null, expiresAt: null });
    expect((await auditOf(fixture, open)).map((e) => e.action)).toEqual(['case.view']);
  });

  it('when policies are saved twice, then the versions are listed newest first with what each changed, by cursor; a reviewer is refused', async () => {
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    const current = (await admin.get('/backoffice/api/retention/policies')).envelope
      ?.result as RetentionPolicySet;
    const put = (version: number, period: string) =>
      admin.send('PUT', '/backoffice/api/retention/policies', {
        expectedVersion: version,
        reason: `Drafts kept ${period}`,
        policies: current.policies.map((p) =>
          p.kind === 'drafts' && p.site === 'EU' ? { ...p, period } : p,
        ),
      });
    expect((await put(1, 'P14D')).envelope?.ret_code).toBe(0);
    expect((await put(2, 'P7D')).envelope?.ret_code).toBe(0);

    const first = (await admin.get('/backoffice/api/retention/policies/versions?limit=2')).envelope
      ?.result as PolicyVersionsResult;
    expect(first.total).toBe(3);
    expect(first.items.map((v) => v.version)).toEqual([3, 2]);
    expect(first.items[0]).toMatchObject({
      createdByName: expect.any(String),
      reason: 'Drafts kept P7D',
      changes: [
        {
          site: 'EU',
          kind: 'drafts',
          from: expect.objectContaining({ period: 'P14D' }),
          to: expect.objectContaining({ period: 'P7D' }),
        },
      ],
    });
    expect(first.items[1]?.changes).toHaveLength(1);
    const rest = (
      await admin.get(`/backoffice/api/retention/policies/versions?limit=2&cursor=${first.nextCursor}`)
    ).envelope?.result as PolicyVersionsResult;
    expect(rest.items).toMatchObject([{ version: 1, createdBy: null, createdByName: null, changes: [] }]);
    expect(rest.nextCursor).toBeNull();

    const auditor = await staffClient(fixture.app, 'auditor@demo.test');
    expect((await auditor.get('/backoffice/api/retention/policies/versions')).envelope?.ret_code).toBe(0);
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    expect((await reviewer.get('/backoffice/api/retention/policies/versions')).envelope?.ret_code).toBe(
      10005,
    );
  });

  it('when compliance looks a person up by email or id, then the id and state come back, never the email; nobody is 62043', async () => {
    const senior = await staffClient(fixture.app, 'senior@demo.test');
    const userId = await fixture.userIdOf('l1@demo.test');
    await closePerson(fixture, userId);
    const byEmail = await senior.get('/backoffice/api/people/lookup?q=%20L1@Demo.test%20');
    expect(byEmail.envelope?.result).toEqual({
      userId,
      site: expect.any(String),
      closedAt: expect.any(Number),
      erased: false,
      held: false,
    } satisfies Record<keyof PersonLookupResult, unknown>);
    expect((await senior.get(`/backoffice/api/people/lookup?q=${userId}`)).envelope?.result).toMatchObject({
      userId,
    });
    expect((await senior.get('/backoffice/api/people/lookup?q=nobody@demo.test')).envelope?.ret_code).toBe(
      62043,
    );
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    expect((await reviewer.get(`/backoffice/api/people/lookup?q=${userId}`)).envelope?.ret_code).toBe(10005);
  });
});
