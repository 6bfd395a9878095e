import { describe, expect, it } from 'vitest';
import type { NoticesResult, QuestionnaireTemplate, QuestionnaireTemplateDetail } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { decide, staffClient, userClient, userWithCase } from './support/kyc-flows.ts';
import {
  RFI_ANSWERS,
  questionnaireToken,
  questionnaireUseCasesOf,
  submitWithToken,
  submittedQuestionnaire,
} from './support/questionnaires.ts';
import type { TestClient } from './support/test-app.ts';

/** Issue 10 "a person always knows what to do next": notices, wrong answers, agreement copies, due dates. */
describe.each(testDatabases())('next steps on $name', (testDb) => {
  const fixture = useAppFixture(testDb);
  const { userIdOf } = fixture;

  const notices = async (client: TestClient) =>
    (await client.post('/v3/private/kyc/notices')).envelope?.result as NoticesResult;

  describe('notices', () => {
    it('when staff approve level 1, then the person has one unread notice, written with the decision', async () => {
      const { client } = await userWithCase(fixture.app, 'new@demo.test');
      expect(await notices(client)).toEqual({ unread: 0, notices: [] });
      const userId = await userIdOf('new@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      expect((await decide(reviewer, userId, { decision: 'approve', level: 1 })).ret_code).toBe(0);
      const after = await notices(client);
      expect(after).toMatchObject({
        unread: 1,
        notices: [{ kind: 'kyc_level', ref: 'LEVEL_1', outcome: 'approved' }],
      });
    });

    it('when a decision is refused, then no notice is written (same transaction)', async () => {
      const client = await userClient(fixture.app, 'new@demo.test');
      const userId = await userIdOf('new@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      // Nothing is under review: the state machine refuses the approval.
      expect((await decide(reviewer, userId, { decision: 'approve', level: 1 })).ret_code).toBe(30001);
      expect((await notices(client)).unread).toBe(0);
    });

    it('when a level is rejected, then the notice says rejected and kyc-info carries the reason code and note', async () => {
      const { client } = await userWithCase(fixture.app, 'new@demo.test');
      const userId = await userIdOf('new@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const rejected = await decide(reviewer, userId, {
        decision: 'reject_retry',
        level: 1,
        reasonCode: 'BLURRY_IMAGE',
        userMessage: 'The photo of the passport is blurred.',
      });
      expect(rejected.ret_code).toBe(0);
      expect((await notices(client)).notices).toMatchObject([
        { kind: 'kyc_level', ref: 'LEVEL_1', outcome: 'rejected' },
      ]);
      const { envelope } = await client.post('/v3/private/kyc/kyc-info', {});
      const state = (envelope?.result as { state: { level: number }[] }).state.find((s) => s.level === 1);
      expect(state).toMatchObject({
        status: 'FAILED_AND_CAN_RETRY',
        rejectReasonCode: 'BLURRY_IMAGE',
        rejectReason: 'The photo of the passport is blurred.',
      });
    });

    it('when the person marks a notice read, then it is gone; again changes nothing; another person cannot mark it', async () => {
      const { client } = await userWithCase(fixture.app, 'new@demo.test');
      const userId = await userIdOf('new@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      await decide(reviewer, userId, { decision: 'approve', level: 1 });
      const [notice] = (await notices(client)).notices;
      if (!notice) throw new Error('no notice');

      const other = await userClient(fixture.app, 'l1@demo.test');
      expect(await notices(other)).toEqual({ unread: 0, notices: [] });
      const foreign = await other.post('/v3/private/kyc/notices/read', { ids: [notice.id] });
      expect(foreign.envelope).toMatchObject({ ret_code: 0, result: { unread: 0 } });
      expect((await notices(client)).unread).toBe(1);

      const read = await client.post('/v3/private/kyc/notices/read', { ids: [notice.id] });
      expect(read.envelope).toMatchObject({ ret_code: 0, result: { unread: 0 } });
      const again = await client.post('/v3/private/kyc/notices/read', { ids: [notice.id] });
      expect(again.envelope).toMatchObject({ ret_code: 0, result: { unread: 0 } });
      expect(await notices(client)).toEqual({ unread: 0, notices: [] });
    });

    it('when marking read without the CSRF token or with a malformed id, then refused', async () => {
      const client = await userClient(fixture.app, 'new@demo.test');
      const noCsrf = await client.post('/v3/private/kyc/notices/read', { ids: ['1'] }, { noCsrf: true });
      expect(noCsrf.envelope?.ret_code).toBe(10011);
      const bad = await client.post('/v3/private/kyc/notices/read', { ids: ['x'] });
      expect(bad.envelope?.ret_code).toBe(10001);
    });

    it('when staff reject a questionnaire or ask for more, then the person gets a questionnaire notice', async () => {
      const user = await userClient(fixture.app, 'new@demo.test');
      const userId = await userIdOf('new@demo.test');
      await questionnaireUseCasesOf(fixture).requireQuestionnaire(userId, 'rfi', {
        actor: 'system',
        staffId: null,
        requestText: 'Explain the deposit.',
      });
      await submittedQuestionnaire(user, 'rfi', RFI_ANSWERS, 'rfi-1');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const url = `/backoffice/api/questionnaires/${userId}/rfi/decisions`;
      expect((await reviewer.post(url, { decision: 'lock' })).envelope?.ret_code).toBe(0);
      expect((await notices(user)).unread).toBe(0);
      const rejected = await reviewer.post(url, {
        decision: 'reject',
        reasonCode: 'INSUFFICIENT_EVIDENCE',
        userMessage: 'Send the sale contract.',
      });
      expect(rejected.envelope?.ret_code).toBe(0);
      expect((await notices(user)).notices).toMatchObject([
        { kind: 'questionnaire', ref: 'rfi', outcome: 'rejected' },
      ]);
    });
  });

  describe('notices of the other decisions', () => {
    it('when staff request a re-verification, then the person is told to re-verify', async () => {
      const client = await userClient(fixture.app, 'l1@demo.test');
      const userId = await userIdOf('l1@demo.test');
      const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
      const asked = await decide(reviewer, userId, {
        decision: 'request_reverification',
        deadline: Date.now() + 7 * 86_400_000,
      });
      expect(asked.ret_code).toBe(0);
      expect((await notices(client)).notices).toMatchObject([
        { kind: 'reverification', ref: 'REVERIFICATION', outcome: 'info_requested' },
      ]);
    });
  });

  describe('a failed knowledge test', () => {
    it('when the test is failed, then the ids of the wrong answers are returned, never the right options', async () => {
      const client = await userClient(fixture.app, 'new@demo.test');
      const { envelope } = await client.get(
        '/v3/private/kyc/questionnaire-template-detail?template_code=crypto-knowledge-test',
      );
      const template = (envelope?.result as QuestionnaireTemplateDetail).template as QuestionnaireTemplate;
      const questions = template.sections.flatMap((s) => s.pages.flatMap((p) => p.questions));
      // The best option everywhere except the first four questions.
      const answers: Record<string, string> = {};
      const wrong: string[] = [];
      for (const [i, q] of questions.entries()) {
        if (q.type !== 'single_choice') continue;
        const sorted = [...q.options].sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
        const pick = i < 4 ? sorted.at(-1) : sorted[0];
        if (i < 4) wrong.push(q.id);
        answers[q.id] = pick?.value ?? '';
      }
      const token = await questionnaireToken(client, 'crypto-knowledge-test');
      const failed = await submitWithToken(client, token, answers, 'fail-1');
      expect(failed.result).toMatchObject({ status: 'REJECTED', wrongQuestionIds: wrong });
      expect(JSON.stringify(failed.result)).not.toMatch(/correct|rightOption/);
      const detail = await client.get(
        '/v3/private/kyc/questionnaire-template-detail?template_code=crypto-knowledge-test',
      );
      expect((detail.envelope?.result as QuestionnaireTemplateDetail).submitted).toMatchObject({
        wrongQuestionIds: wrong,
      });
    });

    it('when the test is passed, then no wrong answers are listed', async () => {
      const client = await userClient(fixture.app, 'new@demo.test');
      const { envelope } = await client.get(
        '/v3/private/kyc/questionnaire-template-detail?template_code=crypto-knowledge-test',
      );
      const template = (envelope?.result as QuestionnaireTemplateDetail).template as QuestionnaireTemplate;
      const answers: Record<string, string> = {};
      for (const q of template.sections.flatMap((s) => s.pages.flatMap((p) => p.questions)))
        if (q.type === 'single_choice')
          answers[q.id] = [...q.options].sort((a, b) => (b.score ?? 0) - (a.score ?? 0))[0]?.value ?? '';
      const token = await questionnaireToken(client, 'crypto-knowledge-test');
      const passed = await submitWithToken(client, token, answers, 'pass-1');
      expect(passed.result).toMatchObject({ status: 'APPROVED' });
      expect(passed.result).not.toHaveProperty('wrongQuestionIds');
    });
  });

  describe('GET /v3/private/kyc/agreement-document', () => {
    const accept = (client: TestClient) =>
      client.post('/option/asset/amp/agreement/apply', {
        templateCode: 'client-agreement',
        templateVersion: 1,
        answers: { accept_terms: true, accept_risk: true, accept_electronic: true },
      });

    it('when the person accepted the agreement, then they download its version as HTML in their language', async () => {
      const client = await userClient(fixture.app, 'new@demo.test');
      expect((await accept(client)).envelope?.ret_code).toBe(0);
      const { response } = await client.get(
        '/v3/private/kyc/agreement-document?template_code=client-agreement&lang=de-DE',
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['content-disposition']).toBe('attachment; filename="client-agreement-v1.html"');
      expect(response.headers['content-security-policy']).toContain('sandbox');
      expect(response.body).toContain('<html lang="de-DE" dir="ltr">');
      expect(response.body).toContain('Version 1');
      expect(response.body).not.toContain('<script');
    });

    it('when the person accepted nothing, or asks for another kind of template, then 30051; another person cannot read it', async () => {
      const owner = await userClient(fixture.app, 'new@demo.test');
      await accept(owner);
      const other = await userClient(fixture.app, 'l1@demo.test');
      const foreign = await other.get('/v3/private/kyc/agreement-document?template_code=client-agreement');
      expect(foreign.envelope?.ret_code).toBe(30051);
      const unknown = await owner.get('/v3/private/kyc/agreement-document?template_code=no-such');
      expect(unknown.envelope?.ret_code).toBe(30051);
    });

    it('when signed out, then 10007', async () => {
      const response = await fixture.app.inject({
        method: 'GET',
        url: '/v3/private/kyc/agreement-document?template_code=client-agreement',
      });
      expect(response.json()).toMatchObject({ ret_code: 10007 });
    });
  });

  describe('compliance tasks', () => {
    it('when a task is open, then it is due 30 days after it was raised; a done task has no due date', async () => {
      const client = await userClient(fixture.app, 'new@demo.test');
      const userId = await userIdOf('new@demo.test');
      await questionnaireUseCasesOf(fixture).requireQuestionnaire(userId, 'rfi', {
        actor: 'system',
        staffId: null,
        requestText: 'Explain the deposit.',
      });
      const open = (await client.post('/v3/private/kyc/compliance-tasks')).envelope?.result as {
        tasks: { createdAt: number; dueAt: number | null; open: boolean }[];
      };
      expect(open.tasks).toHaveLength(1);
      const [task] = open.tasks;
      expect(task?.dueAt).toBe((task?.createdAt ?? 0) + 30 * 86_400_000);
      await submittedQuestionnaire(client, 'rfi', RFI_ANSWERS, 'rfi-1');
      const done = (await client.post('/v3/private/kyc/compliance-tasks')).envelope?.result as typeof open;
      expect(done.tasks[0]).toMatchObject({ open: false, dueAt: null });
    });
  });
});

/** The OpenAPI document does not depend on the database: SQLite only. */
describe('the next-step endpoints in the OpenAPI document', () => {
  const fixture = useAppFixture(testDatabases()[0] as ReturnType<typeof testDatabases>[number]);

  it('when the OpenAPI document is read, then it lists the notice and agreement-document endpoints', async () => {
    const doc = (await fixture.app.inject({ method: 'GET', url: '/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [url, method] of [
      ['/v3/private/kyc/notices', 'post'],
      ['/v3/private/kyc/notices/read', 'post'],
      ['/v3/private/kyc/agreement-document', 'get'],
    ] as const)
      expect(doc.paths[url]?.[method], `${method} ${url}`).toBeDefined();
  });
});
