/**
 * Content sniffing and image dimensions read from the header alone, before any decoder runs, so that a
 * decompression bomb (a few KB declaring 30000×30000 pixels) is refused without allocating its pixels.
 */

export type SniffedType = 'jpeg' | 'png' | 'pdf';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type by magic bytes at offset 0; never by file name or declared Content-Type. */
export function sniffType(bytes: Buffer): SniffedType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  // A PDF must start with its header (readers tolerate leading junk; we do not: that is how polyglots hide).
  if (/^%PDF-[12]\.\d/.test(bytes.subarray(0, 8).toString('latin1'))) return 'pdf';
  return undefined;
}

export interface Dimensions {
  width: number;
  height: number;
}

/** PNG: the first chunk must be IHDR (length 13); width and height are its first two 32-bit fields. */
export function pngDimensions(bytes: Buffer): Dimensions | undefined {
  if (bytes.length < 33) return undefined;
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * JPEG: walks the marker segments after SOI up to the first start-of-frame (SOF0–SOF15 except DHT C4,
 * JPG C8 and DAC CC), whose payload holds precision, height and width. Undefined when no frame header
 * comes before the scan or the segments run past the end.
 */
export function jpegDimensions(bytes: Buffer): Dimensions | undefined {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image or scan before any frame
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return undefined;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (offset + 9 > bytes.length || length < 7) return undefined;
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return undefined;
}
