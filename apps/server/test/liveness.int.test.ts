/**
 * Issue 19 "Faces", the liveness challenge (docs/checks.md "Liveness", D116): the evidence sent with the
 * selfie is re-checked on its keyframes by the server's face model. pass: both actions seen on the
 * selfie's face, and a clean person is approved automatically; warn (the frames do not confirm what the
 * browser reported), fail (another face, no face) and not_run (no challenge, timed out) leave the case to
 * a person and never reject it. Bad evidence is refused with 63010 and nothing is stored.
 */
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CaseCheck, LivenessEvidence, ReviewCase } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { multipart, postWithKey, staffClient, TEST_CONSENT, userClient } from './support/kyc-flows.ts';
import { renderDocument } from './support/mrz-documents.ts';
import { astronaut, astronautPortrait, selfieFrom } from './support/face-images.ts';
import { MUELLER, job, upload } from './support/checked-submissions.ts';
import {
  completedChallenge,
  neutralFrame,
  noFaceFrame,
  otherPersonFrame,
  turnFrame,
} from './support/liveness-frames.ts';
import type { TestClient } from './support/test-app.ts';
import { faceEngineReady } from '../src/domain/checks/faces/face-engine.ts';
import { BLINK_EAR_RATIO_MAX, TURN_YAW_CHANGE_MIN } from '../src/domain/checks/faces/liveness-measures.ts';

const OFAC = path.resolve(import.meta.dirname, '../src/domain/screening/fixtures/ofac-sdn.xml');
const TYPED = { firstName: 'Anna', lastName: 'Müller', dateOfBirth: '1990-01-01' };

/** The person submits level 1: a passport whose portrait is the astronaut, her selfie, this evidence. */
async function submitted(app: FastifyInstance, email: string, liveness?: object): Promise<TestClient> {
  const client = await userClient(app, email);
  expect((await client.post('/v3/private/kyc/kyc-personal-info', TYPED)).envelope?.ret_code).toBe(0);
  const page = await renderDocument('TD3', MUELLER, {
    documentWidth: 1200,
    jpegQuality: 90,
    portrait: await astronautPortrait(),
  });
  const selfie = await selfieFrom(astronaut(), { mirror: true });
  const documentIds = [await upload(client, 'front', page), await upload(client, 'selfie', selfie, liveness)];
  const body = { level: 1, documentType: 'PASSPORT', country: 'DE', documentIds, consent: TEST_CONSENT };
  expect((await postWithKey(client, '/v3/private/kyc/submit', body)).envelope.ret_code).toBe(0);
  await job(app, 'screening');
  expect(await job(app, 'document-checks')).toBe(1);
  return client;
}

async function level1Status(client: TestClient): Promise<string | undefined> {
  const { envelope } = await client.post('/v3/private/kyc/kyc-info', {});
  const info = envelope?.result as { state: { level: number; status: string }[] };
  return info.state.find((s) => s.level === 1)?.status;
}

async function livenessOf(app: FastifyInstance, userId: number): Promise<CaseCheck | undefined> {
  const reviewer = await staffClient(app, 'reviewer@demo.test');
  const { envelope } = await reviewer.get(`/backoffice/api/cases/${userId}`);
  expect(envelope?.ret_code).toBe(0);
  return ((envelope?.result as ReviewCase).checks ?? []).find((c) => c.name === 'liveness');
}

const dataUrl = (jpeg: Buffer) => `data:image/jpeg;base64,${jpeg.toString('base64')}`;

// The face model loads once per process (seconds on 2 cores): before the first case's clock starts.
beforeAll(() => faceEngineReady(), 120_000);

describe.each(testDatabases())('liveness on $name', (testDb) => {
  const fixture = useAppFixture(testDb, {
    env: { SCREENING_LISTS: OFAC, AUTO_DECISION_LIVENESS: 'required' },
    build: { autoDecisionRandom: () => 0.5 },
  });
  const autoRows = () => fixture.database.db.selectFrom('auto_decisions').selectAll().execute();

  it('when the keyframes show her blink and then turn to her left, then liveness passes with its measures, the frames are sealed at rest, and the clean case is approved automatically', async () => {
    const person = await submitted(
      fixture.app,
      'new@demo.test',
      await completedChallenge(['blink', 'turn_left']),
    );
    const userId = await fixture.userIdOf('new@demo.test');
    const check = await livenessOf(fixture.app, userId);
    expect(check).toMatchObject({ outcome: 'pass', detail: { code: 'liveness_checked', findings: [] } });
    if (check?.detail.code !== 'liveness_checked') throw new Error('no liveness detail');
    const { measures, frames } = check.detail;
    expect(measures.earRatio).toBeLessThanOrEqual(BLINK_EAR_RATIO_MAX);
    expect(measures.yawChange).toBeGreaterThanOrEqual(TURN_YAW_CHANGE_MIN);
    expect(measures.similarityMin).toBeGreaterThanOrEqual(measures.similarityThreshold);
    expect(frames.map((f) => [f.kind, f.faces])).toEqual([
      ['neutral', 1],
      ['blink', 1],
      ['turn', 1],
    ]);
    expect(frames.every((f) => f.image?.startsWith('data:image/jpeg;base64,'))).toBe(true);

    const row = await fixture.database.db
      .selectFrom('document_check_results')
      .select(['detail', 'evidence_enc'])
      .where('user_id', '=', userId)
      .where('name', '=', 'liveness')
      .executeTakeFirstOrThrow();
    expect((JSON.parse(row.detail) as { frames: { image: unknown }[] }).frames.map((f) => f.image)).toEqual([
      null,
      null,
      null,
    ]);
    expect(row.evidence_enc).not.toBeNull();
    const selfie = await fixture.database.db
      .selectFrom('kyc_documents')
      .select('liveness_enc')
      .where('user_id', '=', userId)
      .where('side', '=', 'selfie')
      .executeTakeFirstOrThrow();
    expect(Buffer.from(selfie.liveness_enc ?? []).includes(Buffer.from('neutral'))).toBe(false);

    expect(await level1Status(person)).toBe('SUCCESS');
    expect((await autoRows())[0]).toMatchObject({ outcome: 'approved' });
  });

  it('when the browser reports success but the frames show no blink and a turn the other way, then liveness warns and a person decides', async () => {
    const evidence = await completedChallenge(['turn_right', 'blink'], { blink: await neutralFrame() });
    const person = await submitted(fixture.app, 'new@demo.test', {
      ...evidence,
      frames: await Promise.all(
        evidence.frames.map(async (f) =>
          f.kind === 'turn' ? { ...f, image: dataUrl(await turnFrame('left')) } : f,
        ),
      ),
    });
    const check = await livenessOf(fixture.app, await fixture.userIdOf('new@demo.test'));
    expect(check).toMatchObject({
      outcome: 'warn',
      detail: { findings: expect.arrayContaining(['blink_not_seen', 'turn_wrong_direction']) },
    });
    expect(await level1Status(person)).toBe('PENDING');
    expect(await autoRows()).toEqual([]);
  });

  it('when a keyframe shows another person, or no face, then liveness fails, and the case waits for a person (never rejected by it)', async () => {
    const other = await submitted(
      fixture.app,
      'new@demo.test',
      await completedChallenge(['blink', 'turn_left'], { turn: await otherPersonFrame() }),
    );
    const otherCheck = await livenessOf(fixture.app, await fixture.userIdOf('new@demo.test'));
    expect(otherCheck).toMatchObject({
      outcome: 'fail',
      detail: { findings: expect.arrayContaining(['other_face']) },
    });
    expect(await level1Status(other)).toBe('PENDING');

    const none = await submitted(
      fixture.app,
      'quick@demo.test',
      await completedChallenge(['blink', 'turn_right'], { blink: await noFaceFrame() }),
    );
    const noneCheck = await livenessOf(fixture.app, await fixture.userIdOf('quick@demo.test'));
    expect(noneCheck).toMatchObject({
      outcome: 'fail',
      detail: { findings: expect.arrayContaining(['no_face']) },
    });
    expect(await level1Status(none)).toBe('PENDING');
    expect(await autoRows()).toEqual([]);
  });

  it('when the selfie comes without a challenge, or the person went on after the time limit, then liveness is not run with that reason and a person decides', async () => {
    const uploaded = await submitted(fixture.app, 'new@demo.test');
    expect(await livenessOf(fixture.app, await fixture.userIdOf('new@demo.test'))).toMatchObject({
      outcome: 'not_run',
      detail: { code: 'not_run', reason: 'no_challenge' },
    });
    expect(await level1Status(uploaded)).toBe('PENDING');

    const timedOut: LivenessEvidence = {
      challenge: { actions: ['turn_left', 'blink'], timeLimitMs: 20_000 },
      status: 'timed_out',
      events: [],
      frames: [],
    };
    const late = await submitted(fixture.app, 'quick@demo.test', timedOut);
    expect(await livenessOf(fixture.app, await fixture.userIdOf('quick@demo.test'))).toMatchObject({
      outcome: 'not_run',
      detail: { code: 'not_run', reason: 'timed_out' },
    });
    expect(await level1Status(late)).toBe('PENDING');
    expect(await autoRows()).toEqual([]);
  });

  it('when the evidence is malformed, too large, not JPEG or sent with another side, then 63010 refuses the upload and nothing is stored', async () => {
    const client = await userClient(fixture.app, 'new@demo.test');
    const selfie = await selfieFrom(astronaut());
    const good = await completedChallenge();
    const png = await sharp(await neutralFrame())
      .png()
      .toBuffer();
    const large = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const neutral = good.frames[0] as LivenessEvidence['frames'][number];
    const refusedEvidence: [string, string, string][] = [
      ['selfie', '{not json', 'not JSON'],
      ['selfie', JSON.stringify({ ...good, frames: [...good.frames, neutral] }), 'four frames'],
      [
        'selfie',
        JSON.stringify({ ...good, challenge: { actions: ['turn_left', 'turn_right'], timeLimitMs: 20_000 } }),
        'no blink',
      ],
      ['selfie', JSON.stringify({ ...good, frames: [{ ...neutral, image: dataUrl(png) }] }), 'a PNG'],
      ['selfie', JSON.stringify({ ...good, frames: [{ ...neutral, image: dataUrl(large) }] }), '800 px'],
      [
        'selfie',
        JSON.stringify({
          ...good,
          frames: [{ ...neutral, image: dataUrl((await neutralFrame()).subarray(0, 2000)) }],
        }),
        'truncated',
      ],
      ['selfie', JSON.stringify({ ...good, extra: 1 }), 'an unknown key'],
      ['front', JSON.stringify(good), 'another side'],
    ];
    for (const [side, liveness, why] of refusedEvidence) {
      const { envelope } = await client.send('POST', '/v3/private/kyc/upload-document', undefined, {
        ...multipart(side, selfie, 'image/jpeg', { liveness }),
      });
      expect(envelope?.ret_code, why).toBe(63010);
    }
    const userId = await fixture.userIdOf('new@demo.test');
    const stored = await fixture.database.db
      .selectFrom('kyc_documents')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(stored).toEqual([]);
  });
});

describe.each(testDatabases())(
  'liveness with AUTO_DECISION_LIVENESS at its default (if_run) on $name',
  (testDb) => {
    const defaults = useAppFixture(testDb, {
      env: { SCREENING_LISTS: OFAC },
      build: { autoDecisionRandom: () => 0.5 },
    });

    it('when the selfie came without a challenge, then a clean case is still approved automatically; when the challenge ran and timed out, a person decides', async () => {
      const uploaded = await submitted(defaults.app, 'new@demo.test');
      expect(await livenessOf(defaults.app, await defaults.userIdOf('new@demo.test'))).toMatchObject({
        outcome: 'not_run',
        detail: { reason: 'no_challenge' },
      });
      expect(await level1Status(uploaded)).toBe('SUCCESS');

      const timedOut: LivenessEvidence = {
        challenge: { actions: ['blink', 'turn_right'], timeLimitMs: 20_000 },
        status: 'timed_out',
        events: [],
        frames: [],
      };
      const late = await submitted(defaults.app, 'quick@demo.test', timedOut);
      expect(await level1Status(late)).toBe('PENDING');
    });
  },
);
