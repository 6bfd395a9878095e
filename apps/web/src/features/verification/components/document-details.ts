/**
 * The identity document's details asked on the document step (issue 19, D125): the person's nationality
 * and the document's number, checked here with the server's own rules (contracts document-details.ts),
 * so the person learns at once what to correct; the server checks again (63011, 63012).
 */
import { checkDocumentNumber, checkNationality, ISO_COUNTRY_CODES, type DocumentType } from '@kyc/contracts';

export interface DocumentDetails {
  /** ISO 3166-1 alpha-2, '' until chosen. */
  nationality: string;
  /** As typed; trimmed and upper-cased when sent. */
  documentNumber: string;
}

export type DocumentDetailsErrors = {
  nationality?: 'required';
  documentNumber?: 'required' | 'format';
};

export const emptyDocumentDetails = (): DocumentDetails => ({ nationality: '', documentNumber: '' });

/** Errors of the document step's details; empty when they may be sent. */
export function checkDocumentDetails(details: DocumentDetails): DocumentDetailsErrors {
  const errors: DocumentDetailsErrors = {};
  if (!checkNationality(details.nationality).ok) errors.nationality = 'required';
  const number = checkDocumentNumber(details.documentNumber);
  if (!number.ok) errors.documentNumber = number.error;
  return errors;
}

/** What submit sends: the nationality and the number as the server stores them. */
export function documentDetailsRequest(details: DocumentDetails): {
  nationality: string;
  documentNumber: string;
} {
  return {
    nationality: details.nationality.trim().toUpperCase(),
    documentNumber: details.documentNumber.trim().toUpperCase(),
  };
}

/**
 * A passport is issued by the holder's own state, so its issuing country is offered as the nationality
 * until the person chooses one; any other document (an identity card or a residence permit may be a
 * resident's, a driving licence anyone's) leaves it to them.
 */
export function suggestedNationality(
  details: DocumentDetails,
  documentType: DocumentType,
  issuingCountry: string,
): string {
  if (details.nationality) return details.nationality;
  return documentType === 'PASSPORT' ? issuingCountry : '';
}

/** Every ISO 3166-1 country by its name in the page language, for the nationality select. */
export function nationalityOptions(
  nameOf: (code: string) => string,
  language: string,
): { value: string; label: string }[] {
  return ISO_COUNTRY_CODES.map((code) => ({ value: code, label: nameOf(code) })).sort((a, b) =>
    a.label.localeCompare(b.label, language),
  );
}
