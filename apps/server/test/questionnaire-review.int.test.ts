import { describe, expect, it } from 'vitest';
import type {
  AuditResult,
  ComplianceTasksResult,
  Envelope,
  QuestionnaireQueueResult,
  QuestionnaireReviewCase,
  RfiResult,
} from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { staffClient } from './support/kyc-flows.ts';
import {
  RFI_ANSWERS,
  eddAnswers,
  questionnaireUseCasesOf,
  submittedQuestionnaire,
  uploadEvidence,
} from './support/questionnaires.ts';
import type { TestClient } from './support/test-app.ts';
import { signedInClient } from './support/test-app.ts';

const SATOS_ANSWERS = {
  source_type: 'own_exchange',
  vasp_name: 'Kraken',
  vasp_country: 'DE',
  mixer_used: false,
  declaration_true: true,
};

describe.each(testDatabases())('back-office questionnaire review on $name', (testDb) => {
  const fixture = useAppFixture(testDb, { env: { DEMO_STAFF_TOTP: 'required' } });

  const staff = (email: string) => staffClient(fixture.app, email);

  const { userIdOf } = fixture;

  const useCases = () => questionnaireUseCasesOf(fixture);

  /** new@demo.test with an EDD case (pep or not) submitted with two evidence files. */
  async function eddSubmitted(pep = false) {
    const user = await signedInClient(fixture.app, 'new@demo.test');
    const userId = await userIdOf('new@demo.test');
    await useCases().startEdd(userId, { actor: 'system', reason: 'deposits above the expected volume', pep });
    const [wealth, funds] = [await uploadEvidence(user), await uploadEvidence(user)];
    await submittedQuestionnaire(user, 'edd', eddAnswers(wealth, funds), 'edd-1');
    return { user, userId, wealth, funds };
  }

  const decide = (client: TestClient, userId: number, code: string, body: unknown) =>
    client.post(`/backoffice/api/questionnaires/${userId}/${code}/decisions`, body);
  const view = async (client: TestClient, userId: number, code: string) =>
    (await client.get(`/backoffice/api/questionnaires/${userId}/${code}`))
      .envelope as Envelope<QuestionnaireReviewCase | null>;
  const auditActions = async (userId: number) =>
    (
      await fixture.database.db
        .selectFrom('audit_log')
        .select(['action', 'details', 'staff_id'])
        .where('subject_user_id', '=', userId)
        .orderBy('id')
        .execute()
    ).map((r) => ({ action: r.action, details: JSON.parse(r.details) as Record<string, unknown> }));

  describe('GET /backoffice/api/questionnaires/queue', () => {
    it('when questionnaires wait for review, then the queue lists them oldest first, filtered and paged', async () => {
      const { userId } = await eddSubmitted();
      const other = await signedInClient(fixture.app, 'pending@demo.test');
      const otherId = await userIdOf('pending@demo.test');
      await useCases().requireQuestionnaire(otherId, 'rfi', {
        actor: 'reviewer',
        staffId: null,
        requestText: 'Explain the 3 BTC deposit.',
      });
      await submittedQuestionnaire(other, 'rfi', RFI_ANSWERS, 'rfi-1');
      // A test is decided by its score, never queued.
      const reviewer = await staff('reviewer@demo.test');

      const all = (await reviewer.get('/backoffice/api/questionnaires/queue')).envelope;
      expect(all?.ret_code).toBe(0);
      const result = all?.result as QuestionnaireQueueResult;
      expect(result).toMatchObject({ total: 2, totalCapped: false, nextCursor: null });
      expect(result.items.map((i) => [i.type, i.userId, i.templateCode, i.status])).toEqual([
        ['edd', userId, 'edd', 'PENDING'],
        ['questionnaire', otherId, 'rfi', 'PENDING'],
      ]);
      expect(result.items[0]).toMatchObject({
        email: 'new@demo.test',
        site: 'GLOBAL',
        kind: 'questionnaire',
        title: 'edd.title',
        eddStatus: 'Reviewing',
        depositRef: null,
      });

      const only = async (query: string) =>
        (
          (await reviewer.get(`/backoffice/api/questionnaires/queue?${query}`)).envelope
            ?.result as QuestionnaireQueueResult
        ).items.map((i) => i.templateCode);
      expect(await only('templateCode=rfi')).toEqual(['rfi']);
      expect(await only('kind=declaration')).toEqual([]);
      expect(await only('site=TUR')).toEqual([]);
      expect(await only('minAgeHours=1')).toEqual([]);
      expect(await only('status=APPROVED')).toEqual([]);
      const firstPage = (await reviewer.get('/backoffice/api/questionnaires/queue?limit=1')).envelope
        ?.result as QuestionnaireQueueResult;
      expect(firstPage.items.map((i) => i.templateCode)).toEqual(['edd']);
      expect(await only(`limit=1&cursor=${firstPage.nextCursor}`)).toEqual(['rfi']);
      expect(
        (await reviewer.get('/backoffice/api/questionnaires/queue?status=LOST')).envelope?.ret_code,
      ).toBe(10001);
    });

    it('when an auditor or a signed-in user asks, then 10005 / 10007', async () => {
      const auditor = await staff('auditor@demo.test');
      expect((await auditor.get('/backoffice/api/questionnaires/queue')).envelope?.ret_code).toBe(10005);
      const user = await signedInClient(fixture.app, 'new@demo.test');
      expect((await user.get('/backoffice/api/questionnaires/queue')).envelope?.ret_code).toBe(10007);
    });
  });

  describe('GET /backoffice/api/questionnaires/:userId/:templateCode and evidence', () => {
    it('when a reviewer opens an EDD response, then the answers are decrypted with their label keys, evidence, case and tasks listed, and the view audited', async () => {
      const { userId, wealth, funds } = await eddSubmitted();
      const reviewer = await staff('reviewer@demo.test');
      const envelope = await view(reviewer, userId, 'edd');
      expect(envelope.ret_code).toBe(0);
      const result = envelope.result as QuestionnaireReviewCase;
      expect(result).toMatchObject({
        userId,
        email: 'new@demo.test',
        template: { code: 'edd', version: 1, review: 'staff' },
        status: 'PENDING',
        edd: { status: 'Reviewing', pep: false, triggerReason: 'deposits above the expected volume' },
        satos: [],
      });
      const answers = result.submission?.answers ?? [];
      expect(answers.find((a) => a.questionId === 'source_of_wealth')).toMatchObject({
        type: 'multiple_choice',
        label: 'edd.q.source_of_wealth.label',
        value: ['employment', 'investments'],
        optionLabels: ['edd.q.source_of_wealth.o.employment', 'edd.q.source_of_wealth.o.investments'],
      });
      expect(answers.find((a) => a.questionId === 'net_worth_usd')?.value).toBe(850000);
      expect(result.evidence.map((e) => e.id).sort()).toEqual([wealth, funds].sort());
      expect(result.history).toMatchObject([{ event: 'submit', actor: 'user' }]);
      expect(result.tasks).toMatchObject([{ kind: 'edd', open: false }]);
      expect(await auditActions(userId)).toEqual([
        {
          action: 'questionnaire.view',
          details: { templateCode: 'edd', submissionId: result.submission?.id },
        },
      ]);

      expect((await view(reviewer, userId, 'no-such-template')).ret_code).toBe(51004);
      expect((await view(reviewer, 999999, 'edd')).ret_code).toBe(10001);
      const auditor = await staff('auditor@demo.test');
      expect((await view(auditor, userId, 'edd')).ret_code).toBe(10005);
    });

    it("when evidence is opened, then the decrypted bytes come with a sandbox CSP and nosniff, audited; another user's or template's id is 404", async () => {
      const { userId, wealth } = await eddSubmitted();
      const reviewer = await staff('reviewer@demo.test');
      const url = (uid: number, code: string, id: string) =>
        `/backoffice/api/questionnaires/${uid}/${code}/evidence/${id}`;
      const { response } = await reviewer.get(url(userId, 'edd', wealth));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain('sandbox');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect((await auditActions(userId)).map((a) => a.action)).toEqual(['questionnaire.evidence.view']);

      // The same id under another user, or under another template of the same user, is not found.
      const otherId = await userIdOf('pending@demo.test');
      const foreign = await reviewer.get(url(otherId, 'edd', wealth));
      expect(foreign.response.statusCode).toBe(404);
      expect(foreign.envelope?.ret_code).toBe(10001);
      expect((await reviewer.get(url(userId, 'rfi', wealth))).response.statusCode).toBe(404);
      expect((await reviewer.get(url(userId, 'edd', 'not-hex'))).envelope?.ret_code).toBe(10001);
      // An unattached upload (not part of any submission) is not reviewable either.
      const loose = await uploadEvidence(await signedInClient(fixture.app, 'new@demo.test'));
      expect((await reviewer.get(url(userId, 'edd', loose))).response.statusCode).toBe(404);
      const auditor = await staff('auditor@demo.test');
      expect((await auditor.get(url(userId, 'edd', wealth))).envelope?.ret_code).toBe(10005);
      expect((await auditActions(userId)).map((a) => a.action)).toEqual(['questionnaire.evidence.view']);
    });
  });

  describe('POST …/decisions', () => {
    it('when an EDD response is rejected, resubmitted and approved, then the user sees each status and every decision is audited', async () => {
      const { user, userId } = await eddSubmitted();
      const reviewer = await staff('reviewer@demo.test');

      // Approve before taking it: not a transition.
      const early = await decide(reviewer, userId, 'edd', { decision: 'approve' });
      expect(early.envelope?.ret_code).toBe(51001);
      expect((await decide(reviewer, userId, 'edd', { decision: 'lock' })).envelope?.result).toMatchObject({
        status: 'PENDING_NO_EDIT',
      });
      // While a reviewer holds it, the user cannot amend.
      const token = (await user.get('/v3/private/kyc/questionnaire-token?template_code=edd')).envelope;
      expect(token?.ret_code).toBe(0);
      const missing = await decide(reviewer, userId, 'edd', { decision: 'reject', reasonCode: 'SOW' });
      expect(missing.envelope?.ret_code).toBe(10001);
      const rejected = await decide(reviewer, userId, 'edd', {
        decision: 'reject',
        reasonCode: 'SOW_UNCLEAR',
        userMessage: 'Please add the broker statements for 2023.',
      });
      expect(rejected.envelope?.result).toMatchObject({
        status: 'REJECTED',
        reason: 'Please add the broker statements for 2023.',
        edd: { status: 'Reject', reason: 'Please add the broker statements for 2023.' },
      });
      expect((await user.get('/v3/private/aml/get-edd-info')).envelope?.result).toMatchObject({
        status: 'Reject',
        reason: 'Please add the broker statements for 2023.',
        questionnaireStatus: 'REJECTED',
      });

      const [wealth, funds] = [await uploadEvidence(user), await uploadEvidence(user)];
      await submittedQuestionnaire(user, 'edd', eddAnswers(wealth, funds), 'edd-2');
      expect((await user.get('/v3/private/aml/get-edd-info')).envelope?.result).toMatchObject({
        status: 'Reviewing',
        questionnaireStatus: 'PENDING',
      });
      await decide(reviewer, userId, 'edd', { decision: 'lock' });
      const approved = await decide(reviewer, userId, 'edd', { decision: 'approve' });
      expect(approved.envelope?.result).toMatchObject({
        status: 'APPROVED',
        reason: '',
        edd: { status: 'Pass' },
      });
      const approvedCase = approved.envelope?.result as QuestionnaireReviewCase;
      expect(approvedCase.submissions).toHaveLength(2);
      expect(approvedCase.history.map((h) => [h.actor, h.event])).toEqual([
        ['user', 'submit'],
        ['staff', 'lock'],
        ['staff', 'edd_reject'],
        ['user', 'submit'],
        ['staff', 'lock'],
        ['staff', 'edd_pass'],
      ]);
      expect((await user.get('/v3/private/aml/get-edd-info')).envelope?.result).toMatchObject({
        status: 'Pass',
        questionnaireStatus: 'APPROVED',
      });
      const decisions = (await auditActions(userId)).filter((a) => a.action === 'questionnaire.decision');
      expect(decisions.map((d) => d.details.decision)).toEqual(['lock', 'edd_reject', 'lock', 'edd_pass']);
      expect(decisions[1]?.details).toMatchObject({
        reasonCode: 'SOW_UNCLEAR',
        from: 'PENDING_NO_EDIT',
        to: 'REJECTED',
        eddFrom: 'Reviewing',
        eddTo: 'Reject',
      });
      // Approving again finds it decided already (issue 14): 30081, as for a decision that lost a race.
      expect((await decide(reviewer, userId, 'edd', { decision: 'approve' })).envelope?.ret_code).toBe(30081);
    });

    it('when a PEP case is passed, then only a senior reviewer may; lock and release work for any reviewer', async () => {
      const { userId } = await eddSubmitted(true);
      const reviewer = await staff('reviewer@demo.test');
      await decide(reviewer, userId, 'edd', { decision: 'lock' });
      expect((await decide(reviewer, userId, 'edd', { decision: 'release' })).envelope?.result).toMatchObject(
        {
          status: 'PENDING',
        },
      );
      await decide(reviewer, userId, 'edd', { decision: 'lock' });
      const refused = await decide(reviewer, userId, 'edd', { decision: 'approve' });
      expect(refused.envelope?.ret_code).toBe(51001);
      const unchanged = (await view(reviewer, userId, 'edd')).result;
      expect(unchanged).toMatchObject({ status: 'PENDING_NO_EDIT', edd: { status: 'Reviewing', pep: true } });
      const senior = await staff('senior@demo.test');
      expect((await decide(senior, userId, 'edd', { decision: 'approve' })).envelope?.result).toMatchObject({
        status: 'APPROVED',
        edd: { status: 'Pass' },
      });
      const auditor = await staff('auditor@demo.test');
      expect((await decide(auditor, userId, 'edd', { decision: 'lock' })).envelope?.ret_code).toBe(10005);
    });

    it('when more information is requested, then the questionnaire reopens with a task the user sees', async () => {
      const user = await signedInClient(fixture.app, 'new@demo.test');
      const userId = await userIdOf('new@demo.test');
      await submittedQuestionnaire(user, 'rfi', RFI_ANSWERS, 'rfi-1');
      const reviewer = await staff('reviewer@demo.test');
      // From PENDING a reviewer must take it first.
      const early = await decide(reviewer, userId, 'rfi', { decision: 'request_info', requestText: 'More.' });
      expect(early.envelope?.ret_code).toBe(51001);
      await decide(reviewer, userId, 'rfi', { decision: 'lock' });
      const asked = await decide(reviewer, userId, 'rfi', {
        decision: 'request_info',
        requestText: 'Please upload the sale contract of the flat.',
      });
      expect(asked.envelope?.result).toMatchObject({ status: 'UNSUBMIT' });
      const tasks = (await user.post('/v3/private/kyc/compliance-tasks')).envelope
        ?.result as ComplianceTasksResult;
      expect(tasks.tasks).toMatchObject([
        {
          kind: 'rfi',
          templateCode: 'rfi',
          status: 'UNSUBMIT',
          open: true,
          requestText: 'Please upload the sale contract of the flat.',
        },
      ]);
      const body = { decision: 'request_info', requestText: 'x', depositRef: 'dep-0001-btc' };
      expect((await decide(reviewer, userId, 'rfi', body)).envelope?.ret_code).toBe(10001);
    });

    it('when a SATOS deposit verification is decided, then it names the deposit, and request_info is refused', async () => {
      const user = await signedInClient(fixture.app, 'new@demo.test');
      const userId = await userIdOf('new@demo.test');
      const created = await user.post('/v3/private/kyc/create-satos-questionnaire', {
        depositRef: 'dep-0001-btc',
        coin: 'BTC',
        network: 'BTC',
        templateVersion: 1,
        answers: SATOS_ANSWERS,
      });
      expect(created.envelope).toMatchObject({ ret_code: 0, result: { status: 'PENDING' } });
      const reviewer = await staff('reviewer@demo.test');
      const queue = (await reviewer.get('/backoffice/api/questionnaires/queue?templateCode=satos-deposit'))
        .envelope?.result as QuestionnaireQueueResult;
      expect(queue.items).toMatchObject([{ type: 'satos', userId, depositRef: 'dep-0001-btc' }]);
      const opened = (await view(reviewer, userId, 'satos-deposit')).result;
      expect(opened?.satos).toMatchObject([
        { depositRef: 'dep-0001-btc', coin: 'BTC', status: 'PENDING', submission: { templateVersion: 1 } },
      ]);
      expect(opened?.satos[0]?.submission.answers.find((a) => a.questionId === 'vasp_name')?.value).toBe(
        'Kraken',
      );

      expect((await decide(reviewer, userId, 'satos-deposit', { decision: 'lock' })).envelope?.ret_code).toBe(
        10001,
      );
      const info = { decision: 'request_info', requestText: 'Who sent it?' };
      expect((await decide(reviewer, userId, 'satos-deposit', info)).envelope?.ret_code).toBe(51001);
      const ref = { depositRef: 'dep-0001-btc' };
      await decide(reviewer, userId, 'satos-deposit', { decision: 'lock', ...ref });
      const rejected = await decide(reviewer, userId, 'satos-deposit', {
        decision: 'reject',
        reasonCode: 'NO_PROOF',
        userMessage: 'Please name the exchange account holder.',
        ...ref,
      });
      expect(rejected.envelope?.result).toMatchObject({
        satos: [{ status: 'REJECTED', reason: 'Please name the exchange account holder.' }],
      });
      const query = await user.get('/v3/private/kyc/query-satos-questionnaire?depositRef=dep-0001-btc');
      expect(query.envelope?.result).toMatchObject({
        status: 'REJECTED',
        reason: 'Please name the exchange account holder.',
      });
      await user.post('/v3/private/kyc/create-satos-questionnaire', {
        depositRef: 'dep-0001-btc',
        coin: 'BTC',
        network: 'BTC',
        templateVersion: 1,
        answers: SATOS_ANSWERS,
      });
      await decide(reviewer, userId, 'satos-deposit', { decision: 'lock', ...ref });
      await decide(reviewer, userId, 'satos-deposit', { decision: 'approve', ...ref });
      const approved = await user.get('/v3/private/kyc/query-satos-questionnaire?depositRef=dep-0001-btc');
      expect(approved.envelope?.result).toMatchObject({ status: 'APPROVED', reason: '' });
      const unknown = { decision: 'approve', depositRef: 'dep-9999-eth' };
      expect((await decide(reviewer, userId, 'satos-deposit', unknown)).envelope?.ret_code).toBe(10001);
      expect(
        (await auditActions(userId))
          .filter((a) => a.action === 'questionnaire.decision')
          .map((a) => a.details.decision),
      ).toEqual(['satos_lock', 'satos_reject', 'satos_lock', 'satos_approve']);
    });
  });

  describe('POST /backoffice/api/users/:userId/rfi', () => {
    it('when a reviewer raises an RFI, then an open rfiQuestion task the user lists, audited; answering closes it', async () => {
      const user = await signedInClient(fixture.app, 'new@demo.test');
      const userId = await userIdOf('new@demo.test');
      const reviewer = await staff('reviewer@demo.test');
      const raised = await reviewer.post(`/backoffice/api/users/${userId}/rfi`, {
        templateCode: 'rfi',
        requestText: 'Please explain the deposit of 3 BTC on 1 March.',
      });
      expect(raised.envelope?.ret_code).toBe(0);
      expect((raised.envelope?.result as RfiResult).task).toMatchObject({
        kind: 'rfi',
        templateCode: 'rfi',
        screen: 'rfiQuestion',
        status: 'UNSUBMIT',
        open: true,
        requestText: 'Please explain the deposit of 3 BTC on 1 March.',
      });
      const tasks = (await user.post('/v3/private/kyc/compliance-tasks')).envelope
        ?.result as ComplianceTasksResult;
      expect(tasks.tasks).toMatchObject([{ kind: 'rfi', open: true }]);
      const other = await signedInClient(fixture.app, 'pending@demo.test');
      expect((await other.post('/v3/private/kyc/compliance-tasks')).envelope?.result).toEqual({ tasks: [] });
      const audited = (await auditActions(userId)).find((a) => a.action === 'questionnaire.rfi');
      expect(audited?.details).toMatchObject({ templateCode: 'rfi', from: 'UNDEFINED', to: 'UNSUBMIT' });

      await submittedQuestionnaire(user, 'rfi', RFI_ANSWERS, 'rfi-answer');
      const after = (await user.post('/v3/private/kyc/compliance-tasks')).envelope
        ?.result as ComplianceTasksResult;
      expect(after.tasks).toMatchObject([{ kind: 'rfi', status: 'PENDING', open: false }]);
      const history = (await view(reviewer, userId, 'rfi')).result?.history ?? [];
      expect(history.map((h) => h.event)).toEqual(['rfi', 'submit']);
    });

    it('when the request is empty, for another template, by an auditor or for an unknown user, then nothing is raised', async () => {
      const userId = await userIdOf('new@demo.test');
      const reviewer = await staff('reviewer@demo.test');
      const raise = (client: TestClient, id: number, body: unknown) =>
        client.post(`/backoffice/api/users/${id}/rfi`, body);
      expect(
        (await raise(reviewer, userId, { templateCode: 'rfi', requestText: '  ' })).envelope?.ret_code,
      ).toBe(10001);
      expect(
        (await raise(reviewer, userId, { templateCode: 'edd', requestText: 'x' })).envelope?.ret_code,
      ).toBe(10001);
      expect(
        (await raise(reviewer, 999999, { templateCode: 'rfi', requestText: 'x' })).envelope?.ret_code,
      ).toBe(10001);
      const auditor = await staff('auditor@demo.test');
      expect(
        (await raise(auditor, userId, { templateCode: 'rfi', requestText: 'x' })).envelope?.ret_code,
      ).toBe(10005);
      expect(await fixture.database.db.selectFrom('compliance_tasks').select('id').execute()).toHaveLength(0);
    });
  });

  describe('audit log', () => {
    it('when an auditor reads the audit log, then every questionnaire view and decision is there', async () => {
      const { userId } = await eddSubmitted();
      const reviewer = await staff('reviewer@demo.test');
      await view(reviewer, userId, 'edd');
      await decide(reviewer, userId, 'edd', { decision: 'lock' });
      const auditor = await staff('auditor@demo.test');
      const log = (await auditor.get(`/backoffice/api/audit?subjectUserId=${userId}`)).envelope
        ?.result as AuditResult;
      expect(log.items.map((i) => [i.action, i.caseRef])).toEqual([
        ['questionnaire.decision', `user:${userId}/questionnaire:edd`],
        ['questionnaire.view', `user:${userId}/questionnaire:edd`],
      ]);
    });
  });
});
