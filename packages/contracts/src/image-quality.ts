/**
 * Image quality of document sides and selfies (issue 19, docs/checks.md "Image quality"): the
 * thresholds and the measurement itself, shared by the server (domain/checks/quality, pixels decoded
 * by sharp) and the end-user app (the capture step, pixels from a canvas), so that the two cannot
 * drift: the same function measures the same pixels, and the same numbers judge them (D83).
 *
 * The measurement is pure over a pixel array (no canvas, no sharp): the image is reduced to its luma
 * (Rec. 601) and area-averaged to QUALITY_THRESHOLDS.workingSide on its long side, which makes the
 * blur measure comparable between a 1000- and a 4000-pixel photo and averages sensor noise away.
 */
import type { RetCodeName } from './ret-codes.ts';

/** What the photo is of: a document side (front, back) or a selfie. A proof of address is not checked. */
export type QualitySubject = 'document' | 'selfie';

/** Why a photo is refused; each has its own ret_code and message (QUALITY_REFUSAL_CODES). */
export type QualityReason = 'too_small' | 'blank' | 'too_dark' | 'too_bright' | 'glare' | 'blurred';

export type QualityCheckName =
  'resolution' | 'blank' | 'exposure_dark' | 'exposure_bright' | 'glare' | 'blur';

/** Calibrated on the synthetic set of domain/checks/quality (docs/checks.md "Image quality"). */
export const QUALITY_THRESHOLDS = {
  /** The long side the luma is area-averaged to before measuring. */
  workingSide: 512,
  /** Images larger than this are first scaled to it (the browser's canvas, sharp on the server). */
  measureMaxSide: 2560,
  /** Minimum long side in pixels of the photo as decoded (after its EXIF rotation). */
  minLongSide: { document: 1000, selfie: 640 },
  /** Below this standard deviation of the working luma (0–255) the image is one colour or a blank page. */
  minLumaStdev: 8,
  /** Below this mean luma the photo is too dark… */
  minMeanLuma: 50,
  /** …above it too bright (overexposed, washed out). */
  maxMeanLuma: 225,
  /** A working pixel is near-white (clipped: glare, a reflection) from this luma… */
  glareLuma: 250,
  /** …and a document photo with more than this share of them is refused (not applied to selfies). */
  maxGlareShare: 0.08,
  /** Below this variance of the 4-neighbour Laplacian of the working luma the photo is blurred. */
  minLaplacianVariance: 40,
} as const;

/** The ret_code of each refusal (the same text on the capture screen and from the server). */
export const QUALITY_REFUSAL_CODES = {
  too_small: { document: 'UPLOAD_IMAGE_TOO_SMALL', selfie: 'UPLOAD_SELFIE_TOO_SMALL' },
  blank: { document: 'UPLOAD_IMAGE_UNIFORM', selfie: 'UPLOAD_IMAGE_UNIFORM' },
  too_dark: { document: 'UPLOAD_IMAGE_TOO_DARK', selfie: 'UPLOAD_IMAGE_TOO_DARK' },
  too_bright: { document: 'UPLOAD_IMAGE_TOO_BRIGHT', selfie: 'UPLOAD_IMAGE_TOO_BRIGHT' },
  glare: { document: 'UPLOAD_IMAGE_GLARE', selfie: 'UPLOAD_IMAGE_GLARE' },
  blurred: { document: 'UPLOAD_IMAGE_BLURRED', selfie: 'UPLOAD_IMAGE_BLURRED' },
} as const satisfies Record<QualityReason, Record<QualitySubject, RetCodeName>>;

/** Decoded pixels, row-major, 1 (grey), 3 (RGB) or 4 (RGBA, as a canvas gives them) channels. */
export interface ImagePixels {
  data: ArrayLike<number>;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
}

export interface QualityMeasures {
  /** The long side of the photo itself (before any scaling for the measurement). */
  longSide: number;
  /** Mean and standard deviation of the working luma, 0–255. */
  meanLuma: number;
  lumaStdev: number;
  /** Share (0–1) of working pixels at or above QUALITY_THRESHOLDS.glareLuma. */
  glareShare: number;
  /** Variance of the 4-neighbour Laplacian of the working luma. */
  laplacianVariance: number;
}

export interface QualityResult {
  check: QualityCheckName;
  outcome: 'pass' | 'fail';
  /** The measured value and the threshold it was held to (a minimum or a maximum, as `check` says). */
  value: number;
  threshold: number;
  /** Set when the outcome is fail. */
  reason?: QualityReason;
}

/** Rec. 601 luma of pixel i. */
function lumaAt(pixels: ImagePixels, i: number): number {
  const { data, channels } = pixels;
  const o = i * channels;
  if (channels === 1) return data[o] ?? 0;
  return 0.299 * (data[o] ?? 0) + 0.587 * (data[o + 1] ?? 0) + 0.114 * (data[o + 2] ?? 0);
}

/**
 * For each source index along an axis of `from` pixels scaled to `to` (≤ from), the output index and
 * the share of the source pixel that falls into it (a source pixel straddles at most two outputs).
 */
function axisWeights(from: number, to: number) {
  const scale = from / to;
  const first = new Int32Array(from);
  const share = new Float64Array(from);
  for (let i = 0; i < from; i++) {
    const j = Math.min(to - 1, Math.floor(i / scale));
    const boundary = (j + 1) * scale;
    first[i] = j;
    share[i] = boundary < i + 1 && j + 1 < to ? boundary - i : 1;
  }
  return { first, share, scale };
}

/** The luma of the image, area-averaged to `side` pixels on its long side (never enlarged). */
export function workingLuma(
  pixels: ImagePixels,
  side: number = QUALITY_THRESHOLDS.workingSide,
): { luma: Float64Array; width: number; height: number } {
  const { width, height } = pixels;
  const scale = Math.min(1, side / Math.max(width, height));
  const outW = Math.max(1, Math.round(width * scale));
  const outH = Math.max(1, Math.round(height * scale));
  const xs = axisWeights(width, outW);
  const ys = axisWeights(height, outH);
  const out = new Float64Array(outW * outH);
  const row = new Float64Array(outW);
  for (let y = 0; y < height; y++) {
    row.fill(0);
    for (let x = 0; x < width; x++) {
      const value = lumaAt(pixels, y * width + x);
      const j = xs.first[x] ?? 0;
      const part = xs.share[x] ?? 1;
      row[j] = (row[j] ?? 0) + value * part;
      if (part < 1) row[j + 1] = (row[j + 1] ?? 0) + value * (1 - part);
    }
    const oy = ys.first[y] ?? 0;
    const part = ys.share[y] ?? 1;
    const top = oy * outW;
    for (let j = 0; j < outW; j++) out[top + j] = (out[top + j] ?? 0) + (row[j] ?? 0) * part;
    if (part < 1) {
      const next = top + outW;
      for (let j = 0; j < outW; j++) out[next + j] = (out[next + j] ?? 0) + (row[j] ?? 0) * (1 - part);
    }
  }
  const area = xs.scale * ys.scale;
  for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) / area;
  return { luma: out, width: outW, height: outH };
}

/** Variance of the 4-neighbour Laplacian over the inner pixels of a one-channel image. */
export function laplacianVariance(grey: ArrayLike<number>, width: number, height: number): number {
  let sum = 0;
  let squares = 0;
  let count = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const value =
        (grey[i - 1] ?? 0) +
        (grey[i + 1] ?? 0) +
        (grey[i - width] ?? 0) +
        (grey[i + width] ?? 0) -
        4 * (grey[i] ?? 0);
      sum += value;
      squares += value * value;
      count += 1;
    }
  }
  if (count === 0) return 0;
  const mean = sum / count;
  return squares / count - mean * mean;
}

/**
 * The measures of an image. `longSide` is that of the photo itself, when `pixels` were already scaled
 * down for the measurement (QUALITY_THRESHOLDS.measureMaxSide); by default the pixels' own.
 */
export function measurePixels(
  pixels: ImagePixels,
  longSide = Math.max(pixels.width, pixels.height),
): QualityMeasures {
  const { luma, width, height } = workingLuma(pixels);
  let sum = 0;
  let squares = 0;
  let bright = 0;
  for (const value of luma) {
    sum += value;
    squares += value * value;
    if (value >= QUALITY_THRESHOLDS.glareLuma) bright += 1;
  }
  const n = luma.length;
  const meanLuma = sum / n;
  return {
    longSide,
    meanLuma,
    lumaStdev: Math.sqrt(Math.max(0, squares / n - meanLuma * meanLuma)),
    glareShare: bright / n,
    laplacianVariance: laplacianVariance(luma, width, height),
  };
}

/**
 * Every check of a subject, in the order a refusal names its reason: resolution, blank, too dark, too
 * bright, glare (documents only: a bright window behind a face hides nothing), blur. A blank or dark
 * photo has no edges either, so blur comes last and names only a photo that is otherwise usable.
 */
export function assessQuality(measures: QualityMeasures, subject: QualitySubject): QualityResult[] {
  const t = QUALITY_THRESHOLDS;
  const min = (check: QualityCheckName, value: number, threshold: number, reason: QualityReason) =>
    value < threshold
      ? { check, outcome: 'fail' as const, value, threshold, reason }
      : { check, outcome: 'pass' as const, value, threshold };
  const max = (check: QualityCheckName, value: number, threshold: number, reason: QualityReason) =>
    value > threshold
      ? { check, outcome: 'fail' as const, value, threshold, reason }
      : { check, outcome: 'pass' as const, value, threshold };
  return [
    min('resolution', measures.longSide, t.minLongSide[subject], 'too_small'),
    min('blank', measures.lumaStdev, t.minLumaStdev, 'blank'),
    min('exposure_dark', measures.meanLuma, t.minMeanLuma, 'too_dark'),
    max('exposure_bright', measures.meanLuma, t.maxMeanLuma, 'too_bright'),
    ...(subject === 'document' ? [max('glare', measures.glareShare, t.maxGlareShare, 'glare')] : []),
    min('blur', measures.laplacianVariance, t.minLaplacianVariance, 'blurred'),
  ];
}

/** The first failed check (the one a refusal names), or undefined when the photo passes. */
export function qualityRefusal(results: readonly QualityResult[]): QualityResult | undefined {
  return results.find((result) => result.outcome === 'fail');
}
