import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RET_CODES, type RetCodeName } from '@kyc/contracts';
import { AppError } from '../app-error.ts';
import {
  laplacianVariance,
  measureQuality,
  MIN_CHANNEL_STDEV,
  MIN_LAPLACIAN_VARIANCE,
} from './image-quality.ts';
import { inspectUpload } from './inspect-upload.ts';
import { blurredDocumentJpeg, documentJpeg, solidJpeg } from './quality-fixtures.ts';

async function refused(promise: Promise<unknown>, code: RetCodeName): Promise<AppError> {
  const error = await promise.then(
    () => expect.unreachable(`accepted; expected ${code}`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).retCode).toBe(RET_CODES[code].code);
  return error as AppError;
}

const quality = { checkQuality: true } as const;

describe('image quality of document sides and selfies (issue 10)', () => {
  it('when a 200×150 red square is uploaded as a document side, then it is refused as too small (40006)', async () => {
    const error = await refused(inspectUpload(await solidJpeg(200, 150), quality), 'UPLOAD_IMAGE_TOO_SMALL');
    expect(error.message).toMatch(/200×150/);
  });

  it('when the long side is 799 pixels, then it is refused; 800 is enough', async () => {
    await refused(inspectUpload(await documentJpeg(799, 500), quality), 'UPLOAD_IMAGE_TOO_SMALL');
    await expect(inspectUpload(await documentJpeg(800, 500), quality)).resolves.toMatchObject({
      width: 800,
    });
    // Portrait counts its long side too.
    await expect(inspectUpload(await documentJpeg(600, 900), quality)).resolves.toMatchObject({
      height: 900,
    });
  });

  it('when a large image is a solid colour (1200×800 red, or a flat PNG), then it is refused as uniform (40008)', async () => {
    await refused(inspectUpload(await solidJpeg(1200, 800), quality), 'UPLOAD_IMAGE_UNIFORM');
    const flatPng = await sharp({
      create: { width: 1000, height: 1000, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 1 } },
    })
      .png()
      .toBuffer();
    await refused(inspectUpload(flatPng, quality), 'UPLOAD_IMAGE_UNIFORM');
  });

  it('when a document photo is out of focus (Gaussian blur, sigma 4 and 8 at 1200 px), then it is refused as blurred (40007)', async () => {
    await refused(inspectUpload(await blurredDocumentJpeg(1200, 800, 4), quality), 'UPLOAD_IMAGE_BLURRED');
    await refused(inspectUpload(await blurredDocumentJpeg(1200, 800, 8), quality), 'UPLOAD_IMAGE_BLURRED');
  });

  it('when a sharp, textured document photo is uploaded (1200×800, portrait selfie size, 4000 px), then it is accepted', async () => {
    for (const [width, height] of [
      [1200, 800],
      [900, 1200],
      [4000, 2667],
    ] as const) {
      const upload = await inspectUpload(await documentJpeg(width, height), quality);
      expect(upload.kind).toBe('jpeg');
    }
    // A slight softness (sigma 2, as a phone's focus often is) is not refused.
    await expect(inspectUpload(await blurredDocumentJpeg(1200, 800, 2), quality)).resolves.toMatchObject({
      kind: 'jpeg',
    });
  });

  it('when the check is not asked for (evidence, proof of address), then small and flat images are still accepted', async () => {
    await expect(inspectUpload(await solidJpeg(200, 150))).resolves.toMatchObject({ width: 200 });
  });

  it('when measured, then the calibration margins hold: the sharp fixture is far above, the blurred far below', async () => {
    const sharpMeasure = await measureQuality(await documentJpeg());
    const blurred = await measureQuality(await blurredDocumentJpeg(1200, 800, 8));
    expect(sharpMeasure.laplacianVariance).toBeGreaterThan(MIN_LAPLACIAN_VARIANCE * 10);
    expect(sharpMeasure.channelStdev).toBeGreaterThan(MIN_CHANNEL_STDEV * 5);
    expect(blurred.laplacianVariance).toBeLessThan(MIN_LAPLACIAN_VARIANCE / 4);
  });

  it('when the Laplacian variance is computed, then a flat image gives 0 and a checkerboard a large value', () => {
    expect(laplacianVariance(new Uint8Array(100).fill(128), 10, 10)).toBe(0);
    const board = new Uint8Array(100).map((_, i) => (((i % 10) + Math.floor(i / 10)) % 2 === 0 ? 0 : 255));
    expect(laplacianVariance(board, 10, 10)).toBeGreaterThan(10_000);
  });
});
