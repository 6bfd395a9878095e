/**
 * The liveness measures on landmark fixtures (D116): a synthetic 68-point face whose eye openness and
 * nose position are set, so each threshold is tested at and across its edge.
 */
import { describe, expect, it } from 'vitest';
import type { LivenessEvidence } from '@kyc/contracts';
import {
  BLINK_EAR_RATIO_MAX,
  TURN_YAW_CHANGE_MIN,
  blinkMeasure,
  meanEyeAspectRatio,
  timingFindings,
  turnMeasure,
  yawOf,
} from './liveness-measures.ts';
import { syntheticFace } from '@kyc/contracts/liveness-landmarks';

const face = syntheticFace;

const evidence = (overrides: Partial<LivenessEvidence> = {}): LivenessEvidence => ({
  challenge: { actions: ['blink', 'turn_left'], timeLimitMs: 20_000 },
  status: 'completed',
  events: [
    { action: 'blink', atMs: 3_000, value: 0.12 },
    { action: 'turn_left', atMs: 7_000, value: 0.3 },
  ],
  frames: [
    { kind: 'neutral', atMs: 1_000, image: 'data:image/jpeg;base64,' },
    { kind: 'blink', atMs: 3_000, image: 'data:image/jpeg;base64,' },
    { kind: 'turn', atMs: 7_000, image: 'data:image/jpeg;base64,' },
  ],
  ...overrides,
});

describe('eye aspect ratio', () => {
  it('when the lids are 12 px apart on a 40 px eye, then the EAR is 0.3; without 68 points, null', () => {
    expect(meanEyeAspectRatio(face({ open: 12 }))).toBeCloseTo(0.3, 6);
    expect(meanEyeAspectRatio(face().slice(0, 40))).toBeNull();
  });

  it('when the eyes close to the ratio maximum, then the blink is seen; a little more open, then not', () => {
    const closedAtEdge = face({ open: 12 * BLINK_EAR_RATIO_MAX });
    expect(blinkMeasure(face(), closedAtEdge)).toMatchObject({ earRatio: BLINK_EAR_RATIO_MAX, seen: true });
    expect(blinkMeasure(face(), face({ open: 12 * (BLINK_EAR_RATIO_MAX + 0.02) })).seen).toBe(false);
    expect(blinkMeasure(face(), face({ open: 3 }))).toMatchObject({ earBlink: 0.075, seen: true });
  });

  it('when a frame has no landmarks, then the blink is not seen and its values are null', () => {
    expect(blinkMeasure(null, face({ open: 2 }))).toMatchObject({
      earNeutral: null,
      earRatio: null,
      seen: false,
    });
  });
});

describe('yaw', () => {
  it('when the nose is centred, then the yaw is 0; towards jaw point 16, positive (the person’s left)', () => {
    expect(yawOf(face())).toBeCloseTo(0, 6);
    expect(yawOf(face({ nose: 40 }))).toBeGreaterThan(0);
    expect(yawOf(face({ nose: -40 }))).toBeLessThan(0);
  });

  it('when the head turns far enough the asked way, then seen; the other way, wrong_direction; too little, not_seen', () => {
    const left = face({ nose: 40 });
    expect(turnMeasure(face(), left, 'turn_left').result).toBe('seen');
    expect(turnMeasure(face(), left, 'turn_right').result).toBe('wrong_direction');
    expect(turnMeasure(face(), face({ nose: -40 }), 'turn_right').result).toBe('seen');
    expect(turnMeasure(face(), face({ nose: 5 }), 'turn_left').result).toBe('not_seen');
  });

  it('when the change is just at the minimum, then the turn is seen, and just under it, not', () => {
    // yaw(nose offset d) ≈ d/100 on this face (the nose's distances to the jaw ends differ by 2d of 200).
    const at = (yaw: number) => {
      for (let d = 0; d < 100; d += 0.01) {
        const measured = yawOf(face({ nose: d }));
        if (measured !== null && measured >= yaw) return face({ nose: d });
      }
      throw new Error('unreachable');
    };
    expect(turnMeasure(face(), at(TURN_YAW_CHANGE_MIN), 'turn_left').result).toBe('seen');
    expect(turnMeasure(face(), at(TURN_YAW_CHANGE_MIN - 0.01), 'turn_left').result).toBe('not_seen');
  });
});

describe('order and time limit', () => {
  it('when the events and frames follow the challenge within the limit, then nothing is found', () => {
    expect(timingFindings(evidence())).toEqual([]);
  });

  it('when the turn comes before the blink that was asked first, then the order is wrong', () => {
    const swapped = evidence({
      events: [
        { action: 'blink', atMs: 8_000, value: 0.12 },
        { action: 'turn_left', atMs: 7_000, value: 0.3 },
      ],
    });
    expect(timingFindings(swapped)).toEqual(['order']);
    const framesSwapped = evidence({
      frames: [
        { kind: 'neutral', atMs: 1_000, image: 'data:image/jpeg;base64,' },
        { kind: 'blink', atMs: 9_000, image: 'data:image/jpeg;base64,' },
        { kind: 'turn', atMs: 7_000, image: 'data:image/jpeg;base64,' },
      ],
    });
    expect(timingFindings(framesSwapped)).toEqual(['order']);
  });

  it('when the neutral frame comes after an action’s, then the order is wrong', () => {
    const late = evidence({
      frames: [
        { kind: 'neutral', atMs: 5_000, image: 'data:image/jpeg;base64,' },
        { kind: 'blink', atMs: 3_000, image: 'data:image/jpeg;base64,' },
      ],
    });
    expect(timingFindings(late)).toEqual(['order']);
  });

  it('when an action comes after the time limit, then the limit is found', () => {
    const slow = evidence({
      events: [
        { action: 'blink', atMs: 3_000, value: 0.12 },
        { action: 'turn_left', atMs: 20_001, value: 0.3 },
      ],
    });
    expect(timingFindings(slow)).toEqual(['time_limit']);
  });
});
