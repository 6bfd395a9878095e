/**
 * The default coverage of every ISO 3166-1 country (docs/countries.md, where each rule's source is
 * cited): which documents a person can verify with, and the closed list with its reasons. Migration
 * 010 loads it into `countries` for rows that do not exist yet; after that the table is the truth and
 * an admin changes it in the back office. Data only: no names (Intl.DisplayNames names countries).
 */
import { ISO_COUNTRY_CODES, type CountryClosedReason, type DocumentType } from '@kyc/contracts';

/** Regulation (EU) 2019/1157: EU member states issuing identity cards (Denmark and Ireland issue none). */
const EU_ID_CARD = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IT', 'LT', 'LU', 'LV',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const; // prettier-ignore
/** EEA states outside the EU and Switzerland: national identity cards accepted as travel documents. */
const EEA_CH_ID_CARD = ['CH', 'IS', 'LI', 'NO'] as const;
const EU = [...EU_ID_CARD, 'DK', 'IE'] as const;

/**
 * Outside the EU/EEA: countries where a national identity card is the standard identity document
 * (compiled for this list; compliance checks each against PRADO before relying on it, docs/countries.md).
 */
const NATIONAL_ID_CARD = [
  // Europe
  'AL', 'AM', 'AZ', 'BA', 'MC', 'MD', 'ME', 'MK', 'RS', 'SM',
  // Americas
  'BO', 'CL', 'CO', 'CR', 'DO', 'EC', 'GT', 'HN', 'NI', 'PA', 'PE', 'PY', 'SV', 'UY', 'VE',
  // Asia and the Middle East
  'BD', 'BH', 'BN', 'CN', 'IL', 'IQ', 'JO', 'KG', 'KH', 'KW', 'LB', 'LK', 'MN', 'MO', 'OM', 'PK', 'QA', 'UZ',
  // Africa
  'BW', 'CI', 'CM', 'DZ', 'MA', 'MZ', 'NA', 'RW', 'SN', 'TN', 'TZ', 'UG', 'ZM', 'ZW',
] as const; // prettier-ignore

/**
 * Residence permits: the uniform format of Council Regulation (EC) No 1030/2002 (EU states bound by it,
 * and the Schengen associates), and the Gulf states' resident identity cards.
 */
const RESIDENCE_PERMIT = [
  ...EU.filter((code) => code !== 'IE'),
  'CH', 'IS', 'LI', 'NO', 'BH', 'KW', 'OM', 'QA',
] as const; // prettier-ignore

/**
 * Driving licences: the EU model photocard (Directive 2006/126/EC) in the EU/EEA, and the countries
 * without a national identity card where the licence is the everyday photo identity.
 */
const DRIVING_LICENCE = [...EU, 'IS', 'LI', 'NO', 'AU', 'CA', 'GB', 'NZ'] as const;

/** The closed list: country → reason (docs/countries.md "The closed list" for each source). */
export const CLOSED_COUNTRIES: Readonly<Record<string, CountryClosedReason>> = {
  // Comprehensive sanctions: UN SCR 1718 (KP); OFAC 31 CFR 515 (CU), 560 (IR), 510 (KP); EU 2013/255 (SY).
  CU: 'SANCTIONS',
  IR: 'SANCTIONS',
  KP: 'SANCTIONS',
  SY: 'SANCTIONS',
  // FATF "high-risk jurisdictions subject to a call for action" (besides KP and IR above).
  MM: 'FATF_CALL_FOR_ACTION',
  // A business decision of this exchange: US persons are not served (the US and its territories).
  US: 'NOT_SERVED_BUSINESS',
  AS: 'NOT_SERVED_BUSINESS',
  GU: 'NOT_SERVED_BUSINESS',
  MP: 'NOT_SERVED_BUSINESS',
  PR: 'NOT_SERVED_BUSINESS',
  VI: 'NOT_SERVED_BUSINESS',
  // No permanent population and no authority issuing identity documents.
  AQ: 'NO_ISSUING_AUTHORITY',
  BV: 'NO_ISSUING_AUTHORITY',
  GS: 'NO_ISSUING_AUTHORITY',
  HM: 'NO_ISSUING_AUTHORITY',
  TF: 'NO_ISSUING_AUTHORITY',
  UM: 'NO_ISSUING_AUTHORITY',
};

export interface DefaultCoverage {
  code: string;
  documentTypes: DocumentType[];
  closedReason: CountryClosedReason | '';
}

const has = (list: readonly string[], code: string) => list.includes(code);

/**
 * A country's default coverage: a passport for every country with an issuing authority (ICAO Doc 9303),
 * then an identity card, a residence permit and a driving licence by the lists above, in that order.
 */
export function defaultCoverage(code: string): DefaultCoverage {
  const closedReason = CLOSED_COUNTRIES[code] ?? '';
  if (closedReason === 'NO_ISSUING_AUTHORITY') return { code, documentTypes: [], closedReason };
  const documentTypes: DocumentType[] = [];
  if (has(EU_ID_CARD, code) || has(EEA_CH_ID_CARD, code) || has(NATIONAL_ID_CARD, code))
    documentTypes.push('ID_CARD');
  documentTypes.push('PASSPORT');
  if (has(DRIVING_LICENCE, code)) documentTypes.push('DRIVERS');
  if (has(RESIDENCE_PERMIT, code)) documentTypes.push('RESIDENCE_PERMIT');
  return { code, documentTypes, closedReason };
}

/** Every ISO 3166-1 country with its default coverage, sorted by code. */
export const DEFAULT_COVERAGE: readonly DefaultCoverage[] = ISO_COUNTRY_CODES.map(defaultCoverage);
