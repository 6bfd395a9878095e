/**
 * Upload hygiene for identity documents, selfies and evidence (issue 4, "Uploads"). The type is decided
 * by the bytes alone — magic bytes, then a real decode — never by file name or declared Content-Type.
 *
 * - JPEG and PNG are accepted; PDF only when the caller allows it (proof of address). Everything else is
 *   refused: HTML or SVG under an image name, GIF, WebP, HEIC, TIFF… WebP and HEIC are refused on
 *   purpose: every capture path of the portal (canvas, camera, file picker) can produce JPEG, and each
 *   extra decoder is attack surface.
 * - Size: at most MAX_UPLOAD_BYTES, checked first. Pixels: the dimensions are read from the header and
 *   checked against MAX_PIXELS / MAX_SIDE BEFORE the decoder runs, so a decompression bomb costs nothing;
 *   sharp's own `limitInputPixels` is a second guard.
 * - Images are decoded in full (a truncated or corrupt file is refused) and re-encoded: rotated by their
 *   EXIF orientation, then every piece of metadata (EXIF with GPS, XMP, IPTC, comments, the input ICC
 *   profile) is dropped; pixels are converted to sRGB and tagged with the sRGB profile; the long side is
 *   capped at MAX_OUTPUT_SIDE. JPEG stays JPEG (quality 90), PNG stays PNG. Whatever was appended to or
 *   hidden in the original (polyglots) does not survive.
 * - PDFs are judged by a PDF parser and stored as a rewritten copy holding the pages only (pdf-check.ts).
 * - Whether a document side or selfie is a usable photo is the domain's question (domain/checks/quality).
 *
 * The sha256 is of the bytes to store (the re-encoded image, or the rewritten PDF).
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../app-error.ts';
import { jpegDimensions, pngDimensions, sniffType } from './image-header.ts';
import { checkPdf } from './pdf-check.ts';

/** At most 10 MB per file (issue 4). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** At most 50 megapixels declared by the header… */
export const MAX_PIXELS = 50_000_000;
/** …and at most this many pixels on either side. */
export const MAX_SIDE = 12_000;
/** Re-encoded images are scaled down so their long side is at most this (plenty for a reviewer). */
export const MAX_OUTPUT_SIDE = 4000;
export const JPEG_QUALITY = 90;

export type UploadKind = 'jpeg' | 'png' | 'pdf';

export interface InspectOptions {
  /** Accept PDF (proof of address); images only otherwise. */
  allowPdf?: boolean;
}

export interface InspectedUpload {
  kind: UploadKind;
  /** The Content-Type to serve the stored bytes with (never the client's). */
  mime: 'image/jpeg' | 'image/png' | 'application/pdf';
  /** The bytes to encrypt and store: the re-encoded image, or the rewritten PDF. */
  bytes: Buffer;
  /** Hex sha256 of `bytes`. */
  sha256: string;
  /** Of the stored image; undefined for a PDF. */
  width?: number;
  height?: number;
}

const MIME = { jpeg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' } as const;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Checks an upload and returns the bytes to store, or throws an AppError with an UPLOAD_* code. */
export async function inspectUpload(
  input: Uint8Array,
  options: InspectOptions = {},
): Promise<InspectedUpload> {
  const bytes = Buffer.isBuffer(input)
    ? input
    : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes.length === 0) throw new AppError('UPLOAD_TOO_LARGE', 'the file is empty');
  if (bytes.length > MAX_UPLOAD_BYTES)
    throw new AppError('UPLOAD_TOO_LARGE', `the file is larger than ${MAX_UPLOAD_BYTES} bytes`);

  const kind = sniffType(bytes);
  if (kind === 'pdf') {
    if (!options.allowPdf) throw new AppError('UPLOAD_TYPE_NOT_ALLOWED', 'a PDF is not accepted here');
    const verdict = await checkPdf(bytes);
    if (!verdict.ok)
      throw verdict.reason === 'corrupt'
        ? new AppError('UPLOAD_CORRUPT', `the PDF is not well formed (${verdict.detail})`)
        : new AppError('UPLOAD_PDF_ACTIVE_CONTENT', `the PDF holds active content (${verdict.detail})`);
    // The rewritten copy (pages only), never the bytes as sent (issue 11).
    return { kind, mime: MIME.pdf, bytes: verdict.bytes, sha256: sha256(verdict.bytes) };
  }
  if (!kind)
    throw new AppError(
      'UPLOAD_TYPE_NOT_ALLOWED',
      options.allowPdf ? 'only JPEG, PNG or PDF files are accepted' : 'only JPEG or PNG images are accepted',
    );

  const declared = kind === 'png' ? pngDimensions(bytes) : jpegDimensions(bytes);
  if (!declared || declared.width === 0 || declared.height === 0)
    throw new AppError('UPLOAD_CORRUPT', 'the image header is missing or malformed');
  if (
    declared.width > MAX_SIDE ||
    declared.height > MAX_SIDE ||
    declared.width * declared.height > MAX_PIXELS
  )
    throw new AppError(
      'UPLOAD_IMAGE_TOO_LARGE',
      `the image declares ${declared.width}×${declared.height} pixels (at most ${MAX_PIXELS} and ${MAX_SIDE} a side)`,
    );

  const stored = await reencode(bytes, kind);
  return { kind, mime: MIME[kind], bytes: stored.data, sha256: sha256(stored.data), ...stored.size };
}

async function reencode(
  bytes: Buffer,
  kind: 'jpeg' | 'png',
): Promise<{ data: Buffer; size: { width: number; height: number } }> {
  try {
    // failOn 'truncated': a file cut short or with decode errors is refused; libvips' mere warnings
    // (common in camera files) are not. limitInputPixels repeats the header check inside the decoder.
    const pipeline = sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_PIXELS, sequentialRead: true })
      .rotate() // EXIF orientation applied to the pixels, before the orientation tag is dropped
      .resize({ width: MAX_OUTPUT_SIDE, height: MAX_OUTPUT_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .withIccProfile('srgb'); // sRGB profile only; no EXIF, XMP, IPTC or input profile is kept
    const encoded =
      kind === 'jpeg'
        ? // 4:2:0, as every camera and phone records: re-encoding a 4:2:0 photo at 4:4:4 restores no
          // colour detail (the luma, which carries the document's text, is full resolution either way)
          // and cost a third more time (bench: upload).
          pipeline.jpeg({ quality: JPEG_QUALITY, chromaSubsampling: '4:2:0' })
        : pipeline.png({ compressionLevel: 6 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, size: { width: info.width, height: info.height } };
  } catch (error) {
    throw new AppError('UPLOAD_CORRUPT', 'the image cannot be decoded', 200, {}, { cause: error });
  }
}
