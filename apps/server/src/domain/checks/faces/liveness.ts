/**
 * The liveness check (issue 19 "Faces", D116; docs/checks.md "Liveness"): the browser's challenge (a
 * blink and a head turn in a random order, a time limit) re-checked on its keyframes with the server's
 * own face model. pass: the server saw both actions, in order and in time, on the selfie's face; warn:
 * the browser reported success but the frames do not confirm it; fail: a keyframe shows no face or
 * another person's; not_run: the challenge did not run (no evidence, no camera, timed out, skipped).
 * Advisory: it never rejects; anything but pass leaves the case to a person (auto-decision/eligibility.ts).
 */
import type { CheckDetail, LivenessEvidence, LivenessFinding, LivenessFrameKind } from '@kyc/contracts';
import type { EvaluatedCheck } from '../run/evaluate.ts';
import { FACE_MATCH_THRESHOLD } from './face-match.ts';
import { faceSimilarity } from './face-index.ts';
import type { DetectedFace } from './face-engine.ts';
import { findFaces as defaultFindFaces, type FindFaces } from './find-faces.ts';
import {
  BLINK_EAR_RATIO_MAX,
  TURN_YAW_CHANGE_MIN,
  blinkMeasure,
  timingFindings,
  turnMeasure,
} from './liveness-measures.ts';

const JPEG_DATA_URL = 'data:image/jpeg;base64,';
const notRun = (reason: 'no_challenge' | 'no_camera' | 'timed_out' | 'skipped'): EvaluatedCheck => ({
  name: 'liveness',
  outcome: 'not_run',
  score: null,
  threshold: null,
  detail: { code: 'not_run', reason },
});

interface SeenFrame {
  kind: LivenessFrameKind;
  atMs: number;
  image: string;
  faces: DetectedFace[];
  similarity: number | null;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The check of a selfie's challenge. `selfieDescriptor` is the selfie's one face (face_match); without
 * it each keyframe is compared with the neutral keyframe instead.
 */
export async function livenessCheck(
  evidence: LivenessEvidence | null,
  selfieDescriptor: number[] | null,
  find: FindFaces = defaultFindFaces,
): Promise<EvaluatedCheck> {
  if (!evidence) return notRun('no_challenge');
  if (evidence.status !== 'completed') return notRun(evidence.status);

  const frames: SeenFrame[] = [];
  for (const frame of evidence.frames) {
    const found = await find(Buffer.from(frame.image.slice(JPEG_DATA_URL.length), 'base64'));
    frames.push({ ...frame, faces: found?.faces ?? [], similarity: null });
  }
  const frameOf = (kind: LivenessFrameKind) => frames.find((f) => f.kind === kind);
  const neutral = frameOf('neutral');
  const reference = selfieDescriptor ?? neutral?.faces[0]?.descriptor ?? null;
  for (const frame of frames) {
    const face = frame.faces[0];
    if (face && reference) frame.similarity = round(faceSimilarity(reference, face.descriptor));
  }

  const findings = new Set<LivenessFinding>();
  if (frames.some((f) => f.faces.length === 0)) findings.add('no_face');
  if (frames.some((f) => f.similarity !== null && f.similarity < FACE_MATCH_THRESHOLD))
    findings.add('other_face');
  const blinkFrame = frameOf('blink');
  const turnFrame = frameOf('turn');
  if (!neutral || !blinkFrame || !turnFrame) findings.add('missing_frame');
  const landmarks = (frame: SeenFrame | undefined) => frame?.faces[0]?.landmarks ?? null;
  const blink = blinkMeasure(landmarks(neutral), landmarks(blinkFrame));
  const asked =
    evidence.challenge.actions.find((a): a is 'turn_left' | 'turn_right' => a !== 'blink') ?? 'turn_left';
  const turn = turnMeasure(landmarks(neutral), landmarks(turnFrame), asked);
  if (neutral && blinkFrame && !blink.seen) findings.add('blink_not_seen');
  if (neutral && turnFrame && turn.result === 'not_seen') findings.add('turn_not_seen');
  if (turn.result === 'wrong_direction') findings.add('turn_wrong_direction');
  for (const finding of timingFindings(evidence)) findings.add(finding);

  const similarities = frames.flatMap((f) => (f.similarity === null ? [] : [f.similarity]));
  const detail: CheckDetail = {
    code: 'liveness_checked',
    actions: [...evidence.challenge.actions],
    timeLimitMs: evidence.challenge.timeLimitMs,
    findings: [...findings],
    measures: {
      earNeutral: blink.earNeutral,
      earBlink: blink.earBlink,
      earRatio: blink.earRatio,
      earRatioMax: BLINK_EAR_RATIO_MAX,
      yawNeutral: turn.yawNeutral,
      yawTurn: turn.yawTurn,
      yawChange: turn.yawChange,
      yawChangeMin: TURN_YAW_CHANGE_MIN,
      similarityMin: similarities.length > 0 ? Math.min(...similarities) : null,
      similarityThreshold: FACE_MATCH_THRESHOLD,
    },
    client: evidence.events.map((e) => ({ action: e.action, atMs: e.atMs, value: e.value })),
    frames: frames.map((f) => ({
      kind: f.kind,
      atMs: f.atMs,
      faces: f.faces.length,
      similarity: f.similarity,
      image: f.image,
    })),
  };
  const outcome =
    findings.has('no_face') || findings.has('other_face') ? 'fail' : findings.size > 0 ? 'warn' : 'pass';
  return { name: 'liveness', outcome, score: null, threshold: null, detail };
}
