/**
 * The image-quality checks (issue 19, docs/checks.md "Image quality") on the synthetic set: each kind
 * of bad photo is refused with its reason and ret_code, good ones pass, and the calibration margins
 * recorded in docs/checks.md hold.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { QUALITY_THRESHOLDS, RET_CODES, type QualitySubject, type RetCodeName } from '@kyc/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { assessImage, checkImageQuality } from './check-image-quality.ts';
import { measureImage } from './measure-image.ts';
import {
  blankPageJpeg,
  blurredDocumentJpeg,
  blurredPortraitJpeg,
  documentJpeg,
  exposedDocumentJpeg,
  exposedPortraitJpeg,
  glareDocumentJpeg,
  portraitJpeg,
  solidJpeg,
} from './synthetic-images.ts';

const T = QUALITY_THRESHOLDS;

async function refusedWith(image: Buffer, subject: QualitySubject, code: RetCodeName) {
  const error = await checkImageQuality(image, subject).then(
    () => expect.unreachable(`accepted; expected ${code}`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).retCode).toBe(RET_CODES[code].code);
  return error as AppError;
}

describe('image quality on the server (issue 19)', () => {
  it('when a sharp document (1000–4000 px) or selfie (640–1280 px) is measured, then every check passes, each with its value and threshold', async () => {
    for (const image of [
      await documentJpeg(),
      await documentJpeg(1000, 700),
      await documentJpeg(4000, 2667),
    ]) {
      const report = await checkImageQuality(image, 'document');
      expect(report.results.map((r) => r.check)).toEqual([
        'resolution',
        'blank',
        'exposure_dark',
        'exposure_bright',
        'glare',
        'blur',
      ]);
      expect(report.results.every((r) => r.outcome === 'pass' && r.reason === undefined)).toBe(true);
    }
    for (const image of [await portraitJpeg(), await portraitJpeg(480, 640)]) {
      const report = await checkImageQuality(image, 'selfie');
      // Glare is not a selfie's check (a bright window behind a face hides nothing of it).
      expect(report.results.map((r) => r.check)).not.toContain('glare');
      expect(report.results.every((r) => r.outcome === 'pass')).toBe(true);
    }
    const blur = (await assessImage(await documentJpeg(), 'document')).results.at(-1);
    expect(blur).toMatchObject({ check: 'blur', threshold: T.minLaplacianVariance });
    expect(blur?.value).toBeGreaterThan(T.minLaplacianVariance);
  });

  it('when a document is under 1000 px or a selfie under 640 px on the long side, then it is refused as too small (40006, 63004)', async () => {
    const error = await refusedWith(await documentJpeg(999, 700), 'document', 'UPLOAD_IMAGE_TOO_SMALL');
    expect(error.message).toMatch(/resolution 999\.0, threshold 1000\.0/);
    await refusedWith(await portraitJpeg(479, 639), 'selfie', 'UPLOAD_SELFIE_TOO_SMALL');
    // A portrait 700×999 document counts its long side; a 640-px selfie is enough.
    await refusedWith(await documentJpeg(700, 999), 'document', 'UPLOAD_IMAGE_TOO_SMALL');
    await expect(checkImageQuality(await documentJpeg(700, 1000), 'document')).resolves.toBeDefined();
  });

  it('when a document or selfie is out of focus, then it is refused as blurred (40007); a slight softness is not', async () => {
    await refusedWith(await blurredDocumentJpeg(1200, 800, 4), 'document', 'UPLOAD_IMAGE_BLURRED');
    await refusedWith(await blurredDocumentJpeg(1200, 800, 8), 'document', 'UPLOAD_IMAGE_BLURRED');
    await refusedWith(await blurredPortraitJpeg(3), 'selfie', 'UPLOAD_IMAGE_BLURRED');
    await expect(
      checkImageQuality(await blurredDocumentJpeg(1200, 800, 2), 'document'),
    ).resolves.toBeDefined();
    // The same absolute blur on a 4000-px photo is a third as strong relative to the page: accepted.
    await expect(
      checkImageQuality(await blurredDocumentJpeg(4000, 2667, 4), 'document'),
    ).resolves.toBeDefined();
  });

  it('when a photo is too dark or washed out, then it is refused (63002, 63003); a dim one passes', async () => {
    await refusedWith(await exposedDocumentJpeg(0.2), 'document', 'UPLOAD_IMAGE_TOO_DARK');
    await refusedWith(await exposedPortraitJpeg(0.25), 'selfie', 'UPLOAD_IMAGE_TOO_DARK');
    await refusedWith(await exposedDocumentJpeg(0.25, 195), 'document', 'UPLOAD_IMAGE_TOO_BRIGHT');
    await refusedWith(await exposedPortraitJpeg(0.25, 195), 'selfie', 'UPLOAD_IMAGE_TOO_BRIGHT');
    await expect(checkImageQuality(await exposedDocumentJpeg(0.5), 'document')).resolves.toBeDefined();
    await expect(checkImageQuality(await exposedPortraitJpeg(1.5), 'selfie')).resolves.toBeDefined();
  });

  it('when a lamp reflects on a document, then it is refused for glare (63001); a small reflection is not', async () => {
    await refusedWith(await glareDocumentJpeg(0.15), 'document', 'UPLOAD_IMAGE_GLARE');
    await expect(checkImageQuality(await glareDocumentJpeg(0.08), 'document')).resolves.toBeDefined();
  });

  it('when the photo is a blank page or a solid colour (JPEG or a flat PNG), then it is refused as uniform (40008)', async () => {
    await refusedWith(await blankPageJpeg(), 'document', 'UPLOAD_IMAGE_UNIFORM');
    await refusedWith(await solidJpeg(1200, 800), 'selfie', 'UPLOAD_IMAGE_UNIFORM');
    const flatPng = await sharp({
      create: { width: 1000, height: 1000, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 1 } },
    })
      .png()
      .toBuffer();
    await refusedWith(flatPng, 'document', 'UPLOAD_IMAGE_UNIFORM');
  });

  it('when an image carries an EXIF rotation, then its long side is read as shown', async () => {
    const rotated = await sharp(await documentJpeg(1200, 800))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await measureImage(rotated)).longSide).toBe(1200);
  });

  it('calibration (docs/checks.md): the margins between the synthetic set and each threshold hold', async () => {
    const sharpDoc = await measureImage(await documentJpeg());
    const sharpSelfie = await measureImage(await portraitJpeg());
    const soft = await measureImage(await blurredDocumentJpeg(1200, 800, 3));
    const blurred = await measureImage(await blurredDocumentJpeg(1200, 800, 4));
    const blurredSelfie = await measureImage(await blurredPortraitJpeg(3));
    // Blur: the sharp set at least 5× the threshold, the refused blur under it, σ 3 still over 2×.
    expect(Math.min(sharpDoc.laplacianVariance, sharpSelfie.laplacianVariance)).toBeGreaterThan(
      5 * T.minLaplacianVariance,
    );
    expect(soft.laplacianVariance).toBeGreaterThan(2 * T.minLaplacianVariance);
    expect(Math.max(blurred.laplacianVariance, blurredSelfie.laplacianVariance)).toBeLessThan(
      T.minLaplacianVariance,
    );
    // Blank: a blank page under half the threshold, the selfie over 5×.
    expect((await measureImage(await blankPageJpeg())).lumaStdev).toBeLessThan(T.minLumaStdev / 2);
    expect(sharpSelfie.lumaStdev).toBeGreaterThan(5 * T.minLumaStdev);
    // Exposure and glare.
    expect((await measureImage(await exposedDocumentJpeg(0.2))).meanLuma).toBeLessThan(T.minMeanLuma * 0.7);
    expect((await measureImage(await exposedDocumentJpeg(0.5))).meanLuma).toBeGreaterThan(
      T.minMeanLuma * 1.4,
    );
    expect(sharpDoc.glareShare).toBe(0);
    expect((await measureImage(await glareDocumentJpeg(0.15))).glareShare).toBeGreaterThan(
      T.maxGlareShare * 1.3,
    );
  });

  it("sharp's stats().sharpness, measured on the same set, does not separate across photo sizes (why the Laplacian of the working image is used)", async () => {
    const sharpness = async (image: Buffer) => (await sharp(image).greyscale().stats()).sharpness;
    const selfie = await sharpness(await portraitJpeg());
    const mildBlurAt4000 = await sharpness(await blurredDocumentJpeg(4000, 2667, 4));
    const refusedBlur = await sharpness(await blurredDocumentJpeg(1200, 800, 4));
    // A mild blur of a 4000-px photo scores under a blur the check refuses at 1200 px…
    expect(mildBlurAt4000).toBeLessThan(refusedBlur);
    // …while the working-image Laplacian keeps them apart, and the selfie well above both.
    const lap = async (image: Buffer) => (await measureImage(image)).laplacianVariance;
    expect(await lap(await blurredDocumentJpeg(4000, 2667, 4))).toBeGreaterThan(
      5 * (await lap(await blurredDocumentJpeg(1200, 800, 4))),
    );
    expect(selfie).toBeGreaterThan(refusedBlur);
  });
});
