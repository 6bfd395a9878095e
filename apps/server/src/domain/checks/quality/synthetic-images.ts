/**
 * The synthetic set of the image-quality checks (issues 10 and 19, docs/checks.md "Image quality"),
 * built in code by the tests (no binary fixtures in the repository): a photo-like document (a card
 * with a portrait box, lines of "text" and sensor noise) and a portrait (a selfie), then the same
 * blurred, overexposed, dark, with a glare spot, a blank page, a solid colour and small. Test support
 * only: nothing in the server imports it.
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

/** Raw RGB pixels of a selfie: a face (eyes, brows, mouth, hair) on a wall, with a little noise. */
export function portraitPixels(width = 960, height = 1280, seed = 11): Buffer {
  const next = random(seed);
  const pixels = Buffer.alloc(width * height * 3);
  const cx = width / 2;
  const cy = height * 0.45;
  const rx = width * 0.26;
  const ry = height * 0.24;
  const inEllipse = (x: number, y: number, ex: number, ey: number, erx: number, ery: number) =>
    ((x - ex) / erx) ** 2 + ((y - ey) / ery) ** 2 < 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = (next() - 0.5) * 12;
      let rgb: [number, number, number] = [150 + (x / width) * 30, 160, 170 - (y / height) * 30];
      if (y > height * 0.78 && Math.abs(x - cx) < width * (0.2 + (y / height - 0.78) * 1.2))
        rgb = [40, 60, 110]; // shoulders in a jacket
      if (inEllipse(x, y, cx, cy - ry * 0.35, rx * 1.08, ry * 0.8)) rgb = [60, 40, 30]; // hair
      if (inEllipse(x, y, cx, cy + ry * 0.1, rx, ry)) {
        rgb = [214, 170, 140]; // skin
        for (const side of [-1, 1]) {
          if (inEllipse(x, y, cx + side * rx * 0.38, cy - ry * 0.05, rx * 0.16, ry * 0.07))
            rgb = [245, 245, 240];
          if (inEllipse(x, y, cx + side * rx * 0.38, cy - ry * 0.05, rx * 0.07, ry * 0.06))
            rgb = [50, 35, 30];
          if (inEllipse(x, y, cx + side * rx * 0.38, cy - ry * 0.2, rx * 0.2, ry * 0.03)) rgb = [70, 45, 35];
        }
        if (inEllipse(x, y, cx, cy + ry * 0.5, rx * 0.35, ry * 0.06)) rgb = [170, 80, 80];
        if (inEllipse(x, y, cx, cy + ry * 0.22, rx * 0.08, ry * 0.14)) rgb = [195, 150, 122];
      }
      pixels[i] = Math.max(0, Math.min(255, rgb[0] + n));
      pixels[i + 1] = Math.max(0, Math.min(255, rgb[1] + n));
      pixels[i + 2] = Math.max(0, Math.min(255, rgb[2] + n));
    }
  }
  return pixels;
}

/** A selfie, JPEG quality 85. */
export const portraitJpeg = (width = 960, height = 1280, seed = 11) =>
  raw(width, height, portraitPixels(width, height, seed))
    .jpeg({ quality: 85 })
    .toBuffer();

/**
 * The document with every channel mapped to `gain` × value + `offset` (gain under 1 alone: too dark;
 * a small gain with a large offset: washed out, as an overexposed photo is).
 */
export const exposedDocumentJpeg = (gain: number, offset = 0, width = 1200, height = 800) =>
  raw(width, height, documentPixels(width, height)).linear(gain, offset).jpeg({ quality: 85 }).toBuffer();

/** The same for the selfie. */
export const exposedPortraitJpeg = (gain: number, offset = 0, width = 960, height = 1280) =>
  raw(width, height, portraitPixels(width, height)).linear(gain, offset).jpeg({ quality: 85 }).toBuffer();

/**
 * The document under a lamp's reflection: a clipped white disc whose radius is `radius` of the long
 * side, with a soft halo, over the card.
 */
export function glareDocumentJpeg(radius = 0.15, width = 1200, height = 800): Promise<Buffer> {
  const pixels = documentPixels(width, height);
  const cx = width * 0.62;
  const cy = height * 0.45;
  const r = radius * Math.max(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x - cx, y - cy) / r;
      if (d >= 1.5) continue;
      const lift = d < 1 ? 1 : 1 - (d - 1) / 0.5; // clipped inside, fading halo outside
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.round((pixels[i + c] ?? 0) * (1 - lift) + 255 * lift);
    }
  }
  return raw(width, height, pixels).jpeg({ quality: 85 }).toBuffer();
}

/** A blank sheet of paper photographed: off-white with a lighting gradient and sensor noise. */
export function blankPageJpeg(width = 1200, height = 1600, seed = 3): Promise<Buffer> {
  const next = random(seed);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const v = 228 - (x / width) * 8 - (y / height) * 6 + (next() - 0.5) * 10;
      pixels[i] = v;
      pixels[i + 1] = v;
      pixels[i + 2] = v - 6;
    }
  return raw(width, height, pixels).jpeg({ quality: 85 }).toBuffer();
}

/** The selfie out of focus. */
export const blurredPortraitJpeg = (sigma: number, width = 960, height = 1280) =>
  raw(width, height, portraitPixels(width, height)).blur(sigma).jpeg({ quality: 85 }).toBuffer();
