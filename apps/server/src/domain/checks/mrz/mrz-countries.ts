/**
 * The MRZ's state codes to the app's ISO 3166-1 alpha-2 (the app stores countries as alpha-2). Most MRZ
 * codes are the alpha-3 of packages/contracts' ISO table; ICAO 9303 Part 3 adds its own: Germany's
 * single "D", the five British nationality codes, Kosovo's RKS. Codes that name no country (UNO, XXA
 * stateless, XXB refugee, EUE, the specimen state UTO) map to nothing and are not comparable with a
 * country a person chose.
 */
import { ISO_COUNTRIES } from '@kyc/contracts';

const BY_ALPHA3 = new Map(ISO_COUNTRIES.map(([alpha2, alpha3]) => [alpha3, alpha2]));
const BY_ALPHA2 = new Map(ISO_COUNTRIES.map(([alpha2, alpha3]) => [alpha2, alpha3]));
/** The ISO alpha-3 codes ICAO prints otherwise in an MRZ (the British codes are not ISO: GBR stays). */
const PRINTED_AS: Record<string, string> = { DEU: 'D', XKX: 'RKS' };

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

/**
 * The MRZ state code of a country as a vendor reports it (ISO alpha-2 or alpha-3, any case): the code
 * an MRZ of that state prints (DEU → D), so a vendor's document hashes like the same document read from
 * its zone (issue 19, D112). Undefined for what is no ISO country.
 */
export function mrzCodeOfCountry(country: string): string | undefined {
  const code = country.trim().toUpperCase();
  const alpha3 = code.length === 2 ? BY_ALPHA2.get(code) : BY_ALPHA3.has(code) ? code : undefined;
  if (!alpha3 && (code === 'XK' || code === 'XKX' || code === 'RKS')) return 'RKS';
  return alpha3 && (PRINTED_AS[alpha3] ?? alpha3);
}
