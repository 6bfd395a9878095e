/**
 * The MRZ's state codes to the app's ISO 3166-1 alpha-2 (the app stores countries as alpha-2). Most MRZ
 * codes are the alpha-3 of packages/contracts' ISO table; ICAO 9303 Part 3 adds its own: Germany's
 * single "D", the five British nationality codes, Kosovo's RKS. Codes that name no country (UNO, XXA
 * stateless, XXB refugee, EUE, the specimen state UTO) map to nothing and are not comparable with a
 * country a person chose.
 */
import { ISO_COUNTRIES } from '@kyc/contracts';

const BY_ALPHA3 = new Map(ISO_COUNTRIES.map(([alpha2, alpha3]) => [alpha3, alpha2]));

const ICAO_CODES: Record<string, string> = {
  D: 'DE',
  GBD: 'GB', // British Overseas Territories citizen
  GBN: 'GB', // British National (Overseas)
  GBO: 'GB', // British Overseas citizen
  GBP: 'GB', // British protected person
  GBS: 'GB', // British subject
  RKS: 'XK', // Kosovo
};

/** The alpha-2 country of an MRZ state code (fillers already removed), undefined when it names none. */
export function countryOfMrzCode(code: string): string | undefined {
  return ICAO_CODES[code] ?? BY_ALPHA3.get(code);
}
