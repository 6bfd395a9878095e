/**
 * The URL filters both review queues share (the verification queue and the questionnaire queue): the
 * site, the minimum waiting time and the page. A value the API would refuse (a typo in a shared link)
 * reads as absent rather than failing the page; the filter forms use the same rules to flag a field.
 */

/** The longest waiting time a filter may ask for: a year. */
export const MAX_AGE_HOURS = 24 * 365;

/** A whole number of hours up to MAX_AGE_HOURS, else undefined. */
export function parseMinAgeHours(value: string | null | undefined): number | undefined {
  return value && /^\d{1,4}$/.test(value) && Number(value) <= MAX_AGE_HOURS ? Number(value) : undefined;
}

/** A site code (2 to 8 letters, any case), upper-cased; else undefined. */
export function parseSite(value: string | null | undefined): string | undefined {
  const site = value?.trim().toUpperCase();
  return site && /^[A-Z]{2,8}$/.test(site) ? site : undefined;
}

/** A page number of 1 or more; anything else is the first page. */
export function parsePage(value: string | null | undefined): number {
  return value && /^\d{1,6}$/.test(value) && Number(value) >= 1 ? Number(value) : 1;
}

/** A list's page cursor from the URL (opaque base64url, issue 17); anything else is the first page. */
export function parseCursor(value: string | null | undefined): string | undefined {
  return value && /^[A-Za-z0-9_-]{1,512}$/.test(value) ? value : undefined;
}
