/**
 * What Onfido read from the document (issue 19, D112). Onfido Studio answers a workflow run's `output`
 * as "all of the properties configured on the Workflow version" (API v3.6, onfido-openapi-spec
 * schemas/workflow_runs/definitions.yaml); the portal's workflow is configured (docs/providers-onfido.md
 * "Document data") to output the Document Report's `properties` as `output.document`, unchanged. Those
 * are Onfido's own names (schemas/reports/document_properties.yaml): first_name, last_name,
 * date_of_birth and date_of_expiry (ISO dates), issuing_country (alpha-3), document_type (passport,
 * national_identity_card, driving_licence, residence_permit …) and the numbers as a list,
 * `document_numbers: [{value, type}]` — the one of type `document_number`, else the first. Mapped to the
 * vendor-neutral reading; null without any of them.
 */
import type { VendorDocumentData } from '../provider.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const textOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The document number among the Document Report's `document_numbers`. */
function documentNumberOf(numbers: unknown): string | null {
  if (!Array.isArray(numbers)) return null;
  const entries = numbers.filter(isObject).filter((n) => textOf(n.value) !== null);
  const chosen = entries.find((n) => n.type === 'document_number') ?? entries[0];
  return chosen ? textOf(chosen.value) : null;
}

export function documentOfRunOutput(output: unknown): VendorDocumentData | null {
  const document = isObject(output) ? output.document : undefined;
  if (!isObject(document)) return null;
  const text = (key: string) => textOf(document[key]);
  const reading: VendorDocumentData = {
    firstName: text('first_name'),
    lastName: text('last_name'),
    dateOfBirth: text('date_of_birth'),
    documentNumber: documentNumberOf(document.document_numbers),
    issuingCountry: text('issuing_country'),
    documentType: text('document_type'),
    expiryDate: text('date_of_expiry'),
  };
  return Object.values(reading).some((v) => v !== null) ? reading : null;
}
