/**
 * What a submission must contain (docs/kyc.md "Submitting a level"). Pure: no I/O.
 *
 * Level 1 (identity): the document's front, its back unless it is a passport (ID_CARD, DRIVERS and
 * RESIDENCE_PERMIT have two printed sides), and a selfie. Level 2 (address): a proof of address.
 * Every side at most once; a side the level does not use is refused, so nothing unreviewed is attached.
 */
import type { DocumentSide, DocumentType, KycStepLevel } from '@kyc/contracts';
import { AppError } from '../../lib/app-error.ts';

export function requiredSides(level: KycStepLevel, documentType: DocumentType): DocumentSide[] {
  if (level === 2) return ['poa'];
  return documentType === 'PASSPORT' ? ['front', 'selfie'] : ['front', 'back', 'selfie'];
}

/** Why the sides are not exactly the required ones, once each; null when they are. */
export function sidesProblem(
  level: KycStepLevel,
  documentType: DocumentType,
  sides: readonly string[],
): string | null {
  const required = requiredSides(level, documentType);
  const seen = new Set<string>();
  for (const side of sides) {
    if (seen.has(side)) return `side ${side} given twice`;
    seen.add(side);
    if (!(required as string[]).includes(side))
      return `side ${side} is not part of a LEVEL_${level} submission`;
  }
  const missing = required.filter((side) => !seen.has(side));
  return missing.length > 0 ? `${documentType} for LEVEL_${level} needs ${missing.join(', ')}` : null;
}

/** Throws 30012 (KYC_DOCUMENTS_INCOMPLETE) unless the sides are exactly the required ones, once each. */
export function checkSides(level: KycStepLevel, documentType: DocumentType, sides: readonly string[]): void {
  const problem = sidesProblem(level, documentType, sides);
  if (problem !== null) throw new AppError('KYC_DOCUMENTS_INCOMPLETE', problem);
}

/** A document id the client may name: 32 hex digits (the upload's random id). */
export function isDocumentId(id: string): boolean {
  return /^[0-9a-f]{32}$/.test(id);
}
