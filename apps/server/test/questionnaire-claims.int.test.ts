/**
 * Issue 17 (D123): claims on questionnaire cases (one user's template, `user:<id>/questionnaire:<code>`).
 * Two reviewers claiming one case at once (one wins, 55011); a non-assignee's decision refused (55013)
 * for a response and for a SATOS deposit; a lead's reassignment over a stale read (55012); "My cases" on
 * the questionnaire queue; a questionnaire claim is no claim on the person's verification case; the
 * queue page is one statement, pinned.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type {
  CaseClaimResult,
  QuestionnaireQueueResult,
  QuestionnaireReviewCase,
  ReviewCase,
} from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { staffClient } from './support/kyc-flows.ts';
import { RFI_ANSWERS, questionnaireUseCasesOf, submittedQuestionnaire } from './support/questionnaires.ts';
import { recorded, untilQuiet } from './support/statement-log.ts';
import { signedInClient, testApp, type TestClient } from './support/test-app.ts';

const SATOS_ANSWERS = {
  source_type: 'own_exchange',
  vasp_name: 'Kraken',
  vasp_country: 'DE',
  mixer_used: false,
  declaration_true: true,
};

/** The staff session and its member, the list's statement timeout (PostgreSQL), the page. */
const MAX_STATEMENTS = 4;

describe.each(testDatabases())('claims on questionnaire cases on $name', (testDb) => {
  const fixture = useAppFixture(testDb);
  const staff = (email: string) => staffClient(fixture.app, email);
  const queue = async (client: TestClient, query = '') =>
    (await client.get(`/backoffice/api/questionnaires/queue${query}`)).envelope
      ?.result as QuestionnaireQueueResult;
  const claim = (client: TestClient, userId: number, code: string) =>
    client.post(`/backoffice/api/questionnaires/${userId}/${code}/claim`, {});
  const decide = (client: TestClient, userId: number, code: string, body: unknown) =>
    client.post(`/backoffice/api/questionnaires/${userId}/${code}/decisions`, body);

  /** pending@demo.test with an `rfi` questionnaire waiting for review. */
  async function rfiWaiting() {
    const user = await signedInClient(fixture.app, 'pending@demo.test');
    const userId = await fixture.userIdOf('pending@demo.test');
    await questionnaireUseCasesOf(fixture).requireQuestionnaire(userId, 'rfi', {
      actor: 'reviewer',
      staffId: null,
      requestText: 'Explain the 3 BTC deposit.',
    });
    await submittedQuestionnaire(user, 'rfi', RFI_ANSWERS, 'rfi-1');
    return userId;
  }

  it("when a reviewer holds a person's questionnaire case, then the verification queue's My cases does not list that person's verification case", async () => {
    const userId = await rfiWaiting();
    const reviewer = await staff('reviewer@demo.test');
    expect((await claim(reviewer, userId, 'rfi')).envelope?.ret_code).toBe(0);
    const mine = (await reviewer.get('/backoffice/api/queue?assignedTo=me')).envelope?.result as {
      items: { userId: number }[];
    };
    expect(mine.items.map((i) => i.userId)).not.toContain(userId);
    expect((await reviewer.post(`/backoffice/api/cases/${userId}/claim`, {})).envelope?.ret_code).toBe(0);
    const after = (await reviewer.get('/backoffice/api/queue?assignedTo=me')).envelope?.result as {
      items: { userId: number }[];
    };
    expect(after.items.map((i) => i.userId)).toContain(userId);
  });

  it('when two reviewers claim one questionnaire case at once, then one holds it, the other gets 55011, and the verification case stays free', async () => {
    const userId = await rfiWaiting();
    const [a, b] = await Promise.all([staff('reviewer@demo.test'), staff('senior@demo.test')]);
    const answers = await Promise.all([claim(a, userId, 'rfi'), claim(b, userId, 'rfi')]);
    expect(answers.map((r) => r.envelope?.ret_code).sort()).toEqual([0, 55011]);
    const winner = answers.find((r) => r.envelope?.ret_code === 0)?.envelope?.result as CaseClaimResult;
    const item = (await queue(a)).items.find((i) => i.userId === userId);
    expect(item?.assignee).toMatchObject({ staffId: winner.assignee?.staffId, name: expect.any(String) });
    const opened = (await a.get(`/backoffice/api/questionnaires/${userId}/rfi`)).envelope
      ?.result as QuestionnaireReviewCase;
    expect(opened.assignee).toEqual(winner.assignee);
    const audit = await fixture.database.db
      .selectFrom('audit_log')
      .select('case_ref')
      .where('action', '=', 'case.claim')
      .execute();
    expect(audit).toEqual([{ case_ref: `user:${userId}/questionnaire:rfi` }]);
    // The person's verification case is another case: nobody holds it.
    const verification = (await a.get(`/backoffice/api/cases/${userId}`)).envelope?.result as ReviewCase;
    expect(verification.assignee ?? null).toBeNull();
  });

  it('when a reviewer holds a questionnaire case, then another cannot decide it or ask for more (55013), and the assignee can', async () => {
    const userId = await rfiWaiting();
    const reviewer = await staff('reviewer@demo.test');
    const senior = await staff('senior@demo.test');
    expect((await claim(reviewer, userId, 'rfi')).envelope?.ret_code).toBe(0);
    expect((await decide(senior, userId, 'rfi', { decision: 'lock' })).envelope?.ret_code).toBe(55013);
    const asked = await senior.post(`/backoffice/api/users/${userId}/rfi`, {
      templateCode: 'rfi',
      requestText: 'And the one before?',
    });
    expect(asked.envelope?.ret_code).toBe(55013);
    const locked = await decide(reviewer, userId, 'rfi', { decision: 'lock' });
    expect(locked.envelope).toMatchObject({ ret_code: 0, result: { status: 'PENDING_NO_EDIT' } });
    const decisions = await fixture.database.db
      .selectFrom('audit_log')
      .select('staff_id')
      .where('action', 'in', ['questionnaire.decision', 'questionnaire.rfi'])
      .execute();
    expect(decisions).toHaveLength(1);
  });

  it('when a reviewer holds a SATOS deposit case, then a senior cannot decide it (55013) and the assignee can', async () => {
    const user = await signedInClient(fixture.app, 'new@demo.test');
    const userId = await fixture.userIdOf('new@demo.test');
    const created = await user.post('/v3/private/kyc/create-satos-questionnaire', {
      depositRef: 'dep-0001-btc',
      coin: 'BTC',
      network: 'BTC',
      templateVersion: 1,
      answers: SATOS_ANSWERS,
    });
    expect(created.envelope?.ret_code).toBe(0);
    const reviewer = await staff('reviewer@demo.test');
    const senior = await staff('senior@demo.test');
    expect((await claim(reviewer, userId, 'satos-deposit')).envelope?.ret_code).toBe(0);
    const body = { decision: 'lock', depositRef: 'dep-0001-btc' };
    expect((await decide(senior, userId, 'satos-deposit', body)).envelope?.ret_code).toBe(55013);
    expect((await decide(reviewer, userId, 'satos-deposit', body)).envelope?.ret_code).toBe(0);
  });

  it('when a lead reassigns over a stale read, then 55012; over the current one, My cases follows and the old assignee is refused', async () => {
    const userId = await rfiWaiting();
    const reviewer = await staff('reviewer@demo.test');
    const admin = await staff('admin@demo.test');
    const claimed = (await claim(reviewer, userId, 'rfi')).envelope?.result as CaseClaimResult;
    const version = claimed.assignee?.version ?? 0;
    expect((await queue(reviewer, '?assignedTo=me')).items.map((i) => [i.userId, i.templateCode])).toEqual([
      [userId, 'rfi'],
    ]);
    expect((await queue(admin, '?assignedTo=me')).items).toEqual([]);
    const adminId = ((await admin.get('/backoffice/api/me')).envelope?.result as { id: number }).id;
    const assign = (client: TestClient, expectedVersion: number | null) =>
      client.send('PUT', `/backoffice/api/questionnaires/${userId}/rfi/assignee`, {
        staffId: adminId,
        expectedVersion,
      });
    expect((await assign(reviewer, version)).envelope?.ret_code).toBe(10005);
    expect((await assign(admin, null)).envelope?.ret_code).toBe(55012);
    const moved = await assign(admin, version);
    expect(moved.envelope?.ret_code).toBe(0);
    expect((await queue(reviewer, '?assignedTo=me')).items).toEqual([]);
    expect((await queue(admin, '?assignedTo=me')).items.map((i) => i.userId)).toEqual([userId]);
    expect((await decide(reviewer, userId, 'rfi', { decision: 'lock' })).envelope?.ret_code).toBe(55013);
    // The reviewer cannot give back what is no longer theirs; the lead breaks it, then anyone decides.
    const held = (moved.envelope?.result as CaseClaimResult).assignee?.version ?? 0;
    const release = (client: TestClient, v: number) =>
      client.send('DELETE', `/backoffice/api/questionnaires/${userId}/rfi/claim?version=${v}`);
    expect((await release(reviewer, held)).envelope?.ret_code).toBe(10005);
    expect((await release(admin, version)).envelope?.ret_code).toBe(55012);
    expect((await release(admin, held)).envelope).toMatchObject({ ret_code: 0, result: { assignee: null } });
    expect((await decide(reviewer, userId, 'rfi', { decision: 'lock' })).envelope?.ret_code).toBe(0);
  });

  it('when a member claims an unknown template or an auditor claims, then 51004 and 10005, and nothing is held', async () => {
    const userId = await rfiWaiting();
    const reviewer = await staff('reviewer@demo.test');
    const auditor = await staff('auditor@demo.test');
    expect((await claim(reviewer, userId, 'no-such-template')).envelope?.ret_code).toBe(51004);
    expect((await claim(auditor, userId, 'rfi')).envelope?.ret_code).toBe(10005);
    expect(await fixture.database.db.selectFrom('case_claims').selectAll().execute()).toEqual([]);
  });
});

describe.each(testDatabases())('the questionnaire queue page on $name', (testDb) => {
  afterAll(() => testDb.cleanup());

  it(`when a reviewer opens the questionnaire queue with a claimed case in it, then the page takes at most ${MAX_STATEMENTS} statements and shows the assignee`, async () => {
    const { database, log } = recorded(await testDb.open({ seeded: true }));
    const app = await testApp(database);
    try {
      const user = await signedInClient(app, 'pending@demo.test');
      const userId = (
        await database.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'pending@demo.test')
          .executeTakeFirstOrThrow()
      ).id;
      const reviewer = await staffClient(app, 'reviewer@demo.test');
      const created = await user.post('/v3/private/kyc/create-satos-questionnaire', {
        depositRef: 'dep-0002-eth',
        coin: 'ETH',
        network: 'ETH',
        templateVersion: 1,
        answers: SATOS_ANSWERS,
      });
      expect(created.envelope?.ret_code).toBe(0);
      const code = 'satos-deposit';
      expect(
        (await reviewer.post(`/backoffice/api/questionnaires/${userId}/${code}/claim`, {})).envelope
          ?.ret_code,
      ).toBe(0);
      // The first page parses the templates' titles once; the page after reads them from memory.
      const first = (await reviewer.get('/backoffice/api/questionnaires/queue')).envelope
        ?.result as QuestionnaireQueueResult;

      // Work started after earlier commits (screening, risk) must not count as the page's.
      await untilQuiet(log);
      log.recording = true;
      const page = (await reviewer.get('/backoffice/api/questionnaires/queue?assignedTo=me')).envelope
        ?.result as QuestionnaireQueueResult;
      log.recording = false;

      expect(log.statements.length, log.statements.join('\n')).toBeLessThanOrEqual(MAX_STATEMENTS);
      expect(log.statements.filter((q) => q.includes('from "questionnaire_queue"'))).toHaveLength(1);
      expect(page.items.map((i) => [i.userId, i.templateCode])).toEqual([[userId, code]]);
      expect(page.items[0]?.assignee).toMatchObject({ name: expect.any(String) });
      expect(page.total).toBe(1);
      expect(first.items.find((i) => i.userId === userId)?.assignee).toEqual(page.items[0]?.assignee);
    } finally {
      await app.close();
    }
  });
});
