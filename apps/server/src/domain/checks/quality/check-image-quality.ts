/**
 * Image quality of document sides and selfies (issue 19, docs/checks.md "Image quality"): every check
 * with its measured value, threshold and outcome, and the refusal of an upload that fails one: the
 * first failing check (resolution, blank, too dark, too bright, glare, blur) names the ret_code
 * (QUALITY_REFUSAL_CODES), the same code and message the capture step shows before the upload.
 * A proof of address (a PDF or a photo of a letter) is not held to it: it is a page, not a photo of a
 * document or a face, and its reviewer reads it at any size.
 */
import {
  assessQuality,
  QUALITY_REFUSAL_CODES,
  RET_CODES,
  qualityRefusal,
  type QualityMeasures,
  type QualityResult,
  type QualitySubject,
} from '@kyc/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { measureImage } from './measure-image.ts';

export interface QualityReport {
  subject: QualitySubject;
  measures: QualityMeasures;
  results: QualityResult[];
}

/** Measures and judges a photo without refusing it. */
export async function assessImage(image: Buffer, subject: QualitySubject): Promise<QualityReport> {
  const measures = await measureImage(image);
  return { subject, measures, results: assessQuality(measures, subject) };
}

const round = (value: number) => (Math.abs(value) < 1 ? value.toFixed(3) : value.toFixed(1));

/** Refuses (AppError with the reason's ret_code) a photo that fails a check; answers the report otherwise. */
export async function checkImageQuality(image: Buffer, subject: QualitySubject): Promise<QualityReport> {
  const report = await assessImage(image, subject);
  const failed = qualityRefusal(report.results);
  if (failed?.reason) {
    const code = QUALITY_REFUSAL_CODES[failed.reason][subject];
    throw new AppError(
      code,
      `${RET_CODES[code].meaning} (${failed.check} ${round(failed.value)}, threshold ${round(failed.threshold)})`,
    );
  }
  return report;
}
