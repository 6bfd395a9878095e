/**
 * What Sumsub read from the identity document (issue 19, D112): the applicant data's `info.idDocs`
 * (docs.sumsub.com "Get applicant data"), the first identity document among them — a passport, an
 * identity card, a residence permit or a driving licence (a selfie or a proof of address is no identity
 * document) — mapped to the vendor-neutral reading. The Latin spelling (`…En`) is preferred when Sumsub
 * gives one.
 */
import type { VendorDocumentData } from '../provider.ts';
import type { SumsubIdDoc } from './api.ts';

const IDENTITY_DOCUMENTS = ['PASSPORT', 'ID_CARD', 'RESIDENCE_PERMIT', 'DRIVERS'];

export function documentOfIdDocs(idDocs: readonly SumsubIdDoc[] | undefined): VendorDocumentData | null {
  const doc = (idDocs ?? []).find((d) => IDENTITY_DOCUMENTS.includes(d.idDocType ?? ''));
  if (!doc) return null;
  const text = (value: string | undefined) => (value && value.trim() ? value.trim() : null);
  return {
    firstName: text(doc.firstNameEn) ?? text(doc.firstName),
    lastName: text(doc.lastNameEn) ?? text(doc.lastName),
    dateOfBirth: text(doc.dob),
    documentNumber: text(doc.number),
    issuingCountry: text(doc.country),
    documentType: text(doc.idDocType),
    expiryDate: text(doc.validUntil),
  };
}
