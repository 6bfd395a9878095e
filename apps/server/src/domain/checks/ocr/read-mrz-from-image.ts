/**
 * Reading the machine-readable zone from a photo of a document (issue 19; docs/checks.md "Reading the
 * zone from a photo"): the image prepared with sharp (zone-images.ts), regions read by the process's
 * tesseract.js worker with the character set limited to A-Z 0-9 < (ocr-engine.ts), the lines of each
 * region turned into the best MRZ reading (zone-lines.ts, which calls `readMrz` with its repairs under
 * the check digits), and the region whose reading passes the most check digits kept. Regions are tried
 * bottom band first and the search stops at the first valid reading, so a clean photo costs one OCR pass.
 * Run on in-house level-1 submissions by domain/checks/run (evaluate.ts), after their commit.
 */
import { performance } from 'node:perf_hooks';
import type { MrzReading } from '../mrz/read-mrz.ts';
import { recognizeLines } from './ocr-engine.ts';
import { prepareImage, regionPng, ZONE_REGIONS } from './zone-images.ts';
import { rank, readZoneLines, type OcrCorrection, type ZoneReading } from './zone-lines.ts';

export { closeMrzOcr } from './ocr-engine.ts';

export type ImageMrzResult =
  | {
      found: true;
      /** The MRZ lines as read, after the OCR corrections and the text module's repairs. */
      lines: string[];
      /** Mean tesseract confidence of those lines, 0-100 (advisory: the check digits decide). */
      confidence: number;
      /** `readMrz`'s answer: valid, or why not. */
      reading: MrzReading;
      corrections: OcrCorrection[];
      /** The region the lines came from (zone-images.ts) and how many OCR passes were made. */
      region: string;
      passes: number;
      ms: number;
    }
  | {
      found: false;
      /** unreadable_image: not a JPEG/PNG/WebP sharp decodes; blank_image: one flat colour; no_zone: no MRZ lines. */
      reason: 'unreadable_image' | 'blank_image' | 'no_zone';
      detail: string;
      passes: number;
      ms: number;
    };

export interface ReadMrzFromImageOptions {
  /** Epoch milliseconds, for the century of the dates (as `readMrz`). */
  now: number;
}

export async function readMrzFromImage(
  image: Buffer,
  { now }: ReadMrzFromImageOptions,
): Promise<ImageMrzResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const prepared = await prepareImage(image);
  if (!prepared.ok)
    return { found: false, reason: prepared.reason, detail: prepared.detail, passes: 0, ms: elapsed() };

  let best: { zone: ZoneReading; region: string } | undefined;
  let passes = 0;
  for (const region of ZONE_REGIONS) {
    const lines = await recognizeLines(await regionPng(prepared, region));
    passes++;
    const zone = readZoneLines(lines, now);
    if (zone && (!best || rank(zone) > rank(best.zone))) best = { zone, region: region.name };
    if (best?.zone.reading.valid) break;
  }
  if (!best)
    return {
      found: false,
      reason: 'no_zone',
      detail: `no two or three lines of MRZ characters (A-Z, 0-9, <) of an ICAO length in ${passes} OCR passes`,
      passes,
      ms: elapsed(),
    };
  const { zone, region } = best;
  return {
    found: true,
    lines: zone.lines,
    confidence: Math.round(zone.confidence),
    reading: zone.reading,
    corrections: zone.corrections,
    region,
    passes,
    ms: elapsed(),
  };
}
