import { describe, expect, it } from 'vitest';
import { QUALITY_THRESHOLDS, type ImagePixels } from '@kyc/contracts';
import { judgePixels, qualitySubject } from './photo-quality';

/**
 * Small ImageData-like fixtures (RGBA, as a canvas gives them; jsdom has no canvas): the pure
 * measurement of @kyc/contracts over the pixel array, with the thresholds the server applies.
 */
function rgba(width: number, height: number, at: (x: number, y: number) => number): ImagePixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const v = at(x, y);
      data[i] = v;
      data[i + 1] = v;
      data[i + 2] = v;
      data[i + 3] = 255;
    }
  return { data, width, height, channels: 4 };
}

/** A page of "text": dark strokes of 2 px on light paper, every few pixels (sharp edges). */
const page = (x: number, y: number) => (y % 12 < 6 && x % 7 < 2 ? 40 : 215);
/** A page out of focus: `passes` 5×5 box blurs of the page (about a Gaussian of sigma 1.4 × √passes). */
function blurredPage(width: number, height: number, passes: number) {
  let grid: number[] = Array.from({ length: width * height }, (_, i) =>
    page(i % width, Math.floor(i / width)),
  );
  const at = (g: number[], x: number, y: number) =>
    g[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))] ?? 0;
  for (let n = 0; n < passes; n++) {
    const source = grid;
    grid = source.map((_, i) => {
      const x = i % width;
      const y = Math.floor(i / width);
      let sum = 0;
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) sum += at(source, x + dx, y + dy);
      return sum / 25;
    });
  }
  return (x: number, y: number) => at(grid, x, y);
}

describe('the capture step measures the photo before the upload (issue 19)', () => {
  it('when a sharp page is judged, then every check passes; a proof of address has no check', () => {
    const { results, refusal } = judgePixels(rgba(120, 80, page), 'document', 1600);
    expect(refusal).toBeNull();
    expect(results.map((r) => r.outcome)).toEqual(['pass', 'pass', 'pass', 'pass', 'pass', 'pass']);
    expect(qualitySubject('poa')).toBeNull();
    expect(qualitySubject('selfie')).toBe('selfie');
    expect(qualitySubject('back')).toBe('document');
  });

  it('when the same page is blurred, then it is refused as blurred with 40007 and its value under the threshold', () => {
    const { refusal } = judgePixels(rgba(120, 80, blurredPage(120, 80, 3)), 'document', 1600);
    expect(refusal?.retCode).toBe(40007);
    expect(refusal?.result).toMatchObject({ check: 'blur', reason: 'blurred' });
    expect(refusal?.result.value).toBeLessThan(QUALITY_THRESHOLDS.minLaplacianVariance);
  });

  it('when the photo is small, blank, dark, washed out or full of glare, then each has its reason and code', () => {
    expect(judgePixels(rgba(120, 80, page), 'document', 999).refusal?.retCode).toBe(40006);
    expect(judgePixels(rgba(120, 80, page), 'selfie', 639).refusal?.retCode).toBe(63004);
    expect(
      judgePixels(
        rgba(120, 80, () => 222),
        'document',
        1600,
      ).refusal?.retCode,
    ).toBe(40008);
    expect(
      judgePixels(
        rgba(120, 80, (x, y) => page(x, y) / 6),
        'document',
        1600,
      ).refusal?.retCode,
    ).toBe(63002);
    expect(
      judgePixels(
        rgba(120, 80, (x, y) => 200 + page(x, y) / 5),
        'selfie',
        1600,
      ).refusal?.retCode,
    ).toBe(63003);
    // A clipped reflection over a fifth of the page.
    const glare = (x: number, y: number) => (x > 40 && x < 88 && y > 20 && y < 60 ? 255 : page(x, y));
    const judged = judgePixels(rgba(120, 80, glare), 'document', 1600);
    expect(judged.refusal?.retCode).toBe(63001);
    expect(judged.refusal?.result.value).toBeCloseTo(0.2, 1);
    // The same light behind a face is not a selfie's refusal.
    expect(judgePixels(rgba(120, 80, glare), 'selfie', 1600).refusal).toBeNull();
  });

  it('when the pixels are larger than the working size, then they are area-averaged to it first', () => {
    // A fine 1-px checkerboard averages to flat grey at a quarter of its size: blank, not sharp.
    const board = rgba(2048, 1024, (x, y) => ((x + y) % 2 === 0 ? 60 : 200));
    expect(judgePixels(board, 'document').refusal?.result.check).toBe('blank');
  });
});
