/**
 * Issue 19 "Faces" and "Duplicates" (docs/checks.md "Faces"; D108–D109): an in-house level-1
 * submission whose selfie and passport portrait show the same public-domain face passes face_match with
 * both crops sealed; a second account with the same face fails duplicate_face naming the first; the
 * descriptors are stored sealed under the face-index key, and erasure deletes them (a later search no
 * longer finds the erased account).
 */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CaseCheck, ReviewCase } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { postWithKey, staffClient, TEST_CONSENT, userClient } from './support/kyc-flows.ts';
import { astronaut, astronautPortrait, cameraman, selfieFrom } from './support/face-images.ts';
import { generatedIdentity, renderDocument, seededRandom } from './support/mrz-documents.ts';
import { signedUpClient, type TestClient } from './support/test-app.ts';
import { repositories } from '../src/data/repositories/index.ts';
import { cutoffFor } from '../src/domain/retention/due-rules.ts';
import { FACE_MATCH_THRESHOLD } from '../src/domain/checks/faces/face-match.ts';
import { DUPLICATE_FACE_THRESHOLD } from '../src/domain/checks/faces/duplicate-face.ts';
import { upload } from './support/checked-submissions.ts';

/** A person who submits level 1 with their own passport (portrait: the astronaut) and this selfie. */
async function submitted(app: FastifyInstance, email: string, seed: number, selfie: Buffer) {
  // The seeded level-0 accounts, else a new sign-up.
  const client = email.endsWith('@demo.test')
    ? await userClient(app, email)
    : await signedUpClient(app, email);
  const identity = generatedIdentity(seededRandom(seed), 'TD3');
  const typed = { firstName: 'Eileen', lastName: 'Collins', dateOfBirth: '1990-01-01' };
  expect((await client.post('/v3/private/kyc/kyc-personal-info', typed)).envelope?.ret_code).toBe(0);
  const page = await renderDocument('TD3', identity, {
    documentWidth: 1300,
    jpegQuality: 90,
    portrait: await astronautPortrait(),
  });
  const documentIds = [await upload(client, 'front', page), await upload(client, 'selfie', selfie)];
  const body = { level: 1, documentType: 'PASSPORT', country: 'DE', documentIds, consent: TEST_CONSENT };
  expect((await postWithKey(client, '/v3/private/kyc/submit', body)).envelope.ret_code).toBe(0);
}

async function runJob(app: FastifyInstance): Promise<number> {
  const job = app.jobs.find((j) => j.name === 'document-checks');
  if (!job) throw new Error('no document-checks job');
  return job.run();
}

async function checksOf(staff: TestClient, userId: number): Promise<CaseCheck[]> {
  const { envelope } = await staff.get(`/backoffice/api/cases/${userId}`);
  expect(envelope?.ret_code).toBe(0);
  return (envelope?.result as ReviewCase).checks ?? [];
}

const named = (checks: CaseCheck[], name: CaseCheck['name']) => checks.find((c) => c.name === name);

describe.each(testDatabases())('face checks on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  it('when two accounts submit the same face, then the first passes face_match with both crops and the second fails duplicate_face naming the first; the descriptors are sealed; erasure removes them from the search', async () => {
    const app = fixture.app;
    const db = fixture.database.db;
    await submitted(app, 'new@demo.test', 1, await selfieFrom(astronaut(), { mirror: true }));
    expect(await runJob(app)).toBe(1);
    const firstId = await fixture.userIdOf('new@demo.test');
    const reviewer = await staffClient(app, 'reviewer@demo.test');

    const first = await checksOf(reviewer, firstId);
    const match = named(first, 'face_match');
    expect(match).toMatchObject({ outcome: 'pass', threshold: FACE_MATCH_THRESHOLD });
    expect(match?.score).toBeGreaterThanOrEqual(FACE_MATCH_THRESHOLD);
    expect(match?.detail).toMatchObject({
      code: 'face_compared',
      selfieFaces: 1,
      documentFaces: 1,
      documentSide: 'front',
      selfieCrop: expect.stringMatching(/^data:image\/jpeg;base64,/),
      documentCrop: expect.stringMatching(/^data:image\/jpeg;base64,/),
    });
    expect(named(first, 'duplicate_face')).toMatchObject({ outcome: 'pass', relatedUserId: null });

    // At rest: the crops only sealed; the descriptor sealed under the face-index key.
    const row = await db
      .selectFrom('document_check_results')
      .select(['detail', 'evidence_enc'])
      .where('user_id', '=', firstId)
      .where('name', '=', 'face_match')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.detail)).toMatchObject({ selfieCrop: null, documentCrop: null });
    expect(row.evidence_enc).not.toBeNull();
    const embeddings = await db.selectFrom('face_embeddings').selectAll().execute();
    expect(embeddings).toHaveLength(1);
    expect(Number(embeddings[0]?.user_id)).toBe(firstId);
    expect(Buffer.from(embeddings[0]?.embedding_enc ?? []).length).toBeGreaterThan(512);

    // The same face, another passport, another account.
    await submitted(app, 'quick@demo.test', 2, await selfieFrom(astronaut(), { brightness: 1.2 }));
    expect(await runJob(app)).toBe(1);
    const secondId = await fixture.userIdOf('quick@demo.test');
    const duplicate = named(await checksOf(reviewer, secondId), 'duplicate_face');
    expect(duplicate).toMatchObject({
      outcome: 'fail',
      relatedUserId: firstId,
      threshold: DUPLICATE_FACE_THRESHOLD,
      detail: { code: 'duplicate_face', otherAccounts: 1 },
    });
    expect(duplicate?.score).toBeGreaterThanOrEqual(DUPLICATE_FACE_THRESHOLD);

    // The first person is erased: their descriptor goes, and the next search does not find them.
    await repositories(db).accountClosures.recordClosure({
      userId: firstId,
      closedAt: cutoffFor(Date.now(), 'P5Y') - 60_000,
      closedBy: 'self',
    });
    const admin = await staffClient(app, 'admin@demo.test');
    expect((await admin.post('/backoffice/api/retention/run', {})).envelope?.ret_code).toBe(0);
    expect(await repositories(db).faceEmbeddings.countOfUser(firstId)).toBe(0);
    expect(await repositories(db).faceEmbeddings.countOfUser(secondId)).toBe(1);

    await submitted(app, 'third@faces.test', 3, await selfieFrom(astronaut()));
    expect(await runJob(app)).toBe(1);
    const thirdId = await fixture.userIdOf('third@faces.test');
    expect(named(await checksOf(reviewer, thirdId), 'duplicate_face')).toMatchObject({
      outcome: 'fail',
      relatedUserId: secondId,
      detail: { code: 'duplicate_face', otherAccounts: 1 },
    });
  });

  it('when the selfie is another person, then face_match warns and duplicate_face passes', async () => {
    await submitted(fixture.app, 'new@demo.test', 4, await selfieFrom(cameraman()));
    expect(await runJob(fixture.app)).toBe(1);
    const userId = await fixture.userIdOf('new@demo.test');
    const checks = await checksOf(await staffClient(fixture.app, 'reviewer@demo.test'), userId);
    expect(named(checks, 'face_match')?.outcome).toBe('warn');
    expect(named(checks, 'face_match')?.score).toBeLessThan(FACE_MATCH_THRESHOLD);
    expect(named(checks, 'duplicate_face')?.outcome).toBe('pass');
  });
});
