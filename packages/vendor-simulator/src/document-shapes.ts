/**
 * The simulator's reading of a document (document-reading.ts) in each vendor's published answer, so that
 * our adapters are exercised against the vendors' own shapes (docs/providers-*.md "Document data"):
 *
 * - Sumsub: an element of the applicant data's `info.idDocs` (docs.sumsub.com "Get applicant data";
 *   idDocType PASSPORT, ID_CARD, RESIDENCE_PERMIT, DRIVERS; country alpha-3; firstName, lastName, dob,
 *   number, validUntil as YYYY-MM-DD).
 * - Onfido: the Document Report's `properties` (API v3.6, onfido-openapi-spec
 *   schemas/reports/document_properties.yaml): first_name, last_name, date_of_birth, date_of_expiry,
 *   issuing_country (alpha-3), document_type (passport, national_identity_card, residence_permit,
 *   driving_licence), document_numbers [{value, type: 'document_number'}] — which the portal's Studio
 *   workflow outputs as `output.document`.
 * - Jumio: the extraction capability's `data` (KYX API guide, "capabilities.extraction.data"): type
 *   (PASSPORT, ID_CARD, DRIVING_LICENSE), subType (NATIONAL_ID, RESIDENT_PERMIT_ID,
 *   REGULAR_DRIVING_LICENSE), issuingCountry (alpha-3), firstName, lastName, dateOfBirth, expiryDate,
 *   documentNumber.
 */
import type { SimDocument } from './document-reading.ts';

const defined = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));

const SUMSUB_TYPES = {
  passport: 'PASSPORT',
  id_card: 'ID_CARD',
  residence_permit: 'RESIDENCE_PERMIT',
  driving_licence: 'DRIVERS',
} as const;

export function sumsubIdDoc(doc: SimDocument): Record<string, string> {
  return defined({
    idDocType: SUMSUB_TYPES[doc.type],
    country: doc.country,
    firstName: doc.firstName,
    lastName: doc.lastName,
    dob: doc.dateOfBirth,
    number: doc.number,
    validUntil: doc.expiryDate,
  }) as Record<string, string>;
}

const ONFIDO_TYPES = {
  passport: 'passport',
  id_card: 'national_identity_card',
  residence_permit: 'residence_permit',
  driving_licence: 'driving_licence',
} as const;

export function onfidoDocumentProperties(doc: SimDocument): Record<string, unknown> {
  return defined({
    document_type: ONFIDO_TYPES[doc.type],
    issuing_country: doc.country,
    first_name: doc.firstName,
    last_name: doc.lastName,
    date_of_birth: doc.dateOfBirth,
    date_of_expiry: doc.expiryDate,
    document_numbers: doc.number ? [{ value: doc.number, type: 'document_number' }] : undefined,
  });
}

const JUMIO_TYPES = {
  passport: { type: 'PASSPORT', subType: undefined },
  id_card: { type: 'ID_CARD', subType: 'NATIONAL_ID' },
  residence_permit: { type: 'ID_CARD', subType: 'RESIDENT_PERMIT_ID' },
  driving_licence: { type: 'DRIVING_LICENSE', subType: 'REGULAR_DRIVING_LICENSE' },
} as const;

export function jumioExtractionData(doc: SimDocument): Record<string, string> {
  return defined({
    ...JUMIO_TYPES[doc.type],
    issuingCountry: doc.country,
    firstName: doc.firstName,
    lastName: doc.lastName,
    dateOfBirth: doc.dateOfBirth,
    expiryDate: doc.expiryDate,
    documentNumber: doc.number,
  }) as Record<string, string>;
}
