/**
 * The checks an answer of the correction step evaluates again (issue 19; docs/checks.md "The correction
 * step"): without OCR, from the zone's lines — those OCR read (stored, sealed, with the mrz result) or
 * those the person typed — and what the person typed after the answer. A corrected field: data_match
 * again. A typed zone: mrz (marked typed), data_match and expiry, and the caller the duplicate document.
 * The rules are evaluate.ts's (compareWithTyped); the details have the same shape.
 */
import type { DocumentType } from '@kyc/contracts';
import { compareWithTyped, type TypedIdentity } from '../mrz/compare-typed.ts';
import type { MrzDocument } from '../mrz/read-mrz.ts';
import type { CheckImageSide, EvaluatedCheck } from '../run/evaluate.ts';

/** A reading whose check digits all passed. */
export type ValidReading = MrzDocument & { valid: true };

/** data_match and expiry of a valid reading against what was typed. */
export function comparedChecks(
  reading: ValidReading,
  typed: TypedIdentity & { documentType: DocumentType },
  now: number,
): { dataMatch: EvaluatedCheck; expiry: EvaluatedCheck } {
  const comparison = compareWithTyped(reading, typed, { now });
  const disagrees = comparison.fields.some((f) => f.outcome === 'disagrees');
  return {
    dataMatch: {
      name: 'data_match',
      outcome: disagrees ? 'fail' : 'pass',
      score: null,
      threshold: null,
      detail: {
        code: 'data_compared',
        fields: comparison.fields.map(({ field, outcome, typed: t, document }) => ({
          field,
          outcome,
          typed: t,
          document,
        })),
      },
    },
    expiry: {
      name: 'expiry',
      outcome: comparison.expired ? 'fail' : 'pass',
      score: null,
      threshold: null,
      detail: { code: 'expiry_date', expired: comparison.expired, expiryDate: reading.expiryDate.iso },
    },
  };
}

/** The mrz check of a zone the person typed: passes (its check digits decided), marked typed. */
export function typedZoneCheck(reading: ValidReading, documentType: DocumentType): EvaluatedCheck {
  const side: CheckImageSide = documentType === 'PASSPORT' ? 'front' : 'back';
  return {
    name: 'mrz',
    outcome: 'pass',
    score: null,
    threshold: null,
    detail: {
      code: 'mrz_read',
      format: reading.format,
      side,
      repairs: reading.repairs.length,
      source: 'typed',
      lines: reading.lines,
    },
  };
}
