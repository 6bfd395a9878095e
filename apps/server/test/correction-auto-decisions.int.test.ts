/**
 * Issue 19, D112: the person's answer to the correction step lets the in-house provider decide the case
 * again. A field the person corrected never allows an automatic approval (the corrected value is their
 * word: a person reviews); a zone they typed, whose ICAO check digits pass and which agrees with what
 * they typed, may be approved automatically (the evidence says it was typed); the hard rules (an expired
 * document) apply either way. The passport prints the public-domain astronaut as its portrait and the
 * selfie shows her (face_match passes), on a site that allows automatic decisions.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DocumentCorrectionResult, ReviewCase } from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { postWithKey, staffClient, TEST_CONSENT, userClient } from './support/kyc-flows.ts';
import { renderDocument, td3Lines, checkDigit, type Identity } from './support/mrz-documents.ts';
import { completedChallenge } from './support/liveness-frames.ts';
import { astronaut, astronautPortrait, selfieFrom } from './support/face-images.ts';
import type { TestClient } from './support/test-app.ts';
import { MUELLER, upload, job } from './support/checked-submissions.ts';

const OFAC = path.resolve(import.meta.dirname, '../src/domain/screening/fixtures/ofac-sdn.xml');
const ASK = '/v3/private/kyc/document-correction';
const ANSWER = '/v3/private/kyc/submit-document-correction';

const TYPED = { firstName: 'Anna', lastName: 'Müller', dateOfBirth: '1990-01-01' };

/** The zone as printed with the date of birth's check digit wrong: OCR's reading is not valid. */
function misprinted(identity: Identity): string[] {
  const [line1, line2] = td3Lines(identity);
  const wrong = checkDigit(identity.dateOfBirth) === '1' ? '2' : '1';
  return [line1, `${line2.slice(0, 19)}${wrong}${line2.slice(20)}`];
}

const passport = async (options: { lines?: string[] } = {}) =>
  renderDocument('TD3', MUELLER, {
    documentWidth: 1200,
    jpegQuality: 90,
    portrait: await astronautPortrait(),
    ...options,
  });

/** The person types their details, submits level 1 with this page and a selfie of the astronaut; checked. */
async function checked(app: FastifyInstance, typed: object, page: Buffer): Promise<TestClient> {
  const client = await userClient(app, 'new@demo.test');
  expect((await client.post('/v3/private/kyc/kyc-personal-info', typed)).envelope?.ret_code).toBe(0);
  const selfie = await selfieFrom(astronaut(), { mirror: true });
  const documentIds = [
    await upload(client, 'front', page),
    await upload(client, 'selfie', selfie, await completedChallenge()),
  ];
  const body = { level: 1, documentType: 'PASSPORT', country: 'DE', documentIds, consent: TEST_CONSENT };
  expect((await postWithKey(client, '/v3/private/kyc/submit', body)).envelope.ret_code).toBe(0);
  await job(app, 'screening');
  expect(await job(app, 'document-checks')).toBe(1);
  return client;
}

async function asked(client: TestClient): Promise<DocumentCorrectionResult> {
  const { envelope } = await client.post(ASK, {});
  expect(envelope?.ret_code).toBe(0);
  return envelope?.result as DocumentCorrectionResult;
}

async function level1Of(client: TestClient) {
  const { envelope } = await client.post('/v3/private/kyc/kyc-info', {});
  const result = envelope?.result as {
    state: { level: number; status: string; rejectReasonCode?: string }[];
  };
  return result.state.find((s) => s.level === 1);
}

async function caseOf(app: FastifyInstance, userId: number): Promise<ReviewCase> {
  const staff = await staffClient(app, 'reviewer@demo.test');
  const { envelope } = await staff.get(`/backoffice/api/cases/${userId}`);
  expect(envelope?.ret_code).toBe(0);
  return envelope?.result as ReviewCase;
}

const autoRows = (fixture: AppFixture) =>
  fixture.database.db.selectFrom('auto_decisions').selectAll().execute();

describe.each(testDatabases())('automatic decisions after the correction step on $name', (testDb) => {
  const fixture = useAppFixture(testDb, {
    env: { SCREENING_LISTS: OFAC },
    build: { autoDecisionRandom: () => 0.99 },
  });

  it('when the person corrects a field to what the document says, then data_match passes but nothing is decided automatically: a person reviews', async () => {
    const client = await checked(fixture.app, { ...TYPED, dateOfBirth: '1990-01-02' }, await passport());
    const userId = await fixture.userIdOf('new@demo.test');
    expect((await level1Of(client))?.status).toBe('PENDING');
    const { correction } = await asked(client);
    expect(correction).toMatchObject({ kind: 'fields', fields: [{ field: 'dateOfBirth' }] });
    const answer = await postWithKey(client, ANSWER, {
      kind: 'fields',
      submissionId: correction?.submissionId,
      revision: 0,
      answers: [{ field: 'dateOfBirth', action: 'correct', value: '1990-01-01' }],
    });
    expect(answer.envelope).toMatchObject({ ret_code: 0, result: { dataMatch: 'pass', next: null } });
    expect((await level1Of(client))?.status).toBe('PENDING');
    expect(await autoRows(fixture)).toEqual([]);
    const seen = await caseOf(fixture.app, userId);
    expect(seen.checks?.every((c) => c.outcome === 'pass')).toBe(true);
    expect(seen.decisions).toEqual([]);
  });

  it('when OCR read no valid zone and the person types it (check digits pass, everything agrees), then level 1 is approved automatically, the evidence saying the zone was typed', async () => {
    const client = await checked(fixture.app, TYPED, await passport({ lines: misprinted(MUELLER) }));
    const userId = await fixture.userIdOf('new@demo.test');
    expect((await level1Of(client))?.status).toBe('PENDING');
    expect(await autoRows(fixture)).toEqual([]);
    const { correction } = await asked(client);
    expect(correction).toMatchObject({ kind: 'mrz', mrz: { reason: 'check_digit' } });
    const answer = await postWithKey(client, ANSWER, {
      kind: 'mrz',
      submissionId: correction?.submissionId,
      revision: 0,
      lines: td3Lines(MUELLER).join('\n'),
    });
    expect(answer.envelope).toMatchObject({ ret_code: 0, result: { dataMatch: 'pass', next: null } });
    expect((await level1Of(client))?.status).toBe('SUCCESS');
    const [row] = await autoRows(fixture);
    expect(row).toMatchObject({ outcome: 'approved', review_state: null });
    expect(JSON.parse(row?.evidence ?? '{}')).toMatchObject({ rule: 'clean', zoneTyped: true });
    const seen = await caseOf(fixture.app, userId);
    expect(seen.decisions[0]).toMatchObject({
      decision: 'approve',
      staffId: 0,
      automatic: { rule: 'clean', zoneTyped: true },
    });
  });

  it('when the zone the person types says the passport has expired, then level 1 is rejected automatically with DOCUMENT_EXPIRED (a hard rule)', async () => {
    const client = await checked(fixture.app, TYPED, await passport({ lines: misprinted(MUELLER) }));
    const { correction } = await asked(client);
    const answer = await postWithKey(client, ANSWER, {
      kind: 'mrz',
      submissionId: correction?.submissionId,
      revision: 0,
      lines: td3Lines({ ...MUELLER, expiryDate: '200101' }).join('\n'),
    });
    expect(answer.envelope).toMatchObject({ ret_code: 0, result: { next: null } });
    expect(await level1Of(client)).toMatchObject({
      status: 'FAILED_AND_CAN_RETRY',
      rejectReasonCode: 'DOCUMENT_EXPIRED',
    });
    const [row] = await autoRows(fixture);
    expect(JSON.parse(row?.evidence ?? '{}')).toMatchObject({ rule: 'expired_document', zoneTyped: true });
  });
});
