/**
 * Issue 19 "Wiring" (docs/checks.md "Running the checks"; D96–D97): a level-1 submission of the in-house
 * provider gets its document checks after the commit — image quality, the MRZ read by OCR from the
 * synthetic passport it uploaded, the expiry, the comparison with what the person typed, a duplicate
 * document on another account — stored once however often the job runs, and the case answer carries
 * them with their evidence (opened under the person's data key; sealed at rest).
 */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CaseCheck, ReviewCase } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { jpeg, postWithKey, staffClient, TEST_CONSENT, userClient } from './support/kyc-flows.ts';
import { renderDocument, type Identity } from './support/mrz-documents.ts';
import type { TestClient } from './support/test-app.ts';
import { repositories } from '../src/data/repositories/index.ts';
import { CHECK_MAX_ATTEMPTS } from '../src/domain/checks/run/check-runs.ts';
import { cutoffFor } from '../src/domain/retention/due-rules.ts';
import { portraitJpeg } from '../src/domain/checks/quality/synthetic-images.ts';
import { MUELLER, upload } from './support/checked-submissions.ts';

const TYPED = { firstName: 'Anna', lastName: 'Müller', dateOfBirth: '1990-01-01' };

/** A person who typed `typed` and submitted level 1 with this passport page (or any photo) and a selfie. */
async function submitted(app: FastifyInstance, email: string, typed: object, page: Buffer) {
  const client = await userClient(app, email);
  expect((await client.post('/v3/private/kyc/kyc-personal-info', typed)).envelope?.ret_code).toBe(0);
  const documentIds = [await upload(client, 'front', page), await upload(client, 'selfie', await jpeg())];
  const body = { level: 1, documentType: 'PASSPORT', country: 'DE', documentIds, consent: TEST_CONSENT };
  const answer = await postWithKey(client, '/v3/private/kyc/submit', body);
  expect(answer.envelope.ret_code).toBe(0);
}

const passport = (identity: Identity = MUELLER) =>
  renderDocument('TD3', identity, { documentWidth: 1200, jpegQuality: 90 });

async function runJob(app: FastifyInstance): Promise<number> {
  const job = app.jobs.find((j) => j.name === 'document-checks');
  if (!job) throw new Error('no document-checks job');
  return job.run();
}

async function caseOf(staff: TestClient, userId: number): Promise<ReviewCase> {
  const { envelope } = await staff.get(`/backoffice/api/cases/${userId}`);
  expect(envelope?.ret_code).toBe(0);
  return envelope?.result as ReviewCase;
}

const byName = (checks: CaseCheck[] | undefined, name: CaseCheck['name']) =>
  checks?.find((c) => c.name === name);

describe.each(testDatabases())('document checks on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  it('when a passport whose MRZ agrees is submitted, then the checks are not run until the job, and then quality, mrz, data_match, expiry and duplicate_document pass with the evidence', async () => {
    await submitted(fixture.app, 'new@demo.test', TYPED, await passport());
    const userId = await fixture.userIdOf('new@demo.test');
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');

    const before = await caseOf(reviewer, userId);
    expect(before.checksRun?.status).toBe('pending');
    expect(before.checks?.map((c) => [c.name, c.outcome, c.detail])).toContainEqual([
      'mrz',
      'not_run',
      { code: 'not_run', reason: 'pending' },
    ]);

    expect(await runJob(fixture.app)).toBe(1);
    const after = await caseOf(reviewer, userId);
    expect(after.checksRun?.status).toBe('done');
    expect(after.checks?.map((c) => [c.name, c.outcome])).toEqual([
      ['quality', 'pass'],
      ['mrz', 'pass'],
      ['data_match', 'pass'],
      ['expiry', 'pass'],
      // The test selfie is a synthetic image without a face (the faces have their own file).
      ['face_match', 'fail'],
      // Uploaded without the camera's challenge (D116).
      ['liveness', 'not_run'],
      ['duplicate_document', 'pass'],
      ['duplicate_face', 'not_run'],
    ]);
    expect(byName(after.checks, 'mrz')?.detail).toEqual({
      code: 'mrz_read',
      format: 'TD3',
      side: 'front',
      repairs: expect.any(Number),
      lines: expect.any(Array),
    });
    const fields = byName(after.checks, 'data_match')?.detail;
    expect(fields).toMatchObject({ code: 'data_compared' });
    expect(fields?.code === 'data_compared' && fields.fields).toContainEqual({
      field: 'lastName',
      outcome: 'agrees',
      typed: 'Müller',
      document: 'MUELLER',
    });
    expect(byName(after.checks, 'expiry')?.detail).toEqual({
      code: 'expiry_date',
      expired: false,
      expiryDate: '2030-01-01',
    });
    // The MRZ's values are sealed at rest: the clear detail has none of them.
    const stored = await fixture.database.db.selectFrom('document_check_results').selectAll().execute();
    expect(stored.map((r) => r.detail).join(' ')).not.toMatch(/MUELLER|Müller|2030-01-01/);
    expect(stored.find((r) => r.name === 'data_match')?.evidence_enc).toBeTruthy();
    // Opening them is named in the view's audit entry.
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    const audit = (await admin.get(`/backoffice/api/audit?subjectUserId=${userId}&action=case.view`)).envelope
      ?.result as { items: { details: Record<string, unknown> | null }[] };
    expect(audit.items[0]?.details).toMatchObject({ openedDocumentChecks: after.checksRun?.submissionId });
  });

  it('when the typed date of birth differs from the MRZ, then data_match fails naming the field with both values', async () => {
    await submitted(fixture.app, 'new@demo.test', { ...TYPED, dateOfBirth: '1990-01-02' }, await passport());
    const userId = await fixture.userIdOf('new@demo.test');
    await runJob(fixture.app);
    const seen = await caseOf(await staffClient(fixture.app, 'reviewer@demo.test'), userId);
    const match = byName(seen.checks, 'data_match');
    expect(match?.outcome).toBe('fail');
    const disagreeing =
      match?.detail.code === 'data_compared'
        ? match.detail.fields.filter((f) => f.outcome === 'disagrees')
        : [];
    expect(disagreeing).toEqual([
      { field: 'dateOfBirth', outcome: 'disagrees', typed: '1990-01-02', document: '1990-01-01' },
    ]);
  });

  it('when the passport has expired, then expiry fails', async () => {
    await submitted(
      fixture.app,
      'new@demo.test',
      TYPED,
      await passport({ ...MUELLER, expiryDate: '200101' }),
    );
    const userId = await fixture.userIdOf('new@demo.test');
    await runJob(fixture.app);
    const seen = await caseOf(await staffClient(fixture.app, 'reviewer@demo.test'), userId);
    expect(byName(seen.checks, 'expiry')).toMatchObject({
      outcome: 'fail',
      detail: { code: 'expiry_date', expired: true, expiryDate: '2020-01-01' },
    });
  });

  it('when the page has no readable zone, then mrz warns with the reason and the checks that need it are not run', async () => {
    // A photo of a face where the data page should be: usable as a photo, no zone in it.
    await submitted(fixture.app, 'new@demo.test', TYPED, await portraitJpeg());
    const userId = await fixture.userIdOf('new@demo.test');
    await runJob(fixture.app);
    const seen = await caseOf(await staffClient(fixture.app, 'reviewer@demo.test'), userId);
    expect(byName(seen.checks, 'mrz')).toMatchObject({
      outcome: 'warn',
      detail: { code: 'mrz_not_readable', reason: 'no_zone' },
    });
    expect(byName(seen.checks, 'data_match')).toMatchObject({
      outcome: 'not_run',
      detail: { code: 'not_run', reason: 'mrz_not_read' },
    });
  });

  it('when the job runs twice, and twice at once, then one set of results is stored', async () => {
    await submitted(fixture.app, 'new@demo.test', TYPED, await passport());
    const [first, second] = await Promise.all([runJob(fixture.app), runJob(fixture.app)]);
    expect(first + second).toBe(1);
    expect(await runJob(fixture.app)).toBe(0);
    const rows = await fixture.database.db.selectFrom('document_check_results').select('name').execute();
    expect(rows.map((r) => r.name).sort()).toEqual([
      'data_match',
      'duplicate_document',
      'duplicate_face',
      'expiry',
      'face_match',
      'liveness',
      'mrz',
      'quality',
    ]);
  });

  it('when a taker crashed holding the run, then the job leaves it while the lease holds and takes it once the lease has passed', async () => {
    await submitted(fixture.app, 'new@demo.test', TYPED, await passport());
    const db = fixture.database.db;
    const run = await db.selectFrom('document_check_runs').select('id').executeTakeFirstOrThrow();
    const repos = repositories(db);
    // A taker that claimed the run and died: still leased, then the lease over.
    expect(await repos.documentChecks.claimRun(Number(run.id), Date.now(), Date.now() + 60_000)).toBe(true);
    expect(await runJob(fixture.app)).toBe(0);
    await db
      .updateTable('document_check_runs')
      .set({ claimed_until: Date.now() - 1 })
      .execute();
    expect(await runJob(fixture.app)).toBe(1);
    const done = await db.selectFrom('document_check_runs').selectAll().executeTakeFirstOrThrow();
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('when a run keeps failing, then it is retried with the error kept and given up after the last attempt, and the case says so', async () => {
    await submitted(fixture.app, 'new@demo.test', TYPED, await passport());
    const db = fixture.database.db;
    // The stored page is gone (a lost blob): every attempt fails before any OCR.
    await db
      .updateTable('kyc_documents')
      .set({ blob_id: 'missing-blob' })
      .where('side', '=', 'front')
      .execute();
    await runJob(fixture.app);
    expect(await db.selectFrom('document_check_runs').selectAll().executeTakeFirstOrThrow()).toMatchObject({
      status: 'due',
      attempts: 1,
      error: expect.any(String),
    });
    for (let i = 0; i < CHECK_MAX_ATTEMPTS; i++) await runJob(fixture.app);
    const run = await db.selectFrom('document_check_runs').selectAll().executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: 'failed', attempts: CHECK_MAX_ATTEMPTS });
    const seen = await caseOf(
      await staffClient(fixture.app, 'reviewer@demo.test'),
      await fixture.userIdOf('new@demo.test'),
    );
    expect(seen.checksRun?.status).toBe('failed');
    expect(byName(seen.checks, 'mrz')?.detail).toEqual({ code: 'not_run', reason: 'failed' });
  });

  it('when the person is erased, then their checks go with their documents', async () => {
    await submitted(fixture.app, 'new@demo.test', TYPED, await passport());
    await runJob(fixture.app);
    const userId = await fixture.userIdOf('new@demo.test');
    const db = fixture.database.db;
    const stored = db.selectFrom('document_check_results').select('id').where('user_id', '=', userId);
    expect(await stored.execute()).toHaveLength(8);
    await repositories(db).accountClosures.recordClosure({
      userId,
      closedAt: cutoffFor(Date.now(), 'P5Y') - 60_000,
      closedBy: 'self',
    });
    const admin = await staffClient(fixture.app, 'admin@demo.test');
    expect((await admin.post('/backoffice/api/retention/run', {})).envelope?.ret_code).toBe(0);
    const left = await db
      .selectFrom('document_check_results')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(left).toEqual([]);
    expect(
      await db.selectFrom('document_check_runs').select('id').where('user_id', '=', userId).execute(),
    ).toEqual([]);
  });

  it('when a second account submits the same passport, then its duplicate_document fails naming the first account', async () => {
    await submitted(fixture.app, 'new@demo.test', TYPED, await passport());
    await runJob(fixture.app);
    await submitted(fixture.app, 'quick@demo.test', TYPED, await passport());
    await runJob(fixture.app);
    const firstId = await fixture.userIdOf('new@demo.test');
    const secondId = await fixture.userIdOf('quick@demo.test');
    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    expect(byName((await caseOf(reviewer, secondId)).checks, 'duplicate_document')).toMatchObject({
      outcome: 'fail',
      relatedUserId: firstId,
      detail: { code: 'duplicate_document', otherAccounts: 1 },
    });
    // The number is never stored in clear: only its keyed hash.
    const hashes = await fixture.database.db
      .selectFrom('document_check_results')
      .select('document_hash')
      .where('name', '=', 'duplicate_document')
      .execute();
    expect(hashes.map((h) => h.document_hash)).toEqual([
      expect.stringMatching(/^[0-9a-f]{64}$/),
      hashes[0]?.document_hash,
    ]);
    expect(JSON.stringify(hashes)).not.toContain('C01X00T47');
  });
});

describe.each(testDatabases())('document checks in the background on $name', (testDb) => {
  const background = useAppFixture(testDb, { build: { documentChecks: 'background' } });

  it('when a passport is submitted, then its checks are stored after the commit without the job', async () => {
    await submitted(background.app, 'new@demo.test', TYPED, await passport());
    const userId = await background.userIdOf('new@demo.test');
    const reviewer = await staffClient(background.app, 'reviewer@demo.test');
    let seen = await caseOf(reviewer, userId);
    for (let i = 0; i < 150 && seen.checksRun?.status !== 'done'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = await caseOf(reviewer, userId);
    }
    expect(byName(seen.checks, 'data_match')?.outcome).toBe('pass');
    expect(await runJob(background.app)).toBe(0);
  });
});
