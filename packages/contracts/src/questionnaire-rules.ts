/**
 * The fixed rules of questionnaire answers, without zod: the text formats a template may name, the upper
 * bounds that apply whatever a template says, and the form of an uploaded document's id. The zod schemas
 * (api/questionnaire.ts, api/kyc-submit.ts) and the engine (questionnaire-engine.ts) both read them, so
 * the forms can run the engine without loading zod.
 */

/**
 * Named text formats (a template names one; it never carries a regular expression of its own, so a
 * template cannot smuggle in a pathological pattern). Shared by the server and the forms.
 */
export const QUESTIONNAIRE_TEXT_PATTERNS = {
  /** A person's or company's name: letters of any script, marks, spaces, apostrophes, dots, hyphens. */
  name: /^[\p{L}\p{M}][\p{L}\p{M}' .,&-]*$/u,
  /** A postal code: letters, digits, spaces and hyphens. */
  postcode: /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/,
  /** A tax identification number (TIN) as issued: letters, digits, spaces, hyphens, slashes, dots. */
  tax_id: /^[A-Za-z0-9][A-Za-z0-9 ./-]{3,29}$/,
  /** An international phone number. */
  phone: /^\+?[0-9][0-9 ()-]{6,19}$/,
  /** A blockchain address or account identifier. */
  wallet_address: /^[A-Za-z0-9:_-]{20,120}$/,
  /** A company or register number. */
  registration_number: /^[A-Za-z0-9][A-Za-z0-9 ./-]{1,39}$/,
} as const;

/** Upper bounds that apply whatever a template says (a text answer is never a document). */
export const QUESTIONNAIRE_LIMITS = {
  textMaxLength: 2000,
  maxSelections: 50,
  evidenceMaxFiles: 10,
  /** Cool-down before a retry of a test, at most 30 days. */
  coolDownHoursMax: 720,
} as const;

/** The id of an uploaded document (upload-document answers it): 32 lowercase hex digits. */
export const DOCUMENT_ID_PATTERN = /^[0-9a-f]{32}$/;
