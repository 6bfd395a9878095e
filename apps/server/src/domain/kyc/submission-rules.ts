/**
 * What a submission must contain (docs/kyc.md "Submitting a level"). Pure: no I/O.
 *
 * Level 1 (identity): the document's front, its back unless it is a passport (ID_CARD, DRIVERS and
 * RESIDENCE_PERMIT have two printed sides), and a selfie. Level 2 (address): a proof of address.
 * Every side at most once; a side the level does not use is refused, so nothing unreviewed is attached.
 */
import {
  checkDocumentNumber,
  checkNationality,
  type DocumentSide,
  type DocumentType,
  type KycStepLevel,
} from '@kyc/contracts';
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

/** The identity document's typed details a level-1 submission seals (D125); only the fields given. */
export interface TypedDocumentDetails {
  nationality?: string;
  documentNumber?: string;
}

/**
 * The nationality and document number of a level-1 submission or re-verification, normalised (upper
 * case, trimmed), or refused before anything is written: 63012 for a nationality that is not an ISO
 * 3166-1 alpha-2 code, 63011 for a number that is not 1-20 of A-Z, 0-9 and '-'. Absent fields stay
 * absent (an older client): they are then not compared.
 */
export function typedDocumentDetails(request: {
  nationality?: string | undefined;
  documentNumber?: string | undefined;
}): TypedDocumentDetails {
  const details: TypedDocumentDetails = {};
  if (request.nationality !== undefined) {
    const nationality = checkNationality(request.nationality);
    if (!nationality.ok)
      throw new AppError('KYC_NATIONALITY_INVALID', 'nationality: an ISO 3166-1 alpha-2 country code');
    details.nationality = nationality.value;
  }
  if (request.documentNumber !== undefined) {
    const number = checkDocumentNumber(request.documentNumber);
    if (!number.ok)
      throw new AppError(
        'KYC_DOCUMENT_NUMBER_INVALID',
        number.error === 'required'
          ? 'documentNumber: empty; leave the field out or give the number'
          : 'documentNumber: 1 to 20 characters of A-Z, 0-9 and -',
      );
    details.documentNumber = number.value;
  }
  return details;
}
