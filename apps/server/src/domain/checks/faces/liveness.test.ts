/**
 * The liveness check's outcomes (D116) on a stand-in face finder: each keyframe's bytes name the face
 * the finder answers (landmarks set by eye openness and nose offset, a descriptor per person), so the
 * rule's mapping to pass / warn / fail / not_run is tested without the model (liveness.int.test.ts runs
 * the model).
 */
import { describe, expect, it } from 'vitest';
import type { LivenessEvidence } from '@kyc/contracts';
import type { DetectedFace } from './face-engine.ts';
import type { FindFaces } from './find-faces.ts';
import { livenessCheck } from './liveness.ts';
import { syntheticFace } from '@kyc/contracts/liveness-landmarks';

const HER = Array.from({ length: 128 }, () => 0);
const HIM = Array.from({ length: 128 }, (_, i) => (i === 0 ? 1 : 0));
const face = (descriptor: number[], open: number, nose: number): DetectedFace => ({
  score: 0.9,
  box: { x: 0, y: 0, width: 200, height: 200 },
  descriptor,
  landmarks: syntheticFace({ open, nose }),
});
const FACES: Record<string, DetectedFace[]> = {
  neutral: [face(HER, 12, 0)],
  closed: [face(HER, 3, 0)],
  left: [face(HER, 12, 40)],
  right: [face(HER, 12, -40)],
  other: [face(HIM, 12, 40)],
  none: [],
};
const find: FindFaces = async (image) => ({
  faces: FACES[image.toString('utf8')] ?? [],
  width: 480,
  height: 480,
  crop: async () => Buffer.alloc(0),
});
const url = (name: string) => `data:image/jpeg;base64,${Buffer.from(name).toString('base64')}`;

function evidence(frames: { neutral?: string; blink?: string; turn?: string }): LivenessEvidence {
  return {
    challenge: { actions: ['blink', 'turn_left'], timeLimitMs: 20_000 },
    status: 'completed',
    events: [
      { action: 'blink', atMs: 2_000, value: 0.1 },
      { action: 'turn_left', atMs: 4_000, value: 0.3 },
    ],
    frames: (['neutral', 'blink', 'turn'] as const).flatMap((kind, i) => {
      const name = frames[kind];
      return name ? [{ kind, atMs: i * 2_000, image: url(name) }] : [];
    }),
  };
}

describe('the liveness check', () => {
  it('when the frames show the blink and the left turn on the selfie’s face, then it passes', async () => {
    const check = await livenessCheck(
      evidence({ neutral: 'neutral', blink: 'closed', turn: 'left' }),
      HER,
      find,
    );
    expect(check).toMatchObject({ name: 'liveness', outcome: 'pass', detail: { findings: [] } });
  });

  it('when the frames do not confirm the actions, then it warns with each finding', async () => {
    const unconfirmed = await livenessCheck(
      evidence({ neutral: 'neutral', blink: 'neutral', turn: 'right' }),
      HER,
      find,
    );
    expect(unconfirmed).toMatchObject({
      outcome: 'warn',
      detail: { findings: ['blink_not_seen', 'turn_wrong_direction'] },
    });
    const missing = await livenessCheck(evidence({ neutral: 'neutral', blink: 'closed' }), HER, find);
    expect(missing).toMatchObject({ outcome: 'warn', detail: { findings: ['missing_frame'] } });
  });

  it('when a frame shows no face or another person, then it fails', async () => {
    const none = await livenessCheck(
      evidence({ neutral: 'neutral', blink: 'none', turn: 'left' }),
      HER,
      find,
    );
    expect(none.outcome).toBe('fail');
    expect(none.detail).toMatchObject({ findings: expect.arrayContaining(['no_face']) });
    const other = await livenessCheck(
      evidence({ neutral: 'neutral', blink: 'closed', turn: 'other' }),
      HER,
      find,
    );
    expect(other).toMatchObject({ outcome: 'fail', detail: { findings: ['other_face'] } });
    // Without the selfie's face, the frames are compared with the neutral one.
    const noSelfie = await livenessCheck(
      evidence({ neutral: 'neutral', blink: 'closed', turn: 'other' }),
      null,
      find,
    );
    expect(noSelfie.outcome).toBe('fail');
  });

  it('when the challenge did not run, then it is not run with the reason, and nothing is looked at', async () => {
    const never: FindFaces = async () => {
      throw new Error('no frame should be read');
    };
    expect((await livenessCheck(null, HER, never)).detail).toEqual({
      code: 'not_run',
      reason: 'no_challenge',
    });
    for (const status of ['timed_out', 'skipped', 'no_camera'] as const)
      expect(await livenessCheck({ ...evidence({ neutral: 'neutral' }), status }, HER, never)).toMatchObject({
        outcome: 'not_run',
        detail: { code: 'not_run', reason: status },
      });
  });
});
