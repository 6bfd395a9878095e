/**
 * The quality measures of an uploaded photo (docs/checks.md "Image quality"): sharp decodes it (EXIF
 * rotation applied, scaled down to QUALITY_THRESHOLDS.measureMaxSide as the browser does before its
 * own check), and the measurement shared with the capture step (@kyc/contracts image-quality.ts) runs
 * over the raw pixels, so the server and the client measure alike.
 */
import sharp from 'sharp';
import { measurePixels, QUALITY_THRESHOLDS, type QualityMeasures } from '@kyc/contracts';

export async function measureImage(image: Buffer): Promise<QualityMeasures> {
  const side = QUALITY_THRESHOLDS.measureMaxSide;
  const { data, info } = await sharp(image, { limitInputPixels: false })
    .rotate()
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const metadata = await sharp(image, { limitInputPixels: false }).metadata();
  // EXIF orientations 5–8 swap the sides; the long side is the same either way.
  const longSide = Math.max(metadata.width, metadata.height);
  return measurePixels({ data, width: info.width, height: info.height, channels: 3 }, longSide);
}
