/**
 * Site variants (spec §1). A user belongs to one site; GLOBAL is the default (non-regulated) site.
 * Hong Kong, Turkey, Kazakhstan and EU count as regulated.
 */
export const SITE_CODES = ['GLOBAL', 'HKG', 'TUR', 'ARE', 'KAZ', 'EU', 'GEO', 'IDN'] as const;
export type SiteCode = (typeof SITE_CODES)[number];

export const REGULATED_SITES: readonly SiteCode[] = ['HKG', 'TUR', 'KAZ', 'EU'];

export function isRegulatedSite(site: string): boolean {
  return (REGULATED_SITES as readonly string[]).includes(site);
}

export function isSiteCode(value: string): value is SiteCode {
  return (SITE_CODES as readonly string[]).includes(value);
}
