/**
 * Rules of an identity-document update (POST update-id, docs/kyc.md "Updating the ID document or the
 * proof of address"; spec §8 codes 1045–1053, 1062). Pure: no I/O, the clock is a parameter.
 */

/** ID updates a person may submit per UTC day (counted on stored update_id submissions). */
export const UPDATE_ID_DAILY_LIMIT = 3;

const DAY_MS = 86_400_000;

/** Start of the UTC day containing `at` (epoch ms). */
export function utcDayStart(at: number): number {
  return Math.floor(at / DAY_MS) * DAY_MS;
}

/** A YYYY-MM-DD expiry date is expired when it is before today (UTC): valid through its last day. */
export function isExpired(expiryDate: string, at: number): boolean {
  return Date.parse(`${expiryDate}T00:00:00Z`) < utcDayStart(at);
}

/**
 * A name as compared against the verified identity: Unicode-normalised, accents removed, case folded
 * (Turkish dotted and dotless i agree), whitespace and hyphens collapsed. "José  María" = "jose maria".
 */
export function comparableName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ı/g, 'i')
    .toLocaleLowerCase('en')
    .replace(/[\s\-‐‑'’.]+/g, ' ')
    .trim();
}

export function sameName(a: string, b: string): boolean {
  return comparableName(a) === comparableName(b);
}
