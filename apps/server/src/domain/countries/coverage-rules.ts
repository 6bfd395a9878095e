/**
 * The rules of a coverage change (docs/countries.md "Changing coverage"), apart from storage so they
 * are tested alone: a closed country has a reason from the list, an offered one has none and accepts
 * at least one document type; the documents are stored once each, in the contracts' order.
 */
import {
  DOCUMENT_TYPES,
  isCountryClosedReason,
  type CountryClosedReason,
  type CountryCoveragePatch,
  type DocumentType,
} from '@kyc/contracts';
import { AppError } from '../../lib/app-error.ts';

export interface CheckedCoverage {
  kycDisabled: boolean;
  closedReason: CountryClosedReason | '';
  documentTypes: DocumentType[];
}

export function checkCoverage(
  patch: Pick<CountryCoveragePatch, 'state' | 'closedReason' | 'documentTypes'>,
): CheckedCoverage {
  const documentTypes = DOCUMENT_TYPES.filter((type) => patch.documentTypes.includes(type));
  if (patch.state === 'closed') {
    if (!isCountryClosedReason(patch.closedReason))
      throw new AppError(
        'COUNTRY_CLOSED_REASON_INVALID',
        `closedReason: a closed country needs one of the closed reasons, not '${patch.closedReason}'`,
      );
    return { kycDisabled: true, closedReason: patch.closedReason, documentTypes };
  }
  if (patch.closedReason !== '')
    throw new AppError(
      'COUNTRY_CLOSED_REASON_INVALID',
      'closedReason: an offered country has no closed reason',
    );
  if (documentTypes.length === 0)
    throw new AppError(
      'COUNTRY_DOCUMENTS_REQUIRED',
      'documentTypes: an offered country accepts at least one',
    );
  return { kycDisabled: false, closedReason: '', documentTypes };
}
