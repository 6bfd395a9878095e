/**
 * Image quality of identity-document sides and selfies (issue 10, docs/kyc.md "Image quality"): a
 * reviewer cannot verify a thumbnail, a blurred photo or a solid colour, so these are refused at upload
 * with a reason the person can act on (retake), instead of days later by a reviewer.
 *
 * - Too small (40006): the long side under MIN_LONG_SIDE pixels, read from the header before decoding.
 * - Nearly uniform (40008): the largest standard deviation of the R, G and B channels of the image
 *   (downscaled to ANALYSIS_SIDE on its long side) under MIN_CHANNEL_STDEV: a solid colour, a lens cap.
 * - Blurred (40007): the variance of the 4-neighbour Laplacian of the greyscale image downscaled to
 *   ANALYSIS_SIDE under MIN_LAPLACIAN_VARIANCE. Downscaling to one fixed size makes the measure
 *   comparable between a 1000- and a 4000-pixel photo; it also averages sensor noise away, so noise
 *   alone does not pass for detail.
 *
 * The thresholds were calibrated (image-quality.test.ts and docs/kyc.md) on generated photo-like
 * fixtures, the same fixtures Gaussian-blurred, and frames of Chromium's fake camera.
 */
import sharp from 'sharp';
import { AppError } from '../app-error.ts';

/** The long side of a document photo or selfie must be at least this (pixels). */
export const MIN_LONG_SIDE = 800;
/** Analysis size: the long side the image is scaled to before measuring. */
export const ANALYSIS_SIDE = 512;
/** Below this Laplacian variance (greyscale 0–255, at ANALYSIS_SIDE) the photo is too blurred. */
export const MIN_LAPLACIAN_VARIANCE = 40;
/** Below this standard deviation in every channel the image is a (near) solid colour. */
export const MIN_CHANNEL_STDEV = 6;

export interface QualityMeasures {
  /** Largest standard deviation of the R, G and B channels. */
  channelStdev: number;
  /** Variance of the Laplacian of the greyscale image. */
  laplacianVariance: number;
}

/** Refuses (40006) an image whose long side, as its header declares it, is under MIN_LONG_SIDE. */
export function checkImageSize(width: number, height: number): void {
  if (Math.max(width, height) < MIN_LONG_SIDE)
    throw new AppError(
      'UPLOAD_IMAGE_TOO_SMALL',
      `the image is ${width}×${height} pixels; its long side must be at least ${MIN_LONG_SIDE}`,
    );
}

/** The two measures of a decodable image (any sharp input). */
export async function measureQuality(image: Buffer): Promise<QualityMeasures> {
  const scaled = sharp(image, { limitInputPixels: false })
    .rotate()
    .resize({ width: ANALYSIS_SIDE, height: ANALYSIS_SIDE, fit: 'inside', withoutEnlargement: true })
    .removeAlpha();
  const stats = await scaled.clone().stats();
  const channelStdev = Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev));
  const { data, info } = await scaled.clone().greyscale().raw().toBuffer({ resolveWithObject: true });
  return { channelStdev, laplacianVariance: laplacianVariance(data, info.width, info.height) };
}

/** Variance of the 4-neighbour Laplacian over the inner pixels of a one-channel raw image. */
export function laplacianVariance(grey: Uint8Array, width: number, height: number): number {
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

/** Refuses a nearly uniform (40008) or blurred (40007) image; the uniform check comes first. */
export async function checkImageQuality(image: Buffer): Promise<QualityMeasures> {
  const measures = await measureQuality(image);
  if (measures.channelStdev < MIN_CHANNEL_STDEV)
    throw new AppError(
      'UPLOAD_IMAGE_UNIFORM',
      `the image is nearly a single colour (channel deviation ${measures.channelStdev.toFixed(1)}, at least ${MIN_CHANNEL_STDEV})`,
    );
  if (measures.laplacianVariance < MIN_LAPLACIAN_VARIANCE)
    throw new AppError(
      'UPLOAD_IMAGE_BLURRED',
      `the image is too blurred (sharpness ${measures.laplacianVariance.toFixed(0)}, at least ${MIN_LAPLACIAN_VARIANCE})`,
    );
  return measures;
}
