/**
 * Issue 19, the person's correction step (docs/checks.md "The correction step", D100–D101): after the
 * document checks of a level-1 submission find a typed field that disagrees with the MRZ, or read no
 * zone, the person is asked (document-correction) and answers (submit-document-correction): a field
 * corrected or kept with a reason, the zone typed (its check digits decide). The answer evaluates
 * data_match again, keeps what was first typed, and the reviewer sees both; refused input changes
 * nothing; of two answers at once exactly one is stored; a frozen account answers nothing.
 */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DocumentCorrectionResult, ReviewCase } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { decide, jpeg, postWithKey, staffClient, TEST_CONSENT, userClient } from './support/kyc-flows.ts';
import { renderDocument, td3Lines } from './support/mrz-documents.ts';
import type { TestClient } from './support/test-app.ts';
import { portraitJpeg } from '../src/domain/checks/quality/synthetic-images.ts';
import { repositories } from '../src/data/repositories/index.ts';
import { cutoffFor } from '../src/domain/retention/due-rules.ts';
import { MUELLER, upload } from './support/checked-submissions.ts';

/** The date of birth typed one day off the passport's. */
const TYPED = { firstName: 'Anna', lastName: 'Müller', dateOfBirth: '1990-01-02' };
const ASK = '/v3/private/kyc/document-correction';
const ANSWER = '/v3/private/kyc/submit-document-correction';

/** A person who typed TYPED and submitted level 1 with this page and a selfie; the checks run by the job. */
async function checked(app: FastifyInstance, page: Buffer) {
  const client = await userClient(app, 'new@demo.test');
  expect((await client.post('/v3/private/kyc/kyc-personal-info', TYPED)).envelope?.ret_code).toBe(0);
  const documentIds = [await upload(client, 'front', page), await upload(client, 'selfie', await jpeg())];
  const body = { level: 1, documentType: 'PASSPORT', country: 'DE', documentIds, consent: TEST_CONSENT };
  expect((await postWithKey(client, '/v3/private/kyc/submit', body)).envelope.ret_code).toBe(0);
  expect((await asked(client)).pending).toBe(true);
  const job = app.jobs.find((j) => j.name === 'document-checks');
  expect(await job?.run()).toBe(1);
  return client;
}

async function asked(client: TestClient): Promise<DocumentCorrectionResult> {
  const { envelope } = await client.post(ASK, {});
  expect(envelope?.ret_code).toBe(0);
  return envelope?.result as DocumentCorrectionResult;
}

async function caseOf(app: FastifyInstance, userId: number): Promise<ReviewCase> {
  const staff = await staffClient(app, 'reviewer@demo.test');
  const { envelope } = await staff.get(`/backoffice/api/cases/${userId}`);
  expect(envelope?.ret_code).toBe(0);
  return envelope?.result as ReviewCase;
}

const passport = () => renderDocument('TD3', MUELLER, { documentWidth: 1200, jpegQuality: 90 });

describe.each(testDatabases())('the correction step on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  it('when the typed date of birth differs from the MRZ, then the person is asked with both values, refused input changes nothing, and the correction passes data_match and shows both to the reviewer', async () => {
    const client = await checked(fixture.app, await passport());
    const userId = await fixture.userIdOf('new@demo.test');
    const { correction } = await asked(client);
    expect(correction).toMatchObject({
      kind: 'fields',
      revision: 0,
      fields: [{ field: 'dateOfBirth', typed: '1990-01-02', document: '1990-01-01', correctable: true }],
      mrz: null,
    });
    const base = { kind: 'fields', submissionId: correction?.submissionId, revision: 0 };

    // Refused: each with its ret_code, nothing stored.
    const refusals: [unknown, number][] = [
      [{ ...base, revision: 1, answers: [] }, 63005],
      [{ ...base, answers: [] }, 63006],
      [{ ...base, answers: [{ field: 'dateOfBirth', action: 'correct', value: '1990-02-30' }] }, 63006],
      [{ ...base, answers: [{ field: 'dateOfBirth', action: 'correct', value: '1990-01-02' }] }, 63006],
      [{ ...base, answers: [{ field: 'dateOfBirth', action: 'keep', reason: ' ' }] }, 63006],
      [{ ...base, answers: [{ field: 'lastName', action: 'keep', reason: 'my name' }] }, 63006],
      [{ kind: 'mrz', submissionId: correction?.submissionId, revision: 0, lines: 'P<D' }, 63006],
    ];
    for (const [body, code] of refusals)
      expect((await postWithKey(client, ANSWER, body)).envelope.ret_code, JSON.stringify(body)).toBe(code);
    expect((await asked(client)).correction).toEqual(correction);

    const body = { ...base, answers: [{ field: 'dateOfBirth', action: 'correct', value: '1990-01-01' }] };
    const first = await postWithKey(client, ANSWER, body, 'correct-dob');
    expect(first.envelope.ret_code).toBe(0);
    expect(first.envelope.result).toEqual({ revision: 1, dataMatch: 'pass', next: null });
    // A retry with the same key answers the first result and stores nothing more.
    const again = await postWithKey(client, ANSWER, body, 'correct-dob');
    expect(again.envelope).toMatchObject({ ret_code: 0, result: { revision: 1, dataMatch: 'pass' } });
    expect((await asked(client)).correction).toBeNull();

    const seen = await caseOf(fixture.app, userId);
    expect(seen.applicant.dateOfBirth).toBe('1990-01-01');
    expect(seen.checks?.find((c) => c.name === 'data_match')?.outcome).toBe('pass');
    expect(seen.checkCorrections).toEqual([
      {
        revision: 1,
        kind: 'fields',
        at: expect.any(Number),
        fields: [
          {
            field: 'dateOfBirth',
            typed: '1990-01-02',
            document: '1990-01-01',
            action: 'correct',
            value: '1990-01-01',
            reason: null,
          },
        ],
        mrzLines: null,
        dataMatch: 'pass',
      },
    ]);
    // Sealed at rest: the clear columns name the field, never a value.
    const rows = await fixture.database.db.selectFrom('document_check_corrections').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows.map((r) => [r.fields, r.kind, r.data_match]))).not.toMatch(/1990/);
  });

  it('when two answers to one question arrive at once, then exactly one is stored and the other is refused with 63005', async () => {
    const client = await checked(fixture.app, await passport());
    const { correction } = await asked(client);
    const base = { kind: 'fields', submissionId: correction?.submissionId, revision: 0 };
    const [a, b] = await Promise.all([
      postWithKey(client, ANSWER, {
        ...base,
        answers: [{ field: 'dateOfBirth', action: 'correct', value: '1990-01-01' }],
      }),
      postWithKey(client, ANSWER, {
        ...base,
        answers: [{ field: 'dateOfBirth', action: 'keep', reason: 'The office printed it wrong.' }],
      }),
    ]);
    expect([a.envelope.ret_code, b.envelope.ret_code].sort()).toEqual([0, 63005]);
    const rows = await fixture.database.db.selectFrom('document_check_corrections').selectAll().execute();
    expect(rows.map((r) => Number(r.revision))).toEqual([1]);
    expect((await asked(client)).correction).toBeNull();
  });

  it('when one answer is sent twice at once with its Idempotency-Key, then both get the one result and one answer is stored', async () => {
    const client = await checked(fixture.app, await passport());
    const { correction } = await asked(client);
    const body = {
      kind: 'fields',
      submissionId: correction?.submissionId,
      revision: 0,
      answers: [{ field: 'dateOfBirth', action: 'correct', value: '1990-01-01' }],
    };
    const [a, b] = await Promise.all([
      postWithKey(client, ANSWER, body, 'twice-at-once'),
      postWithKey(client, ANSWER, body, 'twice-at-once'),
    ]);
    expect([a.envelope.ret_code, b.envelope.ret_code]).toEqual([0, 0]);
    expect(a.envelope.result).toMatchObject({ revision: 1, dataMatch: 'pass' });
    expect(b.envelope.result).toMatchObject({ revision: 1, dataMatch: 'pass' });
    const rows = await fixture.database.db.selectFrom('document_check_corrections').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('when no zone could be read, then the person may type it: bad check digits are refused, good lines pass mrz as typed and ask about the date of birth that disagrees', async () => {
    const client = await checked(fixture.app, await portraitJpeg());
    const userId = await fixture.userIdOf('new@demo.test');
    const { correction } = await asked(client);
    expect(correction).toMatchObject({
      kind: 'mrz',
      revision: 0,
      fields: [],
      mrz: { reason: 'no_zone', lines: 2, length: 44 },
    });
    const [line1, line2] = td3Lines(MUELLER);
    const base = { kind: 'mrz', submissionId: correction?.submissionId, revision: 0 };
    // One digit of the date of birth changed: its check digit fails.
    const wrong = `${line2.slice(0, 13)}${line2[13] === '1' ? '2' : '1'}${line2.slice(14)}`;
    const refused = await postWithKey(client, ANSWER, { ...base, lines: `${line1}\n${wrong}` });
    expect(refused.envelope.ret_code).toBe(63006);
    expect(refused.envelope.ret_msg).toMatch(/check_digit/);

    const typed = await postWithKey(client, ANSWER, { ...base, lines: `${line1.toLowerCase()}\n${line2}` });
    expect(typed.envelope).toMatchObject({
      ret_code: 0,
      result: {
        revision: 1,
        dataMatch: 'fail',
        next: { kind: 'fields', revision: 1, fields: [{ field: 'dateOfBirth', document: '1990-01-01' }] },
      },
    });
    const seen = await caseOf(fixture.app, userId);
    expect(seen.checks?.find((c) => c.name === 'mrz')).toMatchObject({
      outcome: 'pass',
      detail: { code: 'mrz_read', source: 'typed', lines: [line1, line2] },
    });
    expect(seen.checks?.find((c) => c.name === 'expiry')?.outcome).toBe('pass');
    expect(seen.checks?.find((c) => c.name === 'duplicate_document')?.outcome).toBe('pass');
    expect(seen.checkCorrections?.[0]).toMatchObject({ kind: 'mrz', mrzLines: [line1, line2] });

    // The second question, kept with a reason: the step closes, data_match still fails for the reviewer.
    const kept = await postWithKey(client, ANSWER, {
      kind: 'fields',
      submissionId: correction?.submissionId,
      revision: 1,
      answers: [{ field: 'dateOfBirth', action: 'keep', reason: 'My passport has a printing error.' }],
    });
    expect(kept.envelope).toMatchObject({
      ret_code: 0,
      result: { revision: 2, dataMatch: 'fail', next: null },
    });
    const after = await caseOf(fixture.app, userId);
    expect(after.applicant.dateOfBirth).toBe('1990-01-02');
    expect(after.checkCorrections?.[1]?.fields[0]).toMatchObject({
      action: 'keep',
      reason: 'My passport has a printing error.',
      typed: '1990-01-02',
    });
  });

  it('when the account is frozen, then an answer is refused with 61007 and the question stays', async () => {
    const client = await checked(fixture.app, await passport());
    const userId = await fixture.userIdOf('new@demo.test');
    const { correction } = await asked(client);
    await fixture.database.db
      .insertInto('account_freezes')
      .values({ user_id: userId, hit_id: 1, frozen_by: 1, frozen_at: Date.now() })
      .execute();
    const answer = await postWithKey(client, ANSWER, {
      kind: 'fields',
      submissionId: correction?.submissionId,
      revision: 0,
      answers: [{ field: 'dateOfBirth', action: 'correct', value: '1990-01-01' }],
    });
    expect(answer.envelope.ret_code).toBe(61007);
    expect((await asked(client)).correction).toEqual(correction);
  });

  it('when the reviewer decided first, then nothing is asked any more and a late answer is refused with 63005', async () => {
    const client = await checked(fixture.app, await passport());
    const userId = await fixture.userIdOf('new@demo.test');
    const { correction } = await asked(client);
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    expect((await decide(reviewer, userId, { decision: 'approve', level: 1 })).ret_code).toBe(0);
    expect((await asked(client)).correction).toBeNull();
    const late = await postWithKey(client, ANSWER, {
      kind: 'fields',
      submissionId: correction?.submissionId,
      revision: 0,
      answers: [{ field: 'dateOfBirth', action: 'correct', value: '1990-01-01' }],
    });
    expect(late.envelope.ret_code).toBe(63005);
    const seen = await caseOf(fixture.app, userId);
    expect(seen.applicant.dateOfBirth).toBe('1990-01-02');
  });

  it('when the person is erased, then their answers go with the check results', async () => {
    const client = await checked(fixture.app, await passport());
    const userId = await fixture.userIdOf('new@demo.test');
    const { correction } = await asked(client);
    const answer = await postWithKey(client, ANSWER, {
      kind: 'fields',
      submissionId: correction?.submissionId,
      revision: 0,
      answers: [{ field: 'dateOfBirth', action: 'keep', reason: 'The office printed it wrong.' }],
    });
    expect(answer.envelope.ret_code).toBe(0);
    const db = fixture.database.db;
    const answers = db.selectFrom('document_check_corrections').select('id').where('user_id', '=', userId);
    expect(await answers.execute()).toHaveLength(1);
    await repositories(db).accountClosures.recordClosure({
      userId,
      closedAt: cutoffFor(Date.now(), 'P5Y') - 60_000,
      closedBy: 'self',
    });
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    expect((await admin.post('/backoffice/api/retention/run', {})).envelope?.ret_code).toBe(0);
    expect(await answers.execute()).toEqual([]);
  });
});
