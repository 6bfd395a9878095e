/**
 * Issue 19, D125 (docs/checks.md "Nationality and document number"): the nationality and document number
 * typed on the document step of level 1 are checked (63012, 63011: nothing submitted, the uploads kept
 * for the next attempt), sealed with the submission, compared with the MRZ by data_match, offered in the
 * correction step, and the person's answers are in their own copy. A submission without them (an older
 * client, or one from before) keeps working: both are then not compared, never a failure.
 */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { type CaseCheck, type DocumentCorrectionResult, type ReviewCase } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { jpeg, postWithKey, staffClient, TEST_CONSENT, userClient } from './support/kyc-flows.ts';
import { renderDocument } from './support/mrz-documents.ts';
import { ownCopy } from './support/own-copy.ts';
import type { TestClient } from './support/test-app.ts';
import { job, MUELLER, upload } from './support/checked-submissions.ts';

/** What the person typed in kyc-personal-info: as the passport says (MUELLER, 1990-01-01). */
const TYPED = { firstName: 'Anna', lastName: 'Müller', dateOfBirth: '1990-01-01' };
const SUBMIT = '/v3/private/kyc/submit';
const ASK = '/v3/private/kyc/document-correction';
const ANSWER = '/v3/private/kyc/submit-document-correction';

const passport = () => renderDocument('TD3', MUELLER, { documentWidth: 1200, jpegQuality: 90 });

/** A person who typed TYPED and uploaded the passport's front and a selfie: the submission's body. */
async function prepared(app: FastifyInstance) {
  const client = await userClient(app, 'new@demo.test');
  expect((await client.post('/v3/private/kyc/kyc-personal-info', TYPED)).envelope?.ret_code).toBe(0);
  const documentIds = [
    await upload(client, 'front', await passport()),
    await upload(client, 'selfie', await jpeg()),
  ];
  const body = { level: 1, documentType: 'PASSPORT', country: 'DE', documentIds, consent: TEST_CONSENT };
  return { client, body };
}

/** Submitted with these document details, then checked by the job. */
async function checked(app: FastifyInstance, details: { nationality?: string; documentNumber?: string }) {
  const { client, body } = await prepared(app);
  expect((await postWithKey(client, SUBMIT, { ...body, ...details })).envelope.ret_code).toBe(0);
  expect(await job(app, 'document-checks')).toBe(1);
  return client;
}

async function caseOf(app: FastifyInstance, userId: number): Promise<ReviewCase> {
  const staff = await staffClient(app, 'reviewer@demo.test');
  const { envelope } = await staff.get(`/backoffice/api/cases/${userId}`);
  expect(envelope?.ret_code).toBe(0);
  return envelope?.result as ReviewCase;
}

/** The data_match result's fields by name. */
function compared(checks: CaseCheck[] | undefined) {
  const match = checks?.find((c) => c.name === 'data_match');
  const fields = match?.detail.code === 'data_compared' ? match.detail.fields : [];
  return { outcome: match?.outcome, field: (name: string) => fields.find((f) => f.field === name) };
}

async function asked(client: TestClient): Promise<DocumentCorrectionResult> {
  const { envelope } = await client.post(ASK, {});
  expect(envelope?.ret_code).toBe(0);
  return envelope?.result as DocumentCorrectionResult;
}

/** The person's own copy, asked for, built and downloaded: its document-checks.json. */
async function copiedChecks(app: FastifyInstance, client: TestClient) {
  const file = (await ownCopy(app, client))['data/document-checks.json'] ?? new Uint8Array();
  return JSON.parse(Buffer.from(file).toString('utf8')) as {
    submissions: { submissionId: number; corrections: Record<string, unknown>[] }[];
  };
}

describe.each(testDatabases())('nationality and document number on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  it('when the nationality and number typed agree with the MRZ, then they are sealed at rest, both agree in data_match, and the reviewer sees them', async () => {
    await checked(fixture.app, { nationality: 'de', documentNumber: ' c01x00t47 ' });
    const userId = await fixture.userIdOf('new@demo.test');
    const seen = await caseOf(fixture.app, userId);
    const match = compared(seen.checks);
    expect(match.outcome).toBe('pass');
    expect(match.field('nationality')).toEqual({
      field: 'nationality',
      outcome: 'agrees',
      typed: 'DE',
      document: 'DE',
    });
    expect(match.field('documentNumber')).toEqual({
      field: 'documentNumber',
      outcome: 'agrees',
      typed: 'C01X00T47',
      document: 'C01X00T47',
    });
    expect(seen.submissions[0]?.details).toEqual({ nationality: 'DE', documentNumber: 'C01X00T47' });
    // Sealed at rest: the submission's row and the results' clear columns hold neither value.
    const db = fixture.database.db;
    const row = await db
      .selectFrom('kyc_submissions')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    expect(Buffer.from(row?.details_enc ?? []).toString('latin1')).not.toContain('C01X00T47');
    const results = await db.selectFrom('document_check_results').select('detail').execute();
    expect(JSON.stringify(results)).not.toContain('C01X00T47');
  });

  it('when the nationality and number typed disagree with the MRZ, then data_match fails, both are asked with what the document says, a bad answer changes nothing, and the correction passes, replaces the sealed details and is in the person’s copy', async () => {
    const client = await checked(fixture.app, { nationality: 'AT', documentNumber: 'C01X00T48' });
    const userId = await fixture.userIdOf('new@demo.test');
    const before = compared((await caseOf(fixture.app, userId)).checks);
    expect(before.outcome).toBe('fail');
    expect(before.field('nationality')).toMatchObject({ outcome: 'disagrees', typed: 'AT', document: 'DE' });
    expect(before.field('documentNumber')).toMatchObject({
      outcome: 'disagrees',
      typed: 'C01X00T48',
      document: 'C01X00T47',
    });
    expect(before.field('dateOfBirth')?.outcome).toBe('agrees');

    const { correction } = await asked(client);
    expect(correction).toMatchObject({
      kind: 'fields',
      revision: 0,
      fields: [
        { field: 'nationality', typed: 'AT', document: 'DE', correctable: true },
        { field: 'documentNumber', typed: 'C01X00T48', document: 'C01X00T47', correctable: true },
      ],
    });
    const base = { kind: 'fields', submissionId: correction?.submissionId, revision: 0 };
    const nationality = (value: string) => ({ field: 'nationality', action: 'correct', value });
    const number = (value: string) => ({ field: 'documentNumber', action: 'correct', value });
    for (const answers of [
      [nationality('XK'), number('C01X00T47')],
      [nationality('DE'), number('C01 X00T47')],
      [nationality('DE'), number('c01x00t48')],
    ]) {
      const refused = await postWithKey(client, ANSWER, { ...base, answers });
      expect(refused.envelope.ret_code, JSON.stringify(answers)).toBe(63006);
    }
    expect((await asked(client)).correction).toEqual(correction);
    expect((await caseOf(fixture.app, userId)).submissions[0]?.details).toEqual({
      nationality: 'AT',
      documentNumber: 'C01X00T48',
    });

    const answer = await postWithKey(client, ANSWER, {
      ...base,
      answers: [nationality('de'), { field: 'documentNumber', action: 'keep', reason: 'x' }],
    });
    expect(answer.envelope.ret_code).toBe(63006);
    const corrected = await postWithKey(client, ANSWER, {
      ...base,
      answers: [nationality('de'), number(' c01x00t47 ')],
    });
    expect(corrected.envelope).toMatchObject({
      ret_code: 0,
      result: { revision: 1, dataMatch: 'pass', next: null },
    });

    const after = await caseOf(fixture.app, userId);
    const match = compared(after.checks);
    expect(match.outcome).toBe('pass');
    expect(match.field('nationality')).toMatchObject({ outcome: 'agrees', typed: 'DE' });
    expect(match.field('documentNumber')).toMatchObject({ outcome: 'agrees', typed: 'C01X00T47' });
    // The corrected values are the submission's; what was typed before stays in the answer.
    expect(after.submissions[0]?.details).toEqual({ nationality: 'DE', documentNumber: 'C01X00T47' });
    expect(after.checkCorrections?.[0]?.fields).toEqual([
      { field: 'nationality', typed: 'AT', document: 'DE', action: 'correct', value: 'DE', reason: null },
      {
        field: 'documentNumber',
        typed: 'C01X00T48',
        document: 'C01X00T47',
        action: 'correct',
        value: 'C01X00T47',
        reason: null,
      },
    ]);
    const rows = await fixture.database.db.selectFrom('document_check_corrections').selectAll().execute();
    expect(JSON.stringify(rows.map((r) => [r.fields, r.kind, r.data_match]))).not.toMatch(/C01X00T4|"AT"/);

    // The person's copy: their answer opened under their key, with what they had typed.
    const copy = await copiedChecks(fixture.app, client);
    expect(copy.submissions[0]?.corrections).toEqual([
      {
        revision: 1,
        kind: 'fields',
        answeredAt: expect.any(String),
        fields: [
          {
            field: 'nationality',
            action: 'correct',
            youTyped: 'AT',
            documentSays: 'DE',
            correctedTo: 'DE',
            reason: null,
          },
          {
            field: 'documentNumber',
            action: 'correct',
            youTyped: 'C01X00T48',
            documentSays: 'C01X00T47',
            correctedTo: 'C01X00T47',
            reason: null,
          },
        ],
        zoneTyped: null,
        dataMatchAfter: 'pass',
      },
    ]);
  });

  it('when a submission names neither (an older client), then it is accepted, both are not compared, and data_match passes', async () => {
    await checked(fixture.app, {});
    const userId = await fixture.userIdOf('new@demo.test');
    const seen = await caseOf(fixture.app, userId);
    const match = compared(seen.checks);
    expect(match.outcome).toBe('pass');
    expect(match.field('nationality')).toEqual({
      field: 'nationality',
      outcome: 'not_comparable',
      typed: null,
      document: 'DE',
    });
    expect(match.field('documentNumber')).toMatchObject({ outcome: 'not_comparable', typed: null });
    expect(seen.submissions[0]?.details).toEqual({});
    expect(seen.checks?.find((c) => c.name === 'mrz')?.outcome).toBe('pass');
  });

  it('when the nationality or the number is malformed, then submit answers 63012 or 63011, nothing is submitted, and the same uploads go through once corrected', async () => {
    const { client, body } = await prepared(fixture.app);
    const userId = await fixture.userIdOf('new@demo.test');
    const refusals: [object, number][] = [
      [{ nationality: 'XX', documentNumber: 'C01X00T47' }, 63012],
      [{ nationality: 'DEU', documentNumber: 'C01X00T47' }, 63012],
      [{ nationality: 'DE', documentNumber: 'C01 X00T47' }, 63011],
      [{ nationality: 'DE', documentNumber: '  ' }, 63011],
      [{ nationality: 'DE', documentNumber: 'C01X00T47-C01X00T47-C' }, 63011],
      [{ nationality: 'DE', documentNumber: 'C01X00T47/8' }, 63011],
    ];
    for (const [details, code] of refusals) {
      const refused = await postWithKey(client, SUBMIT, { ...body, ...details });
      expect(refused.envelope.ret_code, JSON.stringify(details)).toBe(code);
      expect(refused.envelope.ret_msg).toMatch(/nationality|documentNumber/);
    }
    const db = fixture.database.db;
    expect(
      await db.selectFrom('kyc_submissions').select('id').where('user_id', '=', userId).execute(),
    ).toEqual([]);
    const documents = await db
      .selectFrom('kyc_documents')
      .select('submission_id')
      .where('user_id', '=', userId)
      .execute();
    expect(documents.map((d) => d.submission_id)).toEqual([null, null]);
    const state = await db
      .selectFrom('kyc_level_states')
      .select('status')
      .where('user_id', '=', userId)
      .where('level', '=', 1)
      .executeTakeFirst();
    expect(state?.status ?? 'ALLOW').not.toBe('PENDING');

    const accepted = await postWithKey(client, SUBMIT, {
      ...body,
      nationality: 'DE',
      documentNumber: 'C01X00T47',
    });
    expect(accepted.envelope).toMatchObject({ ret_code: 0, result: { level: 1, status: 'PENDING' } });
  });
});
