/**
 * The liveness challenge's measures (issue 19 "Faces", D116; docs/checks.md "Liveness"), pure so the
 * thresholds are tested on landmark fixtures: the eye aspect ratio (Soukupová and Čech 2016) for a
 * blink, a yaw from the 68 landmarks for a head turn and its direction, and the challenge's order and
 * time limit from the browser's event times and the keyframes' times. The server applies them to the
 * landmarks its own face model finds on the keyframes; the browser applies the same formulas to decide
 * when to take them.
 */
import {
  meanEyeAspectRatio,
  yawOf,
  type LandmarkPoint,
  type LivenessAction,
  type LivenessEvidence,
  type LivenessFinding,
} from '@kyc/contracts';

export { meanEyeAspectRatio, yawOf };

export type Point = LandmarkPoint;

/**
 * A blink is seen when the eyes-closed frame's EAR is at most this share of the neutral frame's. Chosen on
 * the astronaut (docs/checks.md): her open eyes measure 0.296–0.298 across sizes and JPEG qualities (±1 %),
 * eyelids painted shut 0.252–0.269 (0.85–0.90 of open). face-api's 68-point model is known to keep
 * closed eyes half open, so the margin is small: a warn sends the case to a person, never a rejection.
 */
export const BLINK_EAR_RATIO_MAX = 0.92;
/**
 * A turn is seen when the yaw changes by at least this much from the neutral frame, in the asked
 * direction. A frontal face measures |yaw| ≤ 0.06 (astronaut, mirrored or not); a head turned about 30°
 * measures 0.2–0.3 (a face with one side compressed to 50 % and 35 %).
 */
export const TURN_YAW_CHANGE_MIN = 0.12;

const round = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 1000);

export interface BlinkMeasure {
  earNeutral: number | null;
  earBlink: number | null;
  earRatio: number | null;
  seen: boolean;
}

export function blinkMeasure(
  neutral: readonly Point[] | null,
  closed: readonly Point[] | null,
): BlinkMeasure {
  const earNeutral = neutral ? meanEyeAspectRatio(neutral) : null;
  const earBlink = closed ? meanEyeAspectRatio(closed) : null;
  const earRatio = earNeutral && earBlink !== null ? earBlink / earNeutral : null;
  return {
    earNeutral: round(earNeutral),
    earBlink: round(earBlink),
    earRatio: round(earRatio),
    seen: earRatio !== null && earRatio <= BLINK_EAR_RATIO_MAX,
  };
}

export interface TurnMeasure {
  yawNeutral: number | null;
  yawTurn: number | null;
  yawChange: number | null;
  /** seen: in the asked direction; wrong_direction: as far, the other way; not_seen: not far enough. */
  result: 'seen' | 'wrong_direction' | 'not_seen';
}

export function turnMeasure(
  neutral: readonly Point[] | null,
  turned: readonly Point[] | null,
  asked: Exclude<LivenessAction, 'blink'>,
): TurnMeasure {
  const yawNeutral = neutral ? yawOf(neutral) : null;
  const yawTurn = turned ? yawOf(turned) : null;
  const yawChange = yawNeutral !== null && yawTurn !== null ? yawTurn - yawNeutral : null;
  const signed = yawChange === null ? 0 : asked === 'turn_left' ? yawChange : -yawChange;
  const result =
    signed >= TURN_YAW_CHANGE_MIN ? 'seen' : -signed >= TURN_YAW_CHANGE_MIN ? 'wrong_direction' : 'not_seen';
  return { yawNeutral: round(yawNeutral), yawTurn: round(yawTurn), yawChange: round(yawChange), result };
}

const frameOfAction = (action: LivenessAction) => (action === 'blink' ? 'blink' : 'turn');

/**
 * The challenge's order and time limit, from the browser's event times and the keyframes' times: each
 * action's event and frame in the asked order, none after the time limit, the neutral frame first.
 */
export function timingFindings(evidence: LivenessEvidence): LivenessFinding[] {
  const { actions, timeLimitMs } = evidence.challenge;
  const findings: LivenessFinding[] = [];
  const eventAt = (action: LivenessAction) => evidence.events.find((e) => e.action === action)?.atMs;
  const frameAt = (kind: string) => evidence.frames.find((f) => f.kind === kind)?.atMs;
  const times = [...evidence.events.map((e) => e.atMs), ...evidence.frames.map((f) => f.atMs)];
  if (times.some((t) => t > timeLimitMs)) findings.push('time_limit');
  const [first, second] = actions as [LivenessAction, LivenessAction];
  const before = (a: number | undefined, b: number | undefined) =>
    a === undefined || b === undefined || a <= b;
  const neutral = frameAt('neutral');
  const inOrder =
    before(eventAt(first), eventAt(second)) &&
    before(frameAt(frameOfAction(first)), frameAt(frameOfAction(second))) &&
    before(neutral, frameAt('blink')) &&
    before(neutral, frameAt('turn'));
  if (!inOrder) findings.push('order');
  return findings;
}
