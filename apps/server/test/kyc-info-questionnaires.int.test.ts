import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ComplianceTasksResult, QuestionnaireAnswers } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { ALL_INFO_FLAGS, kycInfo } from './support/kyc-flows.ts';
import { submittedQuestionnaire } from './support/questionnaires.ts';
import { type TestClient, signedInClient } from './support/test-app.ts';
import { repositories, type Repositories } from '../src/data/repositories/index.ts';
import { questionnairesRepo } from '../src/data/repositories/questionnaires-repo.ts';
import { seedQuestionnaireTemplates } from '../src/domain/questionnaires/template-publishing.ts';

const CONTENT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../content/questionnaires');

const AML_ANSWERS: QuestionnaireAnswers = {
  employment_status: 'retired',
  tax_residence_country: 'DE',
  has_tin: false,
  no_tin_reason: 'not_required',
  us_person: false,
  annual_income: 'under_25k',
  net_worth: 'under_50k',
  source_of_funds: ['savings'],
  account_purpose: ['long_term_investment'],
  monthly_volume: 'under_1k',
  acting_for_third_party: false,
  is_pep: false,
  is_pep_related: false,
  declaration_true: true,
  declaration_updates: true,
};

const AGREEMENT_ANSWERS = { accept_terms: true, accept_risk: true, accept_electronic: true };

describe.each(testDatabases())('kyc-info questionnaire fields and agreement renewal on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  const { userIdOf } = fixture;

  const info = (client: TestClient, flags: object = ALL_INFO_FLAGS) => kycInfo(client, flags);

  describe('POST /v3/private/kyc/kyc-info', () => {
    it('when a level-0 user asks, then nothing is required and no questionnaire entry shows', async () => {
      const result = await info(await signedInClient(fixture.app, 'new@demo.test'));
      expect(result).toMatchObject({
        questionnaireStatus: 'UNDEFINED',
        mustQuestionnaire: false,
        newSatosGray: false,
        amlQuestionnaire: { needQuestionnaire: false, templateCode: '200' },
        verificationProcess: { isVerificationProcess: false, tasks: [] },
        displayControl: {
          isDisplayQuestionnaire: false,
          isDisplayNewSatos: false,
          isDisplayNewRcOnboarding: false,
          isDisplayP2pRights: false,
        },
      });
    });

    it('when a level-1 user has not answered the AML questionnaire, then it is needed; once submitted it is in review', async () => {
      const client = await signedInClient(fixture.app, 'l1@demo.test');
      expect(await info(client)).toMatchObject({
        questionnaireStatus: 'UNDEFINED',
        mustQuestionnaire: true,
        amlQuestionnaire: { needQuestionnaire: true, templateCode: '200' },
        verificationProcess: { isVerificationProcess: false, tasks: [] },
        displayControl: {
          isDisplayQuestionnaire: true,
          isDisplayNewRcOnboarding: false,
          isDisplayP2pRights: true,
        },
      });
      await submittedQuestionnaire(client, 'aml-200', AML_ANSWERS, 'aml-1');
      expect(await info(client)).toMatchObject({
        questionnaireStatus: 'PENDING',
        mustQuestionnaire: false,
        amlQuestionnaire: { needQuestionnaire: false },
        verificationProcess: { isVerificationProcess: true, tasks: ['QUESTIONNAIRE:aml-200'] },
        displayControl: { isDisplayQuestionnaire: true },
      });
      // The flags leave both parts out, as for the other obtain_* fields.
      const bare = await info(client, {
        ...ALL_INFO_FLAGS,
        obtain_aml_questionnaire: false,
        obtain_verification_process: false,
      });
      expect(bare).not.toHaveProperty('amlQuestionnaire');
      expect(bare).not.toHaveProperty('verificationProcess');
      expect(bare.questionnaireStatus).toBe('PENDING');
      // Another user's state is their own.
      expect((await info(await signedInClient(fixture.app, 'new@demo.test'))).questionnaireStatus).toBe(
        'UNDEFINED',
      );
    });

    it('when a verified user of a regulated site has the AML questionnaire to do, then the RC onboarding shows; on HKG P2P rights do not', async () => {
      const turkey = await info(await signedInClient(fixture.app, 'reverify@demo.test'));
      expect(turkey.displayControl).toMatchObject({
        isDisplayNewRcOnboarding: true,
        isDisplayP2pRights: true,
      });
      await fixture.database.db
        .updateTable('users')
        .set({ site: 'HKG' })
        .where('id', '=', await userIdOf('l1@demo.test'))
        .execute();
      const hk = await info(await signedInClient(fixture.app, 'l1@demo.test'));
      expect(hk.displayControl).toMatchObject({ isDisplayNewRcOnboarding: true, isDisplayP2pRights: false });
    });

    it('when the user is on SATOS custody, then newSatosGray, the SATOS entry once verified, and a pending deposit check in process', async () => {
      for (const email of ['new@demo.test', 'l1@demo.test'])
        await fixture.database.db
          .updateTable('applicants')
          .set({ custody: 'CUSTODY_SATOS' })
          .where('user_id', '=', await userIdOf(email))
          .execute();
      const fresh = await info(await signedInClient(fixture.app, 'new@demo.test'));
      expect(fresh).toMatchObject({ newSatosGray: true, displayControl: { isDisplayNewSatos: false } });
      const client = await signedInClient(fixture.app, 'l1@demo.test');
      expect(await info(client)).toMatchObject({
        newSatosGray: true,
        displayControl: { isDisplayNewSatos: true },
      });
      const created = await client.post('/v3/private/kyc/create-satos-questionnaire', {
        depositRef: 'dep-0001-btc',
        coin: 'BTC',
        network: 'BTC',
        templateVersion: 1,
        answers: {
          source_type: 'own_exchange',
          vasp_name: 'Kraken',
          vasp_country: 'DE',
          mixer_used: false,
          declaration_true: true,
        },
      });
      expect(created.envelope?.ret_code).toBe(0);
      expect((await info(client)).verificationProcess).toEqual({
        isVerificationProcess: true,
        tasks: ['SATOS:dep-0001-btc'],
      });
    });
  });

  describe('agreement renewal', () => {
    function contentWithV2(): string {
      const dir = mkdtempSync(path.join(tmpdir(), 'kyc-content-'));
      copyFileSync(
        path.join(CONTENT, 'client-agreement.v1.json'),
        path.join(dir, 'client-agreement.v1.json'),
      );
      const v1 = JSON.parse(readFileSync(path.join(CONTENT, 'client-agreement.v1.json'), 'utf8')) as {
        version: number;
      };
      writeFileSync(path.join(dir, 'client-agreement.v2.json'), JSON.stringify({ ...v1, version: 2 }));
      return dir;
    }

    it('when version 2 of an accepted agreement is published, then the acceptance is renewed with a task, and accepting v2 closes it', async () => {
      const client = await signedInClient(fixture.app, 'new@demo.test');
      const accepted = await client.post('/option/asset/amp/agreement/apply', {
        templateCode: 'client-agreement',
        templateVersion: 1,
        answers: AGREEMENT_ANSWERS,
      });
      expect(accepted.envelope?.result).toMatchObject({ status: 'APPROVED', templateVersion: 1 });
      const bystander = await signedInClient(fixture.app, 'pending@demo.test');

      const dir = contentWithV2();
      const seeded = await seedQuestionnaireTemplates(repositories(fixture.database.db), dir, Date.now());
      expect(seeded).toEqual({ published: ['client-agreement.v2'], changed: [], renewed: 1 });
      // As server.ts does after boot published a version: every instance drops its copy.
      fixture.app.referenceChanged('questionnaire-templates');
      // Seeding again publishes nothing and renews nobody twice.
      expect(await seedQuestionnaireTemplates(repositories(fixture.database.db), dir, Date.now())).toEqual({
        published: [],
        changed: [],
        renewed: 0,
      });

      const detail = await client.get(
        '/v3/private/kyc/questionnaire-template-detail?template_code=client-agreement',
      );
      expect(detail.envelope?.result).toMatchObject({ status: 'UNSUBMIT', template: { version: 2 } });
      const tasks = (await client.post('/v3/private/kyc/compliance-tasks')).envelope
        ?.result as ComplianceTasksResult;
      expect(tasks.tasks).toMatchObject([
        { kind: 'questionnaire', templateCode: 'client-agreement', status: 'UNSUBMIT', open: true },
      ]);
      expect((await info(client)).mustQuestionnaire).toBe(true);
      expect((await bystander.post('/v3/private/kyc/compliance-tasks')).envelope?.result).toEqual({
        tasks: [],
      });

      // Accepting v1 again only replays the first acceptance (its implicit key): it does not renew.
      const stale = await client.post('/option/asset/amp/agreement/apply', {
        templateCode: 'client-agreement',
        templateVersion: 1,
        answers: AGREEMENT_ANSWERS,
      });
      expect(stale.envelope?.result).toEqual(accepted.envelope?.result);
      const still = await client.get(
        '/v3/private/kyc/questionnaire-template-detail?template_code=client-agreement',
      );
      expect(still.envelope?.result).toMatchObject({ status: 'UNSUBMIT' });
      const renewed = await client.post('/option/asset/amp/agreement/apply', {
        templateCode: 'client-agreement',
        templateVersion: 2,
        answers: AGREEMENT_ANSWERS,
      });
      expect(renewed.envelope?.result).toMatchObject({ status: 'APPROVED', templateVersion: 2 });
      const after = (await client.post('/v3/private/kyc/compliance-tasks')).envelope
        ?.result as ComplianceTasksResult;
      expect(after.tasks).toMatchObject([
        { templateCode: 'client-agreement', status: 'APPROVED', open: false },
      ]);
    });

    it('when publishing fails midway, then neither the version nor any renewal is stored', async () => {
      const client = await signedInClient(fixture.app, 'new@demo.test');
      await client.post('/option/asset/amp/agreement/apply', {
        templateCode: 'client-agreement',
        templateVersion: 1,
        answers: AGREEMENT_ANSWERS,
      });
      const repo = questionnairesRepo(fixture.database.db);
      const repos = repositories(fixture.database.db);
      const failing: Pick<Repositories, 'questionnaires' | 'transaction'> = {
        questionnaires: repos.questionnaires,
        transaction: (fn) =>
          repos.transaction(async (tx) =>
            fn({
              ...tx,
              questionnaires: {
                ...tx.questionnaires,
                insertTask: async () => {
                  throw new Error('disk full');
                },
              },
            }),
          ),
      };
      await expect(seedQuestionnaireTemplates(failing, contentWithV2(), Date.now())).rejects.toThrow(
        'disk full',
      );
      const versions = (await repo.templateVersions()).filter((t) => t.code === 'client-agreement');
      expect(versions.map((t) => t.version)).toEqual([1]);
      const response = await repo.findResponse(await userIdOf('new@demo.test'), 'client-agreement');
      expect(response).toMatchObject({ status: 'APPROVED', template_version: 1 });
    });
  });
});
