/**
 * Country coverage (docs/countries.md): whether a country's documents are offered for verification,
 * and when not, why. The reasons are data with a code (stored, audited, filtered on) and a translated
 * text (user-accounts `countries.reasons.*`, backoffice `countries.reasons.*`), never free text.
 */
export const COVERAGE_STATES = ['offered', 'closed'] as const;
export type CoverageState = (typeof COVERAGE_STATES)[number];

/**
 * Why a country is closed:
 * - SANCTIONS: comprehensive sanctions on the country (UN, EU, OFAC);
 * - FATF_CALL_FOR_ACTION: FATF "high-risk jurisdictions subject to a call for action";
 * - NOT_SERVED_BUSINESS: the exchange does not serve its people (a business decision, e.g. US persons);
 * - NO_ISSUING_AUTHORITY: no population and no authority issuing identity documents (e.g. Antarctica).
 */
export const COUNTRY_CLOSED_REASONS = [
  'SANCTIONS',
  'FATF_CALL_FOR_ACTION',
  'NOT_SERVED_BUSINESS',
  'NO_ISSUING_AUTHORITY',
] as const;
export type CountryClosedReason = (typeof COUNTRY_CLOSED_REASONS)[number];

export function isCountryClosedReason(value: unknown): value is CountryClosedReason {
  return typeof value === 'string' && (COUNTRY_CLOSED_REASONS as readonly string[]).includes(value);
}
