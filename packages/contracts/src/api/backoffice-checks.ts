/**
 * Issue 19 "Wiring" (docs/checks.md "Running the checks"): the document checks of a submission as the
 * case page shows them. Each result says what it found as data — a `code` and its parameters — that the
 * back office puts in words in the reader's language; no English sentence travels in a result.
 */
import { z } from 'zod';
import { LIVENESS_ACTIONS, LIVENESS_FRAME_KINDS } from './liveness.ts';

/** The kinds of submission whose documents are checked (D124): level 1, a re-verification, an ID update. */
export const CHECKED_SUBMISSION_KINDS = ['level', 'reverification', 'update_id'] as const;
export type CheckedSubmissionKind = (typeof CHECKED_SUBMISSION_KINDS)[number];

/** Every check a submission can have. */
export const CHECK_NAMES = [
  'quality',
  'mrz',
  'data_match',
  'expiry',
  'face_match',
  'liveness',
  'duplicate_document',
  'duplicate_face',
] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

export const CHECK_OUTCOMES = ['pass', 'warn', 'fail', 'not_run'] as const;
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

/** The images of a level-1 submission the checks read. */
export const CHECK_IMAGE_SIDES = ['front', 'back', 'selfie'] as const;

/** Why no valid MRZ was read: the photo's (OCR) reasons, then the text's (readMrz). */
export const MRZ_UNREADABLE_REASONS = [
  'unreadable_image',
  'blank_image',
  'no_zone',
  'wrong_length',
  'wrong_format',
  'invalid_field',
  'check_digit',
  'ambiguous_repair',
] as const;

/** The fields compared between the MRZ and what the person typed, in the order shown. */
export const DATA_MATCH_FIELDS = [
  'lastName',
  'firstName',
  'dateOfBirth',
  'nationality',
  'issuingCountry',
  'documentNumber',
  'documentType',
  'expiryDate',
] as const;
export type DataMatchField = (typeof DATA_MATCH_FIELDS)[number];

/** Why a check has no outcome (yet). */
export const CHECK_NOT_RUN_REASONS = [
  'pending',
  'mrz_not_read',
  'no_document_image',
  'failed',
  /** face_match: the submission has no selfie. */
  'no_selfie',
  /** duplicate_face: the selfie does not show exactly one face. */
  'no_selfie_face',
  /** liveness (D116): the selfie came without a challenge (a file upload, an older client). */
  'no_challenge',
  /** liveness: the browser had no camera to run the challenge. */
  'no_camera',
  /** liveness: the time limit passed and the person went on. */
  'timed_out',
  /** liveness: the person went on without the challenge. */
  'skipped',
] as const;

/** What kept a completed liveness challenge from passing, as the server saw it on the keyframes (D116). */
export const LIVENESS_FINDINGS = [
  /** fail: a keyframe shows no face. */
  'no_face',
  /** fail: a keyframe's face is not the selfie's (descriptor similarity under the face-match threshold). */
  'other_face',
  /** warn: a keyframe the rule needs is missing. */
  'missing_frame',
  /** warn: the eyes are not seen closing (eye aspect ratio not low enough against the neutral frame). */
  'blink_not_seen',
  /** warn: the head is not seen turning (yaw change under the threshold). */
  'turn_not_seen',
  /** warn: the head turned the other way than asked. */
  'turn_wrong_direction',
  /** warn: the actions (events or frames) are not in the challenge's order. */
  'order',
  /** warn: an action or frame falls after the time limit. */
  'time_limit',
] as const;
export type LivenessFinding = (typeof LIVENESS_FINDINGS)[number];

const measured = z.number().nullable();

const QUALITY_REASONS = ['too_small', 'blank', 'too_dark', 'too_bright', 'glare', 'blurred'] as const;
const QUALITY_CHECKS = ['resolution', 'blank', 'exposure_dark', 'exposure_bright', 'glare', 'blur'] as const;

export const checkDetail = z.discriminatedUnion('code', [
  z.object({
    code: z.literal('image_quality'),
    /** Each image: its first failing measure (value against threshold), or null when it passes. */
    images: z.array(
      z.object({
        side: z.enum(CHECK_IMAGE_SIDES),
        outcome: z.enum(['pass', 'fail']),
        failed: z
          .object({
            check: z.enum(QUALITY_CHECKS),
            reason: z.enum(QUALITY_REASONS),
            value: z.number(),
            threshold: z.number(),
          })
          .nullable(),
      }),
    ),
  }),
  z.object({
    code: z.literal('mrz_read'),
    format: z.enum(['TD1', 'TD2', 'TD3']),
    side: z.enum(CHECK_IMAGE_SIDES),
    /** OCR confusions repaired under the check digits. */
    repairs: z.number().int(),
    /** Issue 19 correction step: ocr (read from the photo) or typed by the person when OCR failed. */
    source: z.enum(['ocr', 'typed']).optional(),
    /** The zone's lines (personal data: sealed at rest, opened for the reviewer). */
    lines: z.array(z.string()).optional(),
  }),
  z.object({ code: z.literal('mrz_not_readable'), reason: z.enum(MRZ_UNREADABLE_REASONS) }),
  z.object({
    code: z.literal('data_compared'),
    /** Each field: what the person typed and what the MRZ says (personal data, sealed at rest). */
    fields: z.array(
      z.object({
        field: z.enum(DATA_MATCH_FIELDS),
        outcome: z.enum(['agrees', 'disagrees', 'not_comparable']),
        typed: z.string().nullable(),
        document: z.string().nullable(),
      }),
    ),
  }),
  z.object({ code: z.literal('expiry_date'), expired: z.boolean(), expiryDate: z.string().nullable() }),
  /** The same document (number and issuing state, by a keyed hash) on other accounts; the first in relatedUserId. */
  z.object({ code: z.literal('duplicate_document'), otherAccounts: z.number().int().min(0) }),
  /**
   * Selfie against the document's portrait: the faces found in each (exactly one is wanted in the
   * selfie), the side the portrait was on, and each face's crop as a JPEG data URL (personal data:
   * sealed at rest, null in the clear detail). The similarity is the result's score.
   */
  z.object({
    code: z.literal('face_compared'),
    selfieFaces: z.number().int().min(0),
    documentFaces: z.number().int().min(0),
    documentSide: z.enum(['front', 'back']).nullable(),
    selfieCrop: z.string().startsWith('data:image/jpeg;base64,').nullable(),
    documentCrop: z.string().startsWith('data:image/jpeg;base64,').nullable(),
  }),
  /** The same face (selfie descriptors, 1:N) on other accounts; the closest in relatedUserId. */
  z.object({ code: z.literal('duplicate_face'), otherAccounts: z.number().int().min(0) }),
  /**
   * The liveness challenge re-checked on its keyframes (D116): what was asked, what kept it from passing,
   * the server's measures against their thresholds, the browser's own values, and each keyframe (its
   * faces, its similarity to the selfie, the JPEG as a data URL: personal data, sealed at rest, null in
   * the clear detail).
   */
  z.object({
    code: z.literal('liveness_checked'),
    actions: z.array(z.enum(LIVENESS_ACTIONS)),
    timeLimitMs: z.number().int(),
    findings: z.array(z.enum(LIVENESS_FINDINGS)),
    measures: z.object({
      /** Eye aspect ratio (mean of both eyes) at rest and eyes closed, and closed ÷ rest against its maximum. */
      earNeutral: measured,
      earBlink: measured,
      earRatio: measured,
      earRatioMax: z.number(),
      /** Yaw (−1…1, positive: the person's left) at rest and turned, the change against its minimum. */
      yawNeutral: measured,
      yawTurn: measured,
      yawChange: measured,
      yawChangeMin: z.number(),
      /** The lowest similarity of a keyframe's face to the selfie's, against the face-match threshold. */
      similarityMin: measured,
      similarityThreshold: z.number(),
    }),
    /** What the browser reported: each action's time (ms after the start) and value. */
    client: z.array(
      z.object({ action: z.enum(LIVENESS_ACTIONS), atMs: z.number().int(), value: z.number() }),
    ),
    frames: z.array(
      z.object({
        kind: z.enum(LIVENESS_FRAME_KINDS),
        atMs: z.number().int(),
        faces: z.number().int().min(0),
        similarity: measured,
        image: z.string().startsWith('data:image/jpeg;base64,').nullable(),
      }),
    ),
  }),
  z.object({ code: z.literal('not_run'), reason: z.enum(CHECK_NOT_RUN_REASONS) }),
]);
export type CheckDetail = z.infer<typeof checkDetail>;

export const caseCheck = z.object({
  name: z.enum(CHECK_NAMES),
  outcome: z.enum(CHECK_OUTCOMES),
  /**
   * The measured value where the check has one, with its threshold: OCR confidence 0-100 (mrz), face
   * similarity 0-1 (face_match, duplicate_face; 1 − the Euclidean distance of the face descriptors).
   */
  score: z.number().nullable(),
  threshold: z.number().nullable(),
  detail: checkDetail,
  /** Another account the check points to (a duplicate document or face), else null. */
  relatedUserId: z.number().int().nullable(),
});
export type CaseCheck = z.infer<typeof caseCheck>;

/**
 * Which submission the case's `checks` are of (the person's submission under review that has a run,
 * else the latest with one; D124) and how far its run is; null when no submission of theirs was checked.
 */
export const caseChecksRun = z
  .object({
    submissionId: z.number().int(),
    /** pending: not finished yet (every check not_run, reason pending); failed: given up after retries. */
    status: z.enum(['pending', 'done', 'failed']),
    checkedAt: z.number().int().nullable(),
    /** Issue 19 (D112): the vendor whose reading of the document was checked; absent for in-house checks. */
    vendor: z.enum(['sumsub', 'onfido', 'jumio']).optional(),
    /** Issue 19 (D124): which kind of submission was checked — a level, a re-verification, an ID update. */
    kind: z.enum(CHECKED_SUBMISSION_KINDS).optional(),
  })
  .nullable();
export type CaseChecksRun = z.infer<typeof caseChecksRun>;
