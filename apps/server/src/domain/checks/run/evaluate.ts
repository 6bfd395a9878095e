/**
 * The checks of one in-house level-1 submission, from its images and what the person typed (issue 19
 * "Wiring"; docs/checks.md "Running the checks"): the image quality of each document side and the
 * selfie, the MRZ read by OCR from a document side (its ICAO check digits decide), the expiry, and the
 * comparison with what was typed. Each result carries its detail as data (a code and its parameters)
 * for the back office to word. No database here: the caller (check-runs.ts) reads the inputs, looks up
 * duplicates by `documentKey` and stores the results.
 */
import type { CaseCheck, CheckDetail, DocumentType, LivenessEvidence } from '@kyc/contracts';
import { qualityRefusal } from '@kyc/contracts';
import { compareWithTyped, type TypedIdentity } from '../mrz/compare-typed.ts';
import type { MrzReading } from '../mrz/read-mrz.ts';
import { readMrzFromImage, type ImageMrzResult } from '../ocr/read-mrz-from-image.ts';
import { assessImage } from '../quality/check-image-quality.ts';
import { faceMatch } from '../faces/face-match.ts';
import type { FindFaces } from '../faces/find-faces.ts';
import { livenessCheck } from '../faces/liveness.ts';

export type CheckImageSide = 'front' | 'back' | 'selfie';
export type CheckImages = Partial<Record<CheckImageSide, Buffer>>;

/** A result before it is stored: `detail` whole (personal data included), `relatedUserId` still null. */
export type EvaluatedCheck = Omit<CaseCheck, 'relatedUserId'>;

export interface Evaluation {
  checks: EvaluatedCheck[];
  /** The MRZ's issuing state and document number when a valid zone was read (the duplicate check's key). */
  documentKey: { issuingState: string; documentNumber: string } | null;
  /** The selfie's one face's descriptor (the duplicate-face search's key); null without exactly one face. */
  selfieDescriptor: number[] | null;
}

export interface EvaluateOptions {
  now: number;
  /** The MRZ reader (tests may count or replace it); readMrzFromImage by default. */
  readMrz?: (image: Buffer, options: { now: number }) => Promise<ImageMrzResult>;
  /** The face finder (tests may replace it); find-faces.ts by default. */
  findFaces?: FindFaces;
  /** The selfie's liveness evidence (D116); null or absent: the challenge did not run. */
  liveness?: LivenessEvidence | null;
}

/** The side that carries the MRZ first: a passport's data page is its front; an ID card's zone is on the back. */
const mrzSides = (type: DocumentType): CheckImageSide[] =>
  type === 'PASSPORT' ? ['front', 'back'] : ['back', 'front'];

async function qualityCheck(images: CheckImages): Promise<EvaluatedCheck> {
  const sides = (['front', 'back', 'selfie'] as const).filter((s) => images[s]);
  const assessed = await Promise.all(
    sides.map(async (side) => {
      const report = await assessImage(images[side] as Buffer, side === 'selfie' ? 'selfie' : 'document');
      const failed = qualityRefusal(report.results);
      return {
        side,
        outcome: failed?.reason ? ('fail' as const) : ('pass' as const),
        failed: failed?.reason
          ? { check: failed.check, reason: failed.reason, value: failed.value, threshold: failed.threshold }
          : null,
      };
    }),
  );
  return {
    name: 'quality',
    outcome: assessed.some((a) => a.outcome === 'fail') ? 'fail' : 'pass',
    score: null,
    threshold: null,
    detail: { code: 'image_quality', images: assessed },
  };
}

type Read = { side: CheckImageSide; result: ImageMrzResult };
const rankOf = (read: Read) => (!read.result.found ? 0 : read.result.reading.valid ? 2 : 1);

/** The zone from the first side that gives a valid reading, else the best attempt. */
async function readZone(images: CheckImages, type: DocumentType, options: EvaluateOptions) {
  const read = options.readMrz ?? readMrzFromImage;
  let best: Read | undefined;
  for (const side of mrzSides(type)) {
    const image = images[side];
    if (!image) continue;
    const attempt: Read = { side, result: await read(image, { now: options.now }) };
    if (!best || rankOf(attempt) > rankOf(best)) best = attempt;
    if (rankOf(attempt) === 2) break;
  }
  return best;
}

const notRun = (name: EvaluatedCheck['name'], reason: 'mrz_not_read' | 'no_document_image') => ({
  name,
  outcome: 'not_run' as const,
  score: null,
  threshold: null,
  detail: { code: 'not_run', reason } satisfies CheckDetail,
});

/**
 * The document checks, then the faces (face_match; the selfie's descriptor for duplicate_face), then
 * the liveness challenge against the selfie's face. Without a selfie there is no liveness row.
 */
export async function evaluateSubmission(
  images: CheckImages,
  typed: TypedIdentity & { documentType: DocumentType },
  options: EvaluateOptions,
): Promise<Evaluation> {
  const document = await documentChecks(images, typed, options);
  const faces = await faceMatch(images, typed.documentType, options.findFaces);
  const liveness = images.selfie
    ? [await livenessCheck(options.liveness ?? null, faces.selfieDescriptor, options.findFaces)]
    : [];
  return {
    ...document,
    checks: [...document.checks, faces.check, ...liveness],
    selfieDescriptor: faces.selfieDescriptor,
  };
}

async function documentChecks(
  images: CheckImages,
  typed: TypedIdentity & { documentType: DocumentType },
  options: EvaluateOptions,
): Promise<Omit<Evaluation, 'selfieDescriptor'>> {
  const quality = await qualityCheck(images);
  const zone = await readZone(images, typed.documentType, options);
  if (!zone)
    return {
      checks: [
        quality,
        notRun('mrz', 'no_document_image'),
        notRun('data_match', 'no_document_image'),
        notRun('expiry', 'no_document_image'),
        notRun('duplicate_document', 'no_document_image'),
      ],
      documentKey: null,
    };
  const { result, side } = zone;
  const reading: MrzReading | null = result.found ? result.reading : null;
  if (!result.found || !reading?.valid) {
    const reason = result.found ? (reading as Exclude<MrzReading, { valid: true }>).reason : result.reason;
    return {
      checks: [
        quality,
        {
          name: 'mrz',
          outcome: 'warn',
          score: result.found ? result.confidence : null,
          threshold: null,
          detail: { code: 'mrz_not_readable', reason },
        },
        notRun('data_match', 'mrz_not_read'),
        notRun('expiry', 'mrz_not_read'),
        notRun('duplicate_document', 'mrz_not_read'),
      ],
      documentKey: null,
    };
  }
  const comparison = compareWithTyped(reading, typed, { now: options.now });
  const disagrees = comparison.fields.some((f) => f.outcome === 'disagrees');
  return {
    checks: [
      quality,
      {
        name: 'mrz',
        outcome: 'pass',
        score: result.confidence,
        threshold: null,
        // The lines (sealed with the evidence) let the correction step compare again without OCR.
        detail: {
          code: 'mrz_read',
          format: reading.format,
          side,
          repairs: reading.repairs.length,
          lines: reading.lines,
        },
      },
      {
        name: 'data_match',
        outcome: disagrees ? 'fail' : 'pass',
        score: null,
        threshold: null,
        detail: {
          code: 'data_compared',
          fields: comparison.fields.map(({ field, outcome, typed: t, document }) => ({
            field,
            outcome,
            typed: t,
            document,
          })),
        },
      },
      {
        name: 'expiry',
        outcome: comparison.expired ? 'fail' : 'pass',
        score: null,
        threshold: null,
        detail: { code: 'expiry_date', expired: comparison.expired, expiryDate: reading.expiryDate.iso },
      },
    ],
    documentKey: { issuingState: reading.issuingState, documentNumber: reading.documentNumber },
  };
}

/** The detail as stored in clear: its personal values (typed, read, the expiry date) left out. */
export function clearDetail(detail: CheckDetail): CheckDetail {
  if (detail.code === 'data_compared')
    return { ...detail, fields: detail.fields.map((f) => ({ ...f, typed: null, document: null })) };
  if (detail.code === 'expiry_date') return { ...detail, expiryDate: null };
  if (detail.code === 'face_compared') return { ...detail, selfieCrop: null, documentCrop: null };
  if (detail.code === 'liveness_checked')
    return { ...detail, frames: detail.frames.map((f) => ({ ...f, image: null })) };
  if (detail.code === 'mrz_read') {
    const { lines: _sealed, ...clear } = detail;
    return clear;
  }
  return detail;
}

/** Whether a detail holds personal data to seal. */
export const hasEvidence = (detail: CheckDetail) =>
  detail.code === 'data_compared' ||
  detail.code === 'expiry_date' ||
  (detail.code === 'face_compared' && (detail.selfieCrop !== null || detail.documentCrop !== null)) ||
  (detail.code === 'mrz_read' && detail.lines !== undefined) ||
  (detail.code === 'liveness_checked' && detail.frames.some((f) => f.image !== null));
