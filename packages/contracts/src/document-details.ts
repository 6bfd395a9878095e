/**
 * The identity document's details the person types on the document step of the in-house level-1 flow
 * (issue 19, D125; docs/checks.md "Nationality and document number"): their nationality and the
 * document's number. One set of rules for the browser (the step's inline errors) and the server
 * (`submit` answers 63011 / 63012, the correction step 63006), so a form and the API always agree.
 */
import { ISO_COUNTRY_CODES } from './iso-countries.ts';

/** At most this many characters of A-Z, 0-9 and '-' (ICAO 9303 numbers are 9; national ones longer). */
export const DOCUMENT_NUMBER_MAX = 20;
const DOCUMENT_NUMBER_PATTERN = new RegExp(`^[A-Z0-9-]{1,${DOCUMENT_NUMBER_MAX}}$`);

/** Why a typed document number is refused. */
export type DocumentNumberError = 'required' | 'format';

/**
 * A typed document number as stored and compared: trimmed and upper-cased (a person types `c01x00t47`
 * off the page as readily as `C01X00T47`). Spaces inside are not dropped: the rule names its characters.
 */
export function normaliseDocumentNumber(raw: string): string {
  return raw.trim().toUpperCase();
}

/** The number normalised, or why it is refused: empty, or not 1-20 of A-Z, 0-9 and '-'. */
export function checkDocumentNumber(
  raw: string,
): { ok: true; value: string } | { ok: false; error: DocumentNumberError } {
  const value = normaliseDocumentNumber(raw);
  if (value === '') return { ok: false, error: 'required' };
  return DOCUMENT_NUMBER_PATTERN.test(value) ? { ok: true, value } : { ok: false, error: 'format' };
}

const NATIONALITIES = new Set(ISO_COUNTRY_CODES);

/**
 * A nationality: an ISO 3166-1 alpha-2 code of the 249 (the list every country field offers), upper
 * case. A stateless person or a refugee has none to choose (the MRZ's XXA / XXB are not comparable).
 */
export function checkNationality(raw: string): { ok: true; value: string } | { ok: false } {
  const value = raw.trim().toUpperCase();
  return NATIONALITIES.has(value) ? { ok: true, value } : { ok: false };
}
