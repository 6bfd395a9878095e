/**
 * Generated images for the image-quality checks (issue 10), built in code by the tests (no binary
 * fixtures in the repository): a photo-like document (a card with a gradient, lines of "text" and
 * sensor noise), the same blurred as an out-of-focus photo, and a solid colour. Test support only:
 * nothing in the server imports it.
 */
import sharp from 'sharp';

/** A small deterministic PRNG (mulberry32), so every run measures the same pixels. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Raw RGB pixels of a photographed document: a light card over a darker desk, a photo box, lines of
 * dark "characters" of varying widths, and a little noise, as a phone photo of an ID card looks.
 */
export function documentPixels(width = 1200, height = 800, seed = 7): Buffer {
  const next = random(seed);
  const pixels = Buffer.alloc(width * height * 3);
  const card = { x0: width * 0.06, y0: height * 0.08, x1: width * 0.94, y1: height * 0.92 };
  const inCard = (x: number, y: number) => x >= card.x0 && x < card.x1 && y >= card.y0 && y < card.y1;
  // Character cells: for each text row, runs of dark marks and gaps.
  const rowHeight = Math.max(8, Math.round(height / 26));
  const marks = new Uint8Array(width * height);
  for (let top = Math.round(card.y0 + rowHeight); top + rowHeight < card.y1; top += rowHeight * 2) {
    let x = Math.round(width * 0.4);
    while (x < card.x1 - 10) {
      const glyph = 4 + Math.floor(next() * 10);
      for (let y = top; y < top + rowHeight; y++)
        for (let dx = 0; dx < glyph; dx++) if (next() < 0.55) marks[y * width + x + dx] = 1;
      x += glyph + 3 + Math.floor(next() * (next() < 0.15 ? 30 : 4));
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = (next() - 0.5) * 10;
      let r: number;
      let g: number;
      let b: number;
      if (!inCard(x, y)) {
        [r, g, b] = [70 + (y / height) * 30, 55, 40];
      } else if (x < width * 0.35 && y > height * 0.25 && y < height * 0.75) {
        // The photo box: a face-like blob on a blue-grey background.
        const dx = (x - width * 0.2) / (width * 0.08);
        const dy = (y - height * 0.48) / (height * 0.16);
        const face = dx * dx + dy * dy < 1;
        [r, g, b] = face ? [205, 160, 130] : [120, 140, 165];
      } else if (marks[y * width + x]) {
        [r, g, b] = [30, 35, 50];
      } else {
        [r, g, b] = [225 - (x / width) * 25, 230 - (y / height) * 20, 215];
      }
      pixels[i] = Math.max(0, Math.min(255, r + n));
      pixels[i + 1] = Math.max(0, Math.min(255, g + n));
      pixels[i + 2] = Math.max(0, Math.min(255, b + n));
    }
  }
  return pixels;
}

const raw = (width: number, height: number, pixels: Buffer) =>
  sharp(pixels, { raw: { width, height, channels: 3 } });

/** A sharp photo-like document, JPEG (quality 85 as a phone would). */
export const documentJpeg = (width = 1200, height = 800, seed = 7) =>
  raw(width, height, documentPixels(width, height, seed))
    .jpeg({ quality: 85 })
    .toBuffer();

/** The same document out of focus (Gaussian blur of the given sigma in pixels). */
export const blurredDocumentJpeg = (width = 1200, height = 800, sigma = 8) =>
  raw(width, height, documentPixels(width, height)).blur(sigma).jpeg({ quality: 85 }).toBuffer();

/** A solid colour, e.g. the 200×150 red square that is never a passport. */
export const solidJpeg = (width: number, height: number, colour = { r: 220, g: 20, b: 30 }) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 90 })
    .toBuffer();
