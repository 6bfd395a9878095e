/**
 * What Onfido read from the document (issue 19, D112). Onfido Studio answers a workflow run's `output`
 * as the workflow version configures it; the portal's workflow is configured (docs/providers-onfido.md
 * "Document data") to output the Document Report's extracted properties as `output.document`, under
 * the report's own names: first_name, last_name, date_of_birth, date_of_expiry, document_number,
 * issuing_country (alpha-3), document_type. Mapped to the vendor-neutral reading; null without them.
 */
import type { VendorDocumentData } from '../provider.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function documentOfRunOutput(output: unknown): VendorDocumentData | null {
  const document = isObject(output) ? output.document : undefined;
  if (!isObject(document)) return null;
  const text = (key: string) => {
    const value = document[key];
    return typeof value === 'string' && value.trim() ? value.trim() : null;
  };
  const reading: VendorDocumentData = {
    firstName: text('first_name'),
    lastName: text('last_name'),
    dateOfBirth: text('date_of_birth'),
    documentNumber: text('document_number'),
    issuingCountry: text('issuing_country'),
    documentType: text('document_type'),
    expiryDate: text('date_of_expiry'),
  };
  return Object.values(reading).some((v) => v !== null) ? reading : null;
}
