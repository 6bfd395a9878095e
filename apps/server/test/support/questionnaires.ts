/**
 * Helpers of the questionnaire tests: a questionnaire token, submitting answers with it, uploading
 * evidence, and the questionnaire use-cases on the fixture's database for what staff or the system do.
 */
import type { Envelope, QuestionnaireAnswers } from '@kyc/contracts';
import type { AppFixture } from './app-fixture.ts';
import { TEST_MASTER_KEY, type TestClient } from './test-app.ts';
import { multipartBody, testJpeg } from './uploads.ts';
import { repositories } from '../../src/data/repositories/index.ts';
import { questionnaireUseCases } from '../../src/domain/questionnaires/questionnaire-service.ts';
import { createKeyring } from '../../src/lib/crypto/envelope.ts';
import { createFileBlobStore } from '../../src/lib/uploads/blob-store.ts';

type Result = Record<string, unknown>;
export type QuestionnaireToken = {
  token: string;
  templateCode: string;
  templateVersion: number;
  expiresAt: number;
};

/** The use-cases on the fixture's database (no endpoint starts an EDD case or requires a questionnaire). */
export function questionnaireUseCasesOf(fixture: AppFixture) {
  return questionnaireUseCases({
    repos: repositories(fixture.database.db),
    blobs: createFileBlobStore(fixture.dataDir),
    keyring: createKeyring(Buffer.from(TEST_MASTER_KEY, 'base64')),
    tokenSecret: 'unused-in-these-calls',
  });
}

/** A questionnaire token for this template (throws unless ret_code is 0). */
export async function questionnaireToken(client: TestClient, code: string): Promise<QuestionnaireToken> {
  const { envelope } = await client.get(`/v3/private/kyc/questionnaire-token?template_code=${code}`);
  if (envelope?.ret_code !== 0) throw new Error(`token: ${JSON.stringify(envelope)}`);
  return envelope.result as QuestionnaireToken;
}

/** Submits answers with a token under this Idempotency-Key; answers the envelope as it came. */
export async function submitWithToken(
  client: TestClient,
  token: QuestionnaireToken,
  answers: QuestionnaireAnswers,
  key: string,
  extra: Result = {},
) {
  const { envelope } = await client.post(
    '/v3/private/kyc/submit-questionnaire',
    {
      token: token.token,
      templateCode: token.templateCode,
      templateVersion: token.templateVersion,
      answers,
      ...extra,
    },
    { headers: { 'idempotency-key': key } },
  );
  return envelope as Envelope<Result | null>;
}

/** Fetches a token and submits the answers (throws unless both answer ret_code 0). */
export async function submittedQuestionnaire(
  client: TestClient,
  code: string,
  answers: QuestionnaireAnswers,
  key: string,
): Promise<{ status: string }> {
  const envelope = await submitWithToken(client, await questionnaireToken(client, code), answers, key);
  if (envelope.ret_code !== 0) throw new Error(`submit: ${JSON.stringify(envelope)}`);
  return envelope.result as { status: string };
}

/** Uploads a JPEG as questionnaire evidence; answers its document id (throws if refused). */
export async function uploadEvidence(client: TestClient): Promise<string> {
  const body = multipartBody({}, { name: 'evidence.jpg', type: 'image/jpeg', bytes: await testJpeg() });
  const { envelope } = await client.send('POST', '/v3/private/kyc/questionnaire-evidence', undefined, body);
  const result = envelope?.result as { documentId?: string } | null;
  if (envelope?.ret_code !== 0 || !result?.documentId) throw new Error(`upload: ${JSON.stringify(envelope)}`);
  return result.documentId;
}

/** Complete EDD answers citing one wealth and one funds evidence file. */
export function eddAnswers(wealth: string, funds: string): QuestionnaireAnswers {
  return {
    occupation_description: 'Senior software engineer at a payments company',
    years_in_role: 6,
    net_worth_usd: 850000,
    source_of_wealth: ['employment', 'investments'],
    source_of_wealth_explanation:
      'Salary saved over twelve years and a share portfolio built since 2015 at a regulated broker.',
    wealth_evidence: [wealth],
    expected_deposit_usd: 120000,
    deposit_origin: 'own_bank_account',
    bank_country: 'GB',
    funds_evidence: [funds],
    high_risk_countries: false,
    privacy_services: false,
    declaration_true: true,
    declaration_consent: true,
  };
}

/** The RFI answers of a user who explains a deposit without documents. */
export const RFI_ANSWERS = {
  response: 'The funds came from the sale of my flat in 2024.',
  has_documents: false,
  declaration_true: true,
};
