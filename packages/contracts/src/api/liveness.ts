/**
 * The active liveness challenge's evidence (issue 19 "Faces", D116; docs/checks.md "Liveness"): what the
 * selfie step's challenge asked (a blink and a head turn in a random order, a time limit), what the
 * browser measured and when, and a few small keyframes taken at the moments it detected. It travels with
 * the selfie's upload-document call as one extra multipart field (`liveness`, JSON) and is re-checked by
 * the server on the keyframes; the browser and the server share this schema and its limits.
 */
import { z } from 'zod';

/** Multipart field of upload-document (side selfie only) that carries the evidence as JSON. */
export const UPLOAD_LIVENESS_FIELD = 'liveness';

/** "Turn your head to the left" is the person's own left (the camera sees the nose move to its right). */
export const LIVENESS_ACTIONS = ['blink', 'turn_left', 'turn_right'] as const;
export type LivenessAction = (typeof LIVENESS_ACTIONS)[number];

/**
 * How the challenge ended in the browser: completed (both actions seen in time), timed_out (the person
 * went on after the time limit), skipped (the person went on without it), no_camera (no camera to run it).
 */
export const LIVENESS_STATUSES = ['completed', 'timed_out', 'skipped', 'no_camera'] as const;
export type LivenessStatus = (typeof LIVENESS_STATUSES)[number];

/** The keyframes: the face at rest, eyes closed, head turned. */
export const LIVENESS_FRAME_KINDS = ['neutral', 'blink', 'turn'] as const;
export type LivenessFrameKind = (typeof LIVENESS_FRAME_KINDS)[number];

/** Upload hygiene of the evidence (the server refuses anything outside with 63010). */
export const LIVENESS_LIMITS = {
  /** One keyframe of each kind at most. */
  maxFrames: 3,
  /** A keyframe's JPEG bytes. */
  maxFrameBytes: 96 * 1024,
  /** A keyframe's long side, in pixels (the browser scales its frames down to 480). */
  maxFrameSide: 640,
  /** A keyframe's short side: under this the landmarks are not worth measuring. */
  minFrameSide: 120,
  /** The time limit a challenge may state, in ms. */
  minTimeLimitMs: 5_000,
  maxTimeLimitMs: 60_000,
  /** The JSON field's length: three frames in base64 and the rest. */
  maxFieldChars: 3 * Math.ceil((96 * 1024 * 4) / 3) + 4_096,
} as const;

/** The time limit the browser gives the two actions. */
export const LIVENESS_TIME_LIMIT_MS = 20_000;

const JPEG_DATA_URL = 'data:image/jpeg;base64,';
const ms = z
  .number()
  .int()
  .min(0)
  .max(10 * 60_000);

export const livenessEvidence = z
  .object({
    challenge: z
      .object({
        actions: z.array(z.enum(LIVENESS_ACTIONS)).length(2),
        timeLimitMs: z.number().int().min(LIVENESS_LIMITS.minTimeLimitMs).max(LIVENESS_LIMITS.maxTimeLimitMs),
      })
      .strict()
      .refine(
        (c) => c.actions.filter((a) => a === 'blink').length === 1,
        'actions: one blink and one head turn',
      ),
    status: z.enum(LIVENESS_STATUSES),
    /** When each action was detected (ms after the challenge started) and the value measured then. */
    events: z
      .array(
        z
          .object({
            action: z.enum(LIVENESS_ACTIONS),
            atMs: ms,
            /** blink: the eye aspect ratio at its lowest; a turn: the yaw (−1…1) at its largest. */
            value: z.number().min(-1).max(1),
          })
          .strict(),
      )
      .max(2),
    frames: z
      .array(
        z
          .object({
            kind: z.enum(LIVENESS_FRAME_KINDS),
            atMs: ms,
            image: z
              .string()
              .startsWith(JPEG_DATA_URL)
              .max(JPEG_DATA_URL.length + Math.ceil((LIVENESS_LIMITS.maxFrameBytes * 4) / 3) + 4),
          })
          .strict(),
      )
      .max(LIVENESS_LIMITS.maxFrames)
      .refine((frames) => new Set(frames.map((f) => f.kind)).size === frames.length, 'one frame per kind'),
  })
  .strict();
export type LivenessEvidence = z.infer<typeof livenessEvidence>;

/**
 * The two landmark measures the browser and the server both apply (the server's rule is in
 * apps/server/src/domain/checks/faces/liveness-measures.ts), on face-api's 68 points (iBUG 300-W order).
 */
export type LandmarkPoint = readonly [number, number];

const distance = (a: LandmarkPoint, b: LandmarkPoint) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** One eye's aspect ratio from its six points (p1…p6 from the outer corner): (|p2p6| + |p3p5|) / 2|p1p4|. */
function eyeAspectRatio(points: readonly LandmarkPoint[], first: number): number | null {
  const p = points.slice(first, first + 6);
  if (p.length < 6) return null;
  const [p1, p2, p3, p4, p5, p6] = p as [
    LandmarkPoint,
    LandmarkPoint,
    LandmarkPoint,
    LandmarkPoint,
    LandmarkPoint,
    LandmarkPoint,
  ];
  const width = distance(p1, p4);
  return width > 0 ? (distance(p2, p6) + distance(p3, p5)) / (2 * width) : null;
}

/** The mean eye aspect ratio (Soukupová and Čech 2016) of both eyes (36–41, 42–47); null without 68 points. */
export function meanEyeAspectRatio(landmarks: readonly LandmarkPoint[]): number | null {
  if (landmarks.length < 68) return null;
  const right = eyeAspectRatio(landmarks, 36);
  const left = eyeAspectRatio(landmarks, 42);
  return right === null || left === null ? null : (right + left) / 2;
}

/**
 * The yaw, −1…1: how much nearer the nose tip (30) is to one jaw end (16) than to the other (0), in an
 * unmirrored camera frame. Positive: the nose moved to the image's right, the person turned to their own
 * left. Scale-free, so a face near or far from the camera measures alike.
 */
export function yawOf(landmarks: readonly LandmarkPoint[]): number | null {
  if (landmarks.length < 68) return null;
  const nose = landmarks[30] as LandmarkPoint;
  const toRight = distance(nose, landmarks[0] as LandmarkPoint);
  const toLeft = distance(nose, landmarks[16] as LandmarkPoint);
  const sum = toRight + toLeft;
  return sum > 0 ? (toRight - toLeft) / sum : null;
}
