import {
  assessQuality,
  measurePixels,
  QUALITY_REFUSAL_CODES,
  QUALITY_THRESHOLDS,
  qualityRefusal,
  RET_CODES,
  type DocumentSide,
  type ImagePixels,
  type QualityResult,
  type QualitySubject,
} from '@kyc/contracts';

/**
 * The image-quality checks of docs/checks.md "Image quality", run in the browser on the photo before
 * it is uploaded: the measurement and thresholds of @kyc/contracts, the same the server applies again.
 * A proof of address is not checked (a PDF, or a photo of a letter).
 */
export function qualitySubject(side: DocumentSide): QualitySubject | null {
  if (side === 'poa') return null;
  return side === 'selfie' ? 'selfie' : 'document';
}

/** A refused check with the ret_code whose catalogue text the capture step shows. */
export interface PhotoRefusal {
  result: QualityResult;
  retCode: number;
}

/** Judges decoded pixels (the pure part: testable on an ImageData-like array without a canvas). */
export function judgePixels(
  pixels: ImagePixels,
  subject: QualitySubject,
  longSide?: number,
): { results: QualityResult[]; refusal: PhotoRefusal | null } {
  const results = assessQuality(measurePixels(pixels, longSide), subject);
  const failed = qualityRefusal(results);
  const refusal =
    failed?.reason !== undefined
      ? { result: failed, retCode: RET_CODES[QUALITY_REFUSAL_CODES[failed.reason][subject]].code }
      : null;
  return { results, refusal };
}

/** Whether this browser can decode and read a photo here (createImageBitmap and a canvas). */
export function canCheckPhotos(): boolean {
  return typeof createImageBitmap === 'function' && typeof document !== 'undefined';
}

/**
 * Decodes the photo (EXIF orientation applied), draws it at most QUALITY_THRESHOLDS.measureMaxSide on
 * its long side, and judges its pixels. Null when the photo passes, or when this browser cannot decode
 * it here (no createImageBitmap or canvas): the server's own check then decides.
 */
export async function checkPhotoQuality(blob: Blob, subject: QualitySubject): Promise<PhotoRefusal | null> {
  if (!canCheckPhotos()) return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
  } catch {
    return null; // not decodable here: the server says why
  }
  try {
    const longSide = Math.max(bitmap.width, bitmap.height);
    const scale = Math.min(1, QUALITY_THRESHOLDS.measureMaxSide / longSide);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    const pixels = { data: image.data, width: image.width, height: image.height, channels: 4 } as const;
    return judgePixels(pixels, subject, longSide).refusal;
  } finally {
    bitmap.close();
  }
}
