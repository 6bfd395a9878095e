/**
 * Issue 19, image quality before upload (docs/checks.md "Image quality"), in Chromium: a blurred page
 * chosen as the front of a passport is refused on the capture step with its translated reason and the
 * choice to retake, and no upload request is sent; a sharp photo is then accepted, and the fake
 * camera's frames pass both the browser's and the server's checks. Screenshots at 390×844 and
 * 1280×800 in en and ar-SA, axe on each.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  FAKE_CAMERA_ARGS,
  PHONE,
  baseUrl,
  emiratesUrl,
  expectNoAxeViolations,
  expectOnlyOwnOrigins,
  newContext,
  screenshot,
  useBrowser,
  type Page,
} from '../support/browser.ts';
import { photoFile, signUpFresh } from '../support/kyc.ts';
import { chooseCaptureFile, nextStep, toDocumentFront } from '../support/level1.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const errorsOf = (lang: string) =>
  JSON.parse(
    readFileSync(path.join(ROOT, 'locales', 'inverse-error-code', `${lang}.json`), 'utf8'),
  ) as Record<string, string>;

/** The sharp photo of support/kyc.ts, out of focus (Gaussian blur, sigma 8 px at 1600 px). */
async function blurredFile(name: string): Promise<string> {
  const sharpFile = await photoFile(`${name}-source`);
  const file = sharpFile.replace(/-source\.jpg$/, '-blurred.jpg');
  writeFileSync(file, await sharp(readFileSync(sharpFile)).blur(8).jpeg({ quality: 85 }).toBuffer());
  return file;
}

/** Every upload-document request the page sends. */
function uploadsOf(page: Page): string[] {
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('upload-document')) uploads.push(request.url());
  });
  return uploads;
}

describe('image quality before upload (issue 19)', () => {
  const browser = useBrowser(FAKE_CAMERA_ARGS);

  for (const viewport of [PHONE, DESKTOP])
    for (const [lang, origin] of [
      ['en', baseUrl],
      ['ar-SA', emiratesUrl],
    ] as const)
      it(`a blurred page is refused before upload with its reason and a retake, at ${viewport.width}×${viewport.height} in ${lang}`, async () => {
        const { context, requests } = await newContext(browser(), viewport);
        const page = await context.newPage();
        const uploads = uploadsOf(page);
        await signUpFresh(page, origin(), `quality-${lang}-${viewport.width}`);
        await toDocumentFront(page, origin(), lang);
        if (lang === 'ar-SA') await page.locator('html[dir="rtl"]').waitFor({ state: 'attached' });

        await chooseCaptureFile(page, await blurredFile(`quality-${lang}-${viewport.width}`));
        const alert = page.locator('.capture__error');
        await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toBe(errorsOf(lang)['40007']);
        // The retake: the choice of camera or file is offered again; no resend of the same photo.
        expect(await page.locator('main .capture__actions button').count()).toBeGreaterThan(0);
        expect(await page.locator('.capture__preview').count()).toBe(0);
        expect(uploads).toEqual([]);
        await screenshot(page, `quality-blurred-${lang}`);
        await expectNoAxeViolations(page);

        // A sharp photo then goes through: checked here, sent once, accepted by the server.
        await chooseCaptureFile(page, await photoFile(`quality-sharp-${lang}-${viewport.width}`));
        await page.locator('.capture__done').waitFor({ timeout: 20_000 });
        expect(uploads).toHaveLength(1);
        expectOnlyOwnOrigins(requests);
        await context.close();
      });

  it("the fake camera's frames pass the browser's and the server's checks, as a document side and as a selfie", async () => {
    const { context } = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    const uploads = uploadsOf(page);
    await signUpFresh(page, baseUrl(), 'quality-camera');
    await toDocumentFront(page, baseUrl(), 'en');
    for (const [label, take] of [
      ['Front of the document', 'Take a photo'],
      ['Selfie', 'Take a selfie'],
    ] as const) {
      const region = page.getByRole('region', { name: label });
      await region.getByRole('button', { name: take }).click();
      const video = region.locator('video');
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await region.getByRole('button', { name: `Capture: ${label}` }).click();
      await region.getByText('Uploaded.').waitFor({ timeout: 20_000 });
      if (label !== 'Selfie') await nextStep(page);
    }
    expect(uploads).toHaveLength(2);
    await context.close();
  });
});
