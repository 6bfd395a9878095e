/**
 * The regions of a document photo worth reading for an MRZ (issue 19), prepared with sharp: turned
 * upright by its EXIF orientation, greyscale, contrast stretched (normalise), and each region resampled
 * to a width at which tesseract reads MRZ glyphs best (the MRZ spans nearly the whole width of a TD3
 * page or a TD1 card, so the width sets the character size: about 20-35 px per character). The zone
 * sits at the bottom of a passport data page and of an ID card's back, so bottom bands come first; the
 * whole image is the last resort (a photo with much surface below the document, a zone higher up).
 */
import sharp from 'sharp';

export interface ZoneRegion {
  name: string;
  /** The share of the image's height, from the bottom (1: the whole image). */
  bottomShare: number;
  /** Width the region is resampled to before OCR. */
  width: number;
}

/** In the order tried; reading stops at the first region whose zone is valid. */
export const ZONE_REGIONS: ZoneRegion[] = [
  { name: 'bottom third, 1000 px', bottomShare: 0.35, width: 1000 },
  { name: 'bottom third, 1600 px', bottomShare: 0.35, width: 1600 },
  { name: 'bottom half, 1300 px', bottomShare: 0.5, width: 1300 },
  { name: 'whole image, 1600 px', bottomShare: 1, width: 1600 },
];

export const ACCEPTED_FORMATS = ['jpeg', 'png', 'webp'] as const;
/** 50 megapixels: a 8660 × 5773 photo; beyond that an upload is not a phone photo of a document. */
const MAX_INPUT_PIXELS = 50_000_000;
/** Anything larger is reduced first: no region is read wider than 1600 px. */
const WORKING_WIDTH = 2000;
/** A greyscale standard deviation below this is a blank or solid-colour page. */
const BLANK_STDEV = 4;

export type PreparedImage =
  | { ok: true; grey: Buffer; width: number; height: number }
  | { ok: false; reason: 'unreadable_image' | 'blank_image'; detail: string };

/** Decodes, checks and normalises the upload once; regions are cut from the result. */
export async function prepareImage(image: Buffer): Promise<PreparedImage> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch (error) {
    return {
      ok: false,
      reason: 'unreadable_image',
      detail: `not an image sharp can decode: ${String(error)}`,
    };
  }
  if (!ACCEPTED_FORMATS.includes(format as (typeof ACCEPTED_FORMATS)[number]))
    return {
      ok: false,
      reason: 'unreadable_image',
      detail: `${format ?? 'unknown'} is not JPEG, PNG or WebP`,
    };
  try {
    // b-w: one channel (greyscale() alone still answers three in raw output).
    const { data: plain, info } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: WORKING_WIDTH, withoutEnlargement: true })
      .greyscale()
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: 1 as const } };
    // Judged before normalising, which would stretch a blank page's JPEG noise to full contrast.
    const { channels } = await sharp(plain, raw).stats();
    if ((channels[0]?.stdev ?? 0) < BLANK_STDEV)
      return { ok: false, reason: 'blank_image', detail: 'the image is one flat colour: no document in it' };
    const data = await sharp(plain, raw).normalise().toColourspace('b-w').raw().toBuffer();
    return { ok: true, grey: data, width: info.width, height: info.height };
  } catch (error) {
    return {
      ok: false,
      reason: 'unreadable_image',
      detail: `the image could not be decoded: ${String(error)}`,
    };
  }
}

/** One region of the prepared image as a PNG for tesseract. */
export async function regionPng(
  prepared: { grey: Buffer; width: number; height: number },
  region: ZoneRegion,
) {
  const top = Math.round(prepared.height * (1 - region.bottomShare));
  return sharp(prepared.grey, { raw: { width: prepared.width, height: prepared.height, channels: 1 } })
    .extract({ left: 0, top, width: prepared.width, height: prepared.height - top })
    .resize({ width: region.width, kernel: 'lanczos3' })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
