import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type {
  Envelope,
  QuestionnaireAnswers,
  QuestionnaireTemplate,
  QuestionnaireTemplateDetail,
} from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { partnerTokenOf } from './support/kyc-flows.ts';
import {
  RFI_ANSWERS,
  type QuestionnaireToken,
  eddAnswers,
  questionnaireToken,
  questionnaireUseCasesOf,
  submitWithToken,
  uploadEvidence,
} from './support/questionnaires.ts';
import { TestClient, parseEnvelope, signedInClient } from './support/test-app.ts';
import { multipartBody, testJpeg } from './support/uploads.ts';
import { repositories } from '../src/data/repositories/index.ts';
import { questionnairesRepo } from '../src/data/repositories/questionnaires-repo.ts';
import { seedQuestionnaireTemplates } from '../src/domain/questionnaires/template-publishing.ts';

type Result = Record<string, unknown>;

/** The highest- (best) or lowest-scoring option of every question of a test. */
function testAnswers(template: QuestionnaireTemplate, best: boolean): QuestionnaireAnswers {
  const answers: QuestionnaireAnswers = {};
  for (const section of template.sections)
    for (const page of section.pages)
      for (const q of page.questions)
        if (q.type === 'single_choice') {
          const sorted = [...q.options].sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
          answers[q.id] = (best ? sorted[0] : sorted.at(-1))?.value ?? null;
        }
  return answers;
}

describe.each(testDatabases())('questionnaire endpoints on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  const signedIn = (email: string) => signedInClient(fixture.app, email);

  const { userIdOf } = fixture;

  const useCases = () => questionnaireUseCasesOf(fixture);

  async function detail(client: TestClient, code: string) {
    const { envelope } = await client.get(
      `/v3/private/kyc/questionnaire-template-detail?template_code=${code}`,
    );
    return envelope as Envelope<QuestionnaireTemplateDetail | null>;
  }

  async function save(
    client: TestClient,
    token: QuestionnaireToken,
    answers: QuestionnaireAnswers,
    extra: Result = {},
  ) {
    const { envelope } = await client.post('/v3/private/kyc/create-questionnaire', {
      token: token.token,
      templateCode: token.templateCode,
      templateVersion: token.templateVersion,
      answers,
      ...extra,
    });
    return envelope as Envelope<Result | null>;
  }

  describe('GET /v3/private/kyc/questionnaire-template-detail', () => {
    it('when asked for template_code 200, then the AML template v1 with status UNDEFINED and no draft', async () => {
      const client = await signedIn('new@demo.test');
      const { envelope } = await client.get(
        '/v3/private/kyc/questionnaire-template-detail?scene_code=withdraw&request_id=r-1&template_code=200',
      );
      expect(envelope?.ret_code).toBe(0);
      const result = envelope?.result as QuestionnaireTemplateDetail;
      expect(result.template).toMatchObject({ code: 'aml-200', version: 1, externalCode: '200' });
      expect(result).toMatchObject({ status: 'UNDEFINED', editable: true, draft: null, submitted: null });
      const byCode = await detail(client, 'crypto-knowledge-test');
      expect(byCode.result?.template.kind).toBe('test');
    });

    it('when the template is unknown or the caller is signed out, then 51004 / 10007', async () => {
      const client = await signedIn('new@demo.test');
      expect((await detail(client, 'no-such-thing')).ret_code).toBe(51004);
      const response = await fixture.app.inject({
        method: 'GET',
        url: '/v3/private/kyc/questionnaire-template-detail?template_code=200',
      });
      expect(parseEnvelope(response)?.ret_code).toBe(10007);
    });
  });

  describe('drafts: questionnaire-token and create-questionnaire', () => {
    it('when a draft is saved, then a reload shows its answers and page; hidden and unknown answers are refused and lose nothing', async () => {
      const client = await signedIn('new@demo.test');
      const token = await questionnaireToken(client, 'rfi');
      expect(token).toMatchObject({ templateCode: 'rfi', templateVersion: 1 });
      const first = await save(
        client,
        token,
        { response: 'Half typed', has_documents: false },
        { pageIndex: 0 },
      );
      expect(first.ret_code).toBe(0);
      expect(first.result).toMatchObject({
        status: 'UNSUBMIT',
        draft: { answers: { response: 'Half typed' } },
      });

      // documents is shown only when has_documents is true: an answer to it is refused.
      const hidden = await save(client, token, {
        response: 'Changed',
        has_documents: false,
        documents: ['a'.repeat(32)],
      });
      expect(hidden.ret_code).toBe(51002);
      expect(hidden.ret_msg).toContain('documents: hidden_question');
      const unknown = await save(client, token, { injected: 'x' });
      expect(unknown).toMatchObject({ ret_code: 51002, ret_msg: 'injected: unknown_question' });

      const reloaded = (await detail(client, 'rfi')).result;
      expect(reloaded?.status).toBe('UNSUBMIT');
      expect(reloaded?.draft?.answers).toEqual({ response: 'Half typed', has_documents: false });
      expect(reloaded?.progress).toMatchObject({ pages: 1, answered: 2, required: 3 });
    });

    it('when a stale tab saves over a newer draft, then 51001 and the newer draft stays', async () => {
      const client = await signedIn('new@demo.test');
      const token = await questionnaireToken(client, 'rfi');
      const first = await save(client, token, { response: 'First tab' });
      const firstAt = (first.result?.draft as { updatedAt: number }).updatedAt;
      expect(
        (await save(client, token, { response: 'Second tab' }, { baseUpdatedAt: firstAt })).ret_code,
      ).toBe(0);
      const stale = await save(client, token, { response: 'Old tab' }, { baseUpdatedAt: firstAt });
      expect(stale.ret_code).toBe(51001);
      expect((await detail(client, 'rfi')).result?.draft?.answers).toEqual({ response: 'Second tab' });
    });

    it("when the token is another user's, forged or for another version, then 51006 / 51003 and nothing is saved", async () => {
      const alice = await signedIn('new@demo.test');
      const bob = await signedIn('l1@demo.test');
      const bobs = await questionnaireToken(bob, 'rfi');
      expect((await save(alice, bobs, { response: 'Not mine' })).ret_code).toBe(51006);
      expect((await save(alice, { ...bobs, token: `${bobs.token}x` }, { response: 'x' })).ret_code).toBe(
        51006,
      );
      const own = await questionnaireToken(alice, 'rfi');
      expect((await save(alice, { ...own, templateVersion: 2 }, { response: 'x' })).ret_code).toBe(51003);
      expect((await detail(alice, 'rfi')).result).toMatchObject({ status: 'UNDEFINED', draft: null });
      expect((await detail(bob, 'rfi')).result).toMatchObject({ status: 'UNDEFINED', draft: null });
    });
  });

  describe('POST /v3/private/kyc/submit-questionnaire', () => {
    it('when the knowledge test is passed, then APPROVED with its score; the same key answers the first result', async () => {
      const client = await signedIn('new@demo.test');
      const template = (await detail(client, 'crypto-knowledge-test')).result
        ?.template as QuestionnaireTemplate;
      const token = await questionnaireToken(client, 'crypto-knowledge-test');
      const passed = await submitWithToken(client, token, testAnswers(template, true), 'pass-1');
      expect(passed.ret_code).toBe(0);
      expect(passed.result).toMatchObject({
        status: 'APPROVED',
        templateCode: 'crypto-knowledge-test',
        templateVersion: 1,
        score: { score: 13, max: 13, passed: true },
        retryAfter: null,
      });
      const again = await submitWithToken(client, token, testAnswers(template, false), 'pass-1');
      expect(again.result).toEqual(passed.result);
      const rows = await fixture.database.db.selectFrom('questionnaire_submissions').select('id').execute();
      expect(rows).toHaveLength(1);
    });

    it('when the test is failed, then REJECTED with a cool-down; a retry before it is 51005, after it passes', async () => {
      const client = await signedIn('new@demo.test');
      const template = (await detail(client, 'crypto-knowledge-test')).result
        ?.template as QuestionnaireTemplate;
      const token = await questionnaireToken(client, 'crypto-knowledge-test');
      const before = Date.now();
      const failed = await submitWithToken(client, token, testAnswers(template, false), 'fail-1');
      expect(failed.result).toMatchObject({ status: 'REJECTED', score: { passed: false } });
      const retryAfter = Number(failed.result?.retryAfter);
      expect(retryAfter).toBeGreaterThanOrEqual(before + 24 * 3_600_000);
      const view = (await detail(client, 'crypto-knowledge-test')).result;
      expect(view).toMatchObject({ status: 'REJECTED', retryAfter, editable: true });
      expect(view?.reason).toContain('below the pass mark');

      const early = await submitWithToken(client, token, testAnswers(template, true), 'retry-1');
      expect(early.ret_code).toBe(51005);
      expect((await detail(client, 'crypto-knowledge-test')).result?.status).toBe('REJECTED');

      // The cool-down is over.
      await fixture.database.db
        .updateTable('questionnaire_responses')
        .set({ retry_after: Date.now() - 1 })
        .where('template_code', '=', 'crypto-knowledge-test')
        .execute();
      const retried = await submitWithToken(client, token, testAnswers(template, true), 'retry-2');
      expect(retried.result).toMatchObject({ status: 'APPROVED', score: { passed: true } });
    });

    it('when a staff-reviewed answer set is submitted, then PENDING, the draft cleared, the answers stored sealed', async () => {
      const client = await signedIn('new@demo.test');
      const token = await questionnaireToken(client, 'rfi');
      await save(client, token, { response: 'Draft' });
      const incomplete = await submitWithToken(client, token, { response: 'Too short' }, 'rfi-0');
      expect(incomplete.ret_code).toBe(51002);
      expect(incomplete.ret_msg).toContain('declaration_true: required');
      expect((await detail(client, 'rfi')).result?.draft?.answers).toEqual({ response: 'Draft' });

      const done = await submitWithToken(client, token, RFI_ANSWERS, 'rfi-1');
      expect(done.result).toMatchObject({ status: 'PENDING', score: null });
      const view = (await detail(client, 'rfi')).result;
      expect(view).toMatchObject({ status: 'PENDING', editable: true, draft: null });
      expect(view?.submitted?.answers).toEqual(RFI_ANSWERS);
      const row = await fixture.database.db
        .selectFrom('questionnaire_submissions')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(Buffer.from(row.answers_enc).toString('latin1')).not.toContain('flat');
    });

    it('when two requests with one key race, then one submission and both answer it', async () => {
      const client = await signedIn('new@demo.test');
      const token = await questionnaireToken(client, 'rfi');
      const [a, b] = await Promise.all([
        submitWithToken(client, token, RFI_ANSWERS, 'same-key'),
        submitWithToken(client, token, RFI_ANSWERS, 'same-key'),
      ]);
      expect(a.ret_code).toBe(0);
      expect(b.result).toEqual(a.result);
      expect(
        await fixture.database.db.selectFrom('questionnaire_submissions').select('id').execute(),
      ).toHaveLength(1);
    });

    it('when a new version is published mid-way, then a draft stays on its version and others get the new one', async () => {
      const drafting = await signedIn('new@demo.test');
      const v1 = await questionnaireToken(drafting, 'rfi');
      await save(drafting, v1, { response: 'Started on v1' });
      const body = JSON.parse(
        (await questionnairesRepo(fixture.database.db).templateBody('rfi', 1)) ?? '{}',
      ) as QuestionnaireTemplate;
      await questionnairesRepo(fixture.database.db).insertTemplateIfAbsent({
        code: 'rfi',
        version: 2,
        externalCode: null,
        kind: 'questionnaire',
        review: 'staff',
        body: JSON.stringify({ ...body, version: 2 }),
        publishedAt: Date.now(),
      });
      // Published outside the app (as boot does on another instance), announced as boot announces it.
      fixture.app.referenceChanged('questionnaire-templates');
      expect((await detail(drafting, 'rfi')).result?.template.version).toBe(1);
      expect((await questionnaireToken(drafting, 'rfi')).templateVersion).toBe(1);
      const other = await signedIn('l1@demo.test');
      const v2 = await questionnaireToken(other, 'rfi');
      expect(v2.templateVersion).toBe(2);
      // Answers for v2 from the v1 drafter: refused, nothing changes.
      expect(
        (await submitWithToken(drafting, { ...v1, templateVersion: 2 }, RFI_ANSWERS, 'k-v2')).ret_code,
      ).toBe(51003);
      expect((await submitWithToken(drafting, v1, RFI_ANSWERS, 'k-v1')).result).toMatchObject({
        templateVersion: 1,
      });
      // Retiring v1 moves a drafter to v2.
      await questionnairesRepo(fixture.database.db).retireTemplate('rfi', 1, Date.now());
      fixture.app.referenceChanged('questionnaire-templates');
      expect((await submitWithToken(other, v2, RFI_ANSWERS, 'k-other')).result).toMatchObject({
        templateVersion: 2,
      });
    });
  });

  describe('POST /v3/private/kyc/questionnaire-evidence', () => {
    it("when evidence is uploaded, then it is the caller's alone: another user's id is refused; a submitted one is kept by an amendment of the same questionnaire and refused in another", async () => {
      const alice = await signedIn('new@demo.test');
      const bob = await signedIn('l1@demo.test');
      const bobsFile = await uploadEvidence(bob);
      const alicesFile = await uploadEvidence(alice);
      const token = await questionnaireToken(alice, 'rfi');
      const withDocs = (ids: string[]) => ({ ...RFI_ANSWERS, has_documents: true, documents: ids });

      const foreign = await submitWithToken(alice, token, withDocs([bobsFile]), 'ev-1');
      expect(foreign.ret_code).toBe(30011);
      const unknown = await submitWithToken(alice, token, withDocs(['f'.repeat(32)]), 'ev-2');
      expect(unknown.ret_code).toBe(30011);
      expect((await detail(alice, 'rfi')).result?.status).toBe('UNDEFINED');

      const ok = await submitWithToken(alice, token, withDocs([alicesFile]), 'ev-3');
      expect(ok.result).toMatchObject({ status: 'PENDING' });
      const row = await fixture.database.db
        .selectFrom('questionnaire_evidence')
        .selectAll()
        .where('id', '=', alicesFile)
        .executeTakeFirstOrThrow();
      expect(row.submission_id).toBe(Number(ok.result?.submissionId));

      // Amending the answers (still PENDING) keeps the submitted file: it stays with the first submission,
      // which keeps it in the history, and the amendment's answers name it too.
      const second = await uploadEvidence(alice);
      const amended = await submitWithToken(alice, token, withDocs([alicesFile, second]), 'ev-4');
      expect(amended.ret_code).toBe(0);
      expect(amended.result).toMatchObject({ status: 'PENDING' });
      const rows = await fixture.database.db
        .selectFrom('questionnaire_evidence')
        .select(['id', 'submission_id'])
        .where('id', 'in', [alicesFile, second])
        .execute();
      expect(Object.fromEntries(rows.map((r) => [r.id, Number(r.submission_id)]))).toEqual({
        [alicesFile]: Number(ok.result?.submissionId),
        [second]: Number(amended.result?.submissionId),
      });

      // The same file in another questionnaire's answers is refused, and nothing of that one is stored.
      const eddToken = await questionnaireToken(alice, 'edd');
      const elsewhere = await submitWithToken(alice, eddToken, eddAnswers(alicesFile, second), 'ev-5');
      expect(elsewhere.ret_code).toBe(30011);
      expect((await detail(alice, 'edd')).result?.status).toBe('UNDEFINED');
    });

    it('when the file is not an image or PDF, then 40001 and nothing is stored', async () => {
      const client = await signedIn('new@demo.test');
      const body = multipartBody(
        {},
        { name: 'x.exe', type: 'image/jpeg', bytes: Buffer.from('MZ not an image') },
      );
      const { envelope } = await client.send(
        'POST',
        '/v3/private/kyc/questionnaire-evidence',
        undefined,
        body,
      );
      expect(envelope?.ret_code).toBe(40001);
      expect(
        await fixture.database.db.selectFrom('questionnaire_evidence').select('id').execute(),
      ).toHaveLength(0);
    });
  });

  describe('POST /option/asset/amp/agreement/apply', () => {
    it('when the client agreement is accepted, then APPROVED with version, time, address and language; again answers the same', async () => {
      const client = await signedIn('new@demo.test');
      const body = {
        templateCode: 'client-agreement',
        templateVersion: 1,
        answers: { accept_terms: true, accept_risk: true, accept_electronic: true },
      };
      const { envelope } = await client.post('/option/asset/amp/agreement/apply', body, {
        headers: { 'accept-language': 'de-DE,de;q=0.9', 'user-agent': 'Agreement test' },
      });
      expect(envelope?.result).toMatchObject({ status: 'APPROVED', templateVersion: 1 });
      const row = await fixture.database.db
        .selectFrom('questionnaire_submissions')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ template_version: 1, language: 'de-DE', user_agent: 'Agreement test' });
      expect(row.ip_address).not.toBe('');
      const again = await client.post('/option/asset/amp/agreement/apply', body);
      expect(again.envelope?.result).toEqual(envelope?.result);

      const refused = await client.post('/option/asset/amp/agreement/apply', {
        ...body,
        answers: { accept_terms: true, accept_risk: false, accept_electronic: true },
      });
      expect(refused.envelope?.ret_code).toBe(0); // the first acceptance stands
      const notAgreement = await client.post('/option/asset/amp/agreement/apply', {
        ...body,
        templateCode: 'rfi',
      });
      expect(notAgreement.envelope?.ret_code).toBe(51004);
    });

    it('when a clause is not accepted, then 51002 and nothing is recorded', async () => {
      const client = await signedIn('new@demo.test');
      const { envelope } = await client.post('/option/asset/amp/agreement/apply', {
        templateCode: 'client-agreement',
        templateVersion: 1,
        answers: { accept_terms: true, accept_risk: false, accept_electronic: true },
      });
      expect(envelope).toMatchObject({ ret_code: 51002, ret_msg: 'accept_risk: must_accept' });
      expect(
        await fixture.database.db.selectFrom('questionnaire_submissions').select('id').execute(),
      ).toHaveLength(0);
    });
  });

  describe('AML result, EDD, tasks and pop-ups', () => {
    it('when level 1 is verified, then the AML questionnaire is needed and listed as a task until submitted', async () => {
      const verified = await signedIn('l1@demo.test');
      const aml = await verified.get('/v3/private/kyc/get-aml-result?sceneCode=withdraw');
      expect(aml.envelope?.result).toMatchObject({
        sceneCode: 'withdraw',
        templateCode: '200',
        status: 'UNDEFINED',
        needQuestionnaire: true,
      });
      const tasks = await verified.post('/v3/private/kyc/compliance-tasks');
      expect(tasks.envelope?.result).toMatchObject({
        tasks: [{ kind: 'aml', templateCode: 'aml-200', screen: 'question', open: true }],
      });
      const popup = await verified.post('/v3/private/vip/kycpopupinfo', { bus_type: 1 });
      expect(popup.envelope?.result).toMatchObject({ show: true, task: { kind: 'aml' } });

      const fresh = await signedIn('new@demo.test');
      expect((await fresh.get('/v3/private/kyc/get-aml-result')).envelope?.result).toMatchObject({
        needQuestionnaire: false,
      });
      expect((await fresh.post('/v3/private/kyc/compliance-tasks')).envelope?.result).toEqual({ tasks: [] });
      expect((await fresh.post('/v3/private/vip/kycpopupinfo', { bus_type: 1 })).envelope?.result).toEqual({
        show: false,
        task: null,
      });
      expect((await fresh.post('/v3/private/vip/kycpopupinfo', { bus_type: 7 })).envelope?.ret_code).toBe(
        10001,
      );
    });

    it('when staff raise an RFI, then it is the open task of that user only; answering it closes it', async () => {
      const client = await signedIn('new@demo.test');
      const other = await signedIn('pending@demo.test');
      await useCases().requireQuestionnaire(await userIdOf('new@demo.test'), 'rfi', {
        actor: 'reviewer',
        staffId: null,
        requestText: 'Please explain the deposit of 3 BTC on 1 March.',
      });
      const list = await client.post('/segw/task/v1/task/list', { status: 'open' });
      expect(list.envelope?.result).toMatchObject({
        total: 1,
        list: [
          {
            kind: 'rfi',
            templateCode: 'rfi',
            screen: 'rfiQuestion',
            status: 'UNSUBMIT',
            open: true,
            requestText: 'Please explain the deposit of 3 BTC on 1 March.',
          },
        ],
      });
      expect((await client.post('/segw/task/v1/task/region')).envelope?.result).toEqual({
        region: 'GLOBAL',
        openTasks: 1,
      });
      expect((await other.post('/segw/task/v1/task/list')).envelope?.result).toMatchObject({ total: 0 });
      expect(
        (await client.post('/v3/private/vip/kycpopupinfo', { bus_type: 1 })).envelope?.result,
      ).toMatchObject({
        show: true,
        task: { kind: 'rfi' },
      });

      await submitWithToken(client, await questionnaireToken(client, 'rfi'), RFI_ANSWERS, 'answer-rfi');
      const after = await client.post('/v3/private/kyc/compliance-tasks');
      expect(after.envelope?.result).toMatchObject({
        tasks: [{ kind: 'rfi', status: 'PENDING', open: false }],
      });
      expect(
        (await client.post('/segw/task/v1/task/list', { status: 'open' })).envelope?.result,
      ).toMatchObject({
        total: 0,
      });
    });

    it('when an EDD case is started, then get-edd-info shows UnSubmit and the EDD task is open for that user only', async () => {
      const client = await signedIn('new@demo.test');
      expect((await client.get('/v3/private/aml/get-edd-info')).envelope?.result).toMatchObject({
        status: 'Unknown',
        questionnaireStatus: 'UNDEFINED',
      });
      await useCases().startEdd(await userIdOf('new@demo.test'), {
        actor: 'system',
        reason: 'high-risk country',
        pep: false,
      });
      expect((await client.get('/v3/private/aml/get-edd-info')).envelope?.result).toMatchObject({
        status: 'UnSubmit',
      });
      expect((await client.post('/v3/private/kyc/compliance-tasks')).envelope?.result).toMatchObject({
        tasks: [{ kind: 'edd', screen: 'eddQuestionnaire', open: true }],
      });
      // A second start while the case waits for the user is not a transition.
      await expect(
        useCases().startEdd(await userIdOf('new@demo.test'), {
          actor: 'system',
          reason: 'again',
          pep: false,
        }),
      ).rejects.toMatchObject({ retCode: 51001 });
      // Another user's case is not theirs to see.
      const other = await signedIn('l1@demo.test');
      expect((await other.get('/v3/private/aml/get-edd-info')).envelope?.result).toMatchObject({
        status: 'Unknown',
      });
    });

    it('when the EDD questionnaire is submitted with evidence, then the case goes to Reviewing in the same step', async () => {
      const client = await signedIn('new@demo.test');
      await useCases().startEdd(await userIdOf('new@demo.test'), {
        actor: 'system',
        reason: 'deposits above the expected volume',
        pep: false,
      });
      const [wealth, funds] = [await uploadEvidence(client), await uploadEvidence(client)];
      const answers = eddAnswers(wealth, funds);
      const result = await submitWithToken(client, await questionnaireToken(client, 'edd'), answers, 'edd-1');
      expect(result.result).toMatchObject({ status: 'PENDING', templateCode: 'edd' });
      expect((await client.get('/v3/private/aml/get-edd-info')).envelope?.result).toMatchObject({
        status: 'Reviewing',
        questionnaireStatus: 'PENDING',
      });
      expect((await client.post('/v3/private/kyc/compliance-tasks')).envelope?.result).toMatchObject({
        tasks: [{ kind: 'edd', open: false }],
      });
    });

    it('when the pop-up is asked for, then the SATOS template keys come back without a session', async () => {
      const response = await fixture.app.inject({
        method: 'GET',
        url: '/fiat/public/channel/pop-up?type=satos_deposit_verify',
      });
      expect(parseEnvelope(response)?.result).toMatchObject({
        type: 'satos_deposit_verify',
        enabled: true,
        title: 'satos-deposit.title',
        templateCode: 'satos-deposit',
        templateVersion: 1,
      });
      const other = await fixture.app.inject({
        method: 'GET',
        url: '/fiat/public/channel/pop-up?type=other',
      });
      expect(parseEnvelope(other)?.ret_code).toBe(10001);
    });
  });

  describe('authorisation and review lock', () => {
    it('when signed out, then every private questionnaire endpoint answers 10007 and stores nothing', async () => {
      const anonymous = new TestClient(fixture.app);
      await anonymous.visit();
      const calls: [string, string, unknown][] = [
        ['GET', '/v3/private/kyc/questionnaire-template-detail?template_code=200', undefined],
        ['GET', '/v3/private/kyc/questionnaire-token?template_code=rfi', undefined],
        [
          'POST',
          '/v3/private/kyc/create-questionnaire',
          { token: 'x', templateCode: 'rfi', templateVersion: 1, answers: {} },
        ],
        [
          'POST',
          '/v3/private/kyc/submit-questionnaire',
          { token: 'x', templateCode: 'rfi', templateVersion: 1, answers: {} },
        ],
        [
          'POST',
          '/option/asset/amp/agreement/apply',
          { templateCode: 'client-agreement', templateVersion: 1, answers: {} },
        ],
        ['GET', '/v3/private/kyc/get-aml-result?sceneCode=x', undefined],
        ['GET', '/v3/private/aml/get-edd-info', undefined],
        ['POST', '/v3/private/kyc/compliance-tasks', undefined],
        ['POST', '/segw/task/v1/task/list', {}],
        ['POST', '/segw/task/v1/task/region', undefined],
        ['POST', '/v3/private/vip/kycpopupinfo', { bus_type: 1 }],
        ['POST', '/v3/private/kyc/create-satos-questionnaire', {}],
        ['GET', '/v3/private/kyc/query-satos-questionnaire?depositRef=dep-0001-btc', undefined],
      ];
      for (const [method, url, body] of calls) {
        const { envelope } = await anonymous.send(method as 'GET' | 'POST', url, body);
        expect(envelope?.ret_code, `${method} ${url}`).toBe(10007);
      }
      const upload = multipartBody({}, { name: 'a.jpg', type: 'image/jpeg', bytes: await testJpeg() });
      const { envelope } = await anonymous.send(
        'POST',
        '/v3/private/kyc/questionnaire-evidence',
        undefined,
        upload,
      );
      expect(envelope?.ret_code).toBe(10007);
      expect(
        await fixture.database.db.selectFrom('questionnaire_evidence').select('id').execute(),
      ).toHaveLength(0);
      expect(
        await fixture.database.db.selectFrom('questionnaire_responses').select('id').execute(),
      ).toHaveLength(0);
    });

    it('when a reviewer holds the submission (PENDING_NO_EDIT), then saving and submitting are 51001 and change nothing', async () => {
      const client = await signedIn('new@demo.test');
      const token = await questionnaireToken(client, 'rfi');
      expect((await submitWithToken(client, token, RFI_ANSWERS, 'lock-1')).result).toMatchObject({
        status: 'PENDING',
      });
      // What the back office's lock does.
      await fixture.database.db
        .updateTable('questionnaire_responses')
        .set({ status: 'PENDING_NO_EDIT' })
        .where('template_code', '=', 'rfi')
        .execute();
      expect((await save(client, token, { response: 'Changing my answer' })).ret_code).toBe(51001);
      expect((await submitWithToken(client, token, RFI_ANSWERS, 'lock-2')).ret_code).toBe(51001);
      const view = (await detail(client, 'rfi')).result;
      expect(view).toMatchObject({ status: 'PENDING_NO_EDIT', editable: false, draft: null });
      expect(view?.submitted?.answers).toEqual(RFI_ANSWERS);
      expect(
        await fixture.database.db.selectFrom('questionnaire_submissions').select('id').execute(),
      ).toHaveLength(1);
    });
  });

  describe('templates and documentation', () => {
    it('when the templates are seeded again, then nothing is published twice and every file is in the database', async () => {
      const repo = questionnairesRepo(fixture.database.db);
      const dir = path.resolve(import.meta.dirname, '../../../content/questionnaires');
      const again = await seedQuestionnaireTemplates(repositories(fixture.database.db), dir, Date.now());
      expect(again).toEqual({ published: [], changed: [], renewed: 0 });
      const codes = (await repo.templateVersions()).map((t) => `${t.code}.v${t.version}.json`).sort();
      expect(codes).toEqual(
        readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .sort(),
      );
    });
  });

  describe('SATOS deposit questionnaire', () => {
    const satos = {
      depositRef: 'dep-0001-btc',
      coin: 'BTC',
      network: 'BTC',
      templateVersion: 1,
      answers: {
        source_type: 'own_exchange',
        vasp_name: 'Example Exchange Ltd',
        vasp_country: 'GB',
        mixer_used: false,
        declaration_true: true,
      },
    };

    it('when a deposit is declared, then PENDING for its owner only; amended while pending; hidden answers refused', async () => {
      const client = await signedIn('new@demo.test');
      const other = await signedIn('l1@demo.test');
      const hidden = await client.post('/v3/private/kyc/create-satos-questionnaire', {
        ...satos,
        answers: { ...satos.answers, wallet_address: 'bc1qexampleexampleexampleexample00' },
      });
      expect(hidden.envelope?.ret_code).toBe(51002);
      const created = await client.post('/v3/private/kyc/create-satos-questionnaire', satos);
      expect(created.envelope?.result).toMatchObject({
        depositRef: 'dep-0001-btc',
        status: 'PENDING',
        coin: 'BTC',
      });
      const query = await client.get('/v3/private/kyc/query-satos-questionnaire?depositRef=dep-0001-btc');
      expect(query.envelope?.result).toMatchObject({ status: 'PENDING', templateVersion: 1 });
      const foreign = await other.get('/v3/private/kyc/query-satos-questionnaire?depositRef=dep-0001-btc');
      expect(foreign.envelope?.result).toMatchObject({ status: 'UNDEFINED', coin: '' });
      const amended = await client.post('/v3/private/kyc/create-satos-questionnaire', {
        ...satos,
        answers: { ...satos.answers, vasp_name: 'Another Exchange' },
      });
      expect(amended.envelope?.result).toMatchObject({ status: 'PENDING' });
      expect(await fixture.database.db.selectFrom('satos_verifications').select('id').execute()).toHaveLength(
        1,
      );
      expect(
        (await client.post('/v3/private/kyc/create-satos-questionnaire', { ...satos, templateVersion: 9 }))
          .envelope?.ret_code,
      ).toBe(51003);
      // SATOS is answered per deposit, never through create/submit-questionnaire.
      expect(
        (await client.get('/v3/private/kyc/questionnaire-token?template_code=satos-deposit')).envelope
          ?.ret_code,
      ).toBe(51004);
    });

    it('when called in SDK mode, then the token user is the one who declares', async () => {
      const userId = await userIdOf('l1@demo.test');
      const token = await partnerTokenOf(fixture.app, { uid: userId }, 'demo-app');
      const headers = { 'kyc-access-token': token, 'kyc-access-business': 'demo-app' };
      const created = await fixture.app.inject({
        method: 'POST',
        url: '/v1/s1/kyc/integration/create-satos-questionnaire',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(satos),
      });
      expect(parseEnvelope(created)?.result).toMatchObject({ status: 'PENDING' });
      const query = await fixture.app.inject({
        method: 'GET',
        url: '/v1/s1/kyc/integration/query-satos-questionnaire?depositRef=dep-0001-btc',
        headers,
      });
      expect(parseEnvelope(query)?.result).toMatchObject({ status: 'PENDING' });
      const row = await fixture.database.db
        .selectFrom('satos_verifications')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(row.user_id).toBe(userId);
      const noToken = await fixture.app.inject({
        method: 'GET',
        url: '/v1/s1/kyc/integration/query-satos-questionnaire?depositRef=dep-0001-btc',
      });
      expect(parseEnvelope(noToken)?.ret_code).toBe(10007);
    });
  });
});

/** The OpenAPI document does not depend on the database: SQLite only. */
describe('the questionnaire endpoints in the OpenAPI document', () => {
  const fixture = useAppFixture(testDatabases()[0] as ReturnType<typeof testDatabases>[number]);

  it('when the OpenAPI document is read, then it lists the questionnaire endpoints', async () => {
    const doc = (await fixture.app.inject({ method: 'GET', url: '/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [url, method] of [
      ['/v3/private/kyc/questionnaire-template-detail', 'get'],
      ['/v3/private/kyc/questionnaire-token', 'get'],
      ['/v3/private/kyc/create-questionnaire', 'post'],
      ['/v3/private/kyc/submit-questionnaire', 'post'],
      ['/v3/private/kyc/questionnaire-evidence', 'post'],
      ['/option/asset/amp/agreement/apply', 'post'],
      ['/v3/private/kyc/get-aml-result', 'get'],
      ['/v3/private/aml/get-edd-info', 'get'],
      ['/v3/private/kyc/compliance-tasks', 'post'],
      ['/segw/task/v1/task/list', 'post'],
      ['/segw/task/v1/task/region', 'post'],
      ['/v3/private/vip/kycpopupinfo', 'post'],
      ['/fiat/public/channel/pop-up', 'get'],
      ['/v3/private/kyc/create-satos-questionnaire', 'post'],
      ['/v3/private/kyc/query-satos-questionnaire', 'get'],
      ['/v1/s1/kyc/integration/create-satos-questionnaire', 'post'],
      ['/v1/s1/kyc/integration/query-satos-questionnaire', 'get'],
    ] as const)
      expect(doc.paths[url]?.[method], `${method} ${url}`).toBeDefined();
  });
});
