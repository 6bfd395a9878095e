/**
 * What a checked submission's MRZ is compared with, by the submission's kind (issue 19, D124;
 * docs/checks.md "When and where"). Pure: the caller reads the person's details on record and opens the
 * submission's sealed details.
 *
 * - `level`: the first and last name and date of birth typed in `kyc-personal-info` (the record), the
 *   issuing country and document type chosen in `submit`, and the nationality and document number typed
 *   with them (D125: sealed on the submission; absent on submissions from before, then not compared).
 * - `reverification`: the same record — the verified identity; the flow types no name — and the issuing
 *   country, document type, nationality and document number of its `submit`.
 * - `update_id`: the same record (update-id refuses a name or date of birth that differs from it, so what
 *   was typed is the record) and, typed in that flow, the document's expiry date; the issuing country
 *   and document type from the request.
 */
import type { CheckedSubmissionKind, DocumentType } from '@kyc/contracts';
import type { TypedIdentity } from '../mrz/compare-typed.ts';

export interface CheckedSubmission {
  kind: string;
  issuing_country: string;
  document_type: string;
}

export interface IdentityOnRecord {
  first_name?: string | null;
  last_name?: string | null;
  date_of_birth?: string | null;
}

/** Whether a submission of this kind gets the in-house document checks (D96, D124). */
export const isCheckedKind = (kind: string): kind is CheckedSubmissionKind =>
  kind === 'level' || kind === 'reverification' || kind === 'update_id';

const given = (value: string | null | undefined) => (value ? value : undefined);

/** The typed identity of one submission; `details` are its opened sealed details (null when none). */
export function typedIdentityOf(
  submission: CheckedSubmission,
  record: IdentityOnRecord | undefined,
  details: Record<string, string> | null,
): TypedIdentity & { documentType: DocumentType } {
  const typed: TypedIdentity & { documentType: DocumentType } = {
    firstName: given(record?.first_name),
    lastName: given(record?.last_name),
    dateOfBirth: given(record?.date_of_birth),
    issuingCountry: submission.issuing_country,
    documentType: submission.document_type as DocumentType,
  };
  if (submission.kind === 'update_id') {
    const expiryDate = given(details?.expiryDate);
    return expiryDate ? { ...typed, expiryDate } : typed;
  }
  // D125: typed on the document step of level 1 (and a re-verification), sealed with the submission.
  const nationality = given(details?.nationality);
  const documentNumber = given(details?.documentNumber);
  return {
    ...typed,
    ...(nationality ? { nationality } : {}),
    ...(documentNumber ? { documentNumber } : {}),
  };
}
