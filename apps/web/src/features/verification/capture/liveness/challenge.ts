/**
 * The liveness challenge's logic in the browser (issue 19 "Faces", D116), pure so its states are tested
 * without a camera: the two actions in a random order, the time limit, and what each detection does —
 * the first face sets the rest position (and the neutral keyframe is taken), then each action in turn is
 * seen when the eye aspect ratio drops or the yaw changes far enough, and its keyframe is taken at that
 * moment. The server measures the keyframes again (docs/checks.md "Liveness"); these thresholds are
 * stricter than the server's so that the frames taken carry a clear action.
 */
import {
  LIVENESS_TIME_LIMIT_MS,
  meanEyeAspectRatio,
  yawOf,
  type LandmarkPoint,
  type LivenessAction,
  type LivenessEvidence,
  type LivenessFrameKind,
} from '@kyc/contracts';

/** A blink: the EAR at most this share of the rest position's (the server wants ≤ 0.92). */
export const BLINK_RATIO = 0.8;
/** A turn: the yaw this far from the rest position, in the asked direction (the server wants ≥ 0.12). */
export const TURN_CHANGE = 0.18;

/** The two actions in a random order: a blink and a turn to a random side. */
export function drawActions(random: () => number = secureRandom): [LivenessAction, LivenessAction] {
  const turn: LivenessAction = random() < 0.5 ? 'turn_left' : 'turn_right';
  return random() < 0.5 ? ['blink', turn] : [turn, 'blink'];
}

function secureRandom(): number {
  const value = new Uint32Array(1);
  crypto.getRandomValues(value);
  return (value[0] ?? 0) / 2 ** 32;
}

export interface ChallengeState {
  actions: [LivenessAction, LivenessAction];
  timeLimitMs: number;
  /** The rest position, once a face was seen. */
  rest: { ear: number; yaw: number } | null;
  /** How many actions were seen (0, 1, 2). */
  done: number;
  events: LivenessEvidence['events'];
  /** The kinds of keyframe to take now (the caller takes them from the same video frame). */
  take: LivenessFrameKind[];
}

export function startChallenge(
  actions = drawActions(),
  timeLimitMs: number = LIVENESS_TIME_LIMIT_MS,
): ChallengeState {
  return { actions, timeLimitMs, rest: null, done: 0, events: [], take: [] };
}

/** The action asked now, or null when both are done. */
export const currentAction = (state: ChallengeState): LivenessAction | null =>
  state.actions[state.done] ?? null;

/** What one detection (landmarks, or null for no face) at `atMs` after the start does to the state. */
export function observe(
  state: ChallengeState,
  landmarks: readonly LandmarkPoint[] | null,
  atMs: number,
): ChallengeState {
  const next = { ...state, take: [] as LivenessFrameKind[] };
  if (!landmarks || atMs > state.timeLimitMs) return next;
  const ear = meanEyeAspectRatio(landmarks);
  const yaw = yawOf(landmarks);
  if (ear === null || yaw === null) return next;
  if (!state.rest) return { ...next, rest: { ear, yaw }, take: ['neutral'] };
  const action = currentAction(state);
  if (!action) return next;
  const seen =
    action === 'blink'
      ? ear <= state.rest.ear * BLINK_RATIO
      : (action === 'turn_left' ? yaw - state.rest.yaw : state.rest.yaw - yaw) >= TURN_CHANGE;
  if (!seen) return next;
  const value = Math.round((action === 'blink' ? ear : yaw) * 1000) / 1000;
  return {
    ...next,
    done: state.done + 1,
    events: [...state.events, { action, atMs: Math.round(atMs), value }],
    take: [action === 'blink' ? 'blink' : 'turn'],
  };
}

/** The evidence sent with the selfie: the state, how it ended and the keyframes taken. */
export function evidenceOf(
  state: ChallengeState,
  status: LivenessEvidence['status'],
  frames: LivenessEvidence['frames'],
): LivenessEvidence {
  return {
    challenge: { actions: state.actions, timeLimitMs: state.timeLimitMs },
    status,
    events: state.events,
    frames: status === 'completed' ? frames : [],
  };
}
