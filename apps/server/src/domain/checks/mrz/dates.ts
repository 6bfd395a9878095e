/**
 * The MRZ writes dates as YYMMDD; the century is inferred. A date of birth is never in the future, so
 * it is the latest century that keeps it at or before today (a person born in 1925 and one born in 2025
 * share "25", and the later reading wins; the comparison with the typed date settles the century).
 * An expiry lies within a passport's life of today: the 21st century unless that puts it more than 50
 * years ahead, which a document is not valid for. ICAO 9303 lets an unknown day or month be fillers
 * ("7408<<"); such a date has no ISO form and is compared as not comparable.
 */

export interface MrzDate {
  /** YYMMDD as printed. */
  raw: string;
  /** YYYY-MM-DD, or null when a part is unknown (fillers) or the date does not exist. */
  iso: string | null;
}

const EXPIRY_HORIZON_YEARS = 50;

function isoOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

function parts(raw: string): { yy: number; month: number; day: number } | null {
  if (!/^\d{6}$/.test(raw)) return null;
  return { yy: Number(raw.slice(0, 2)), month: Number(raw.slice(2, 4)), day: Number(raw.slice(4, 6)) };
}

const todayIso = (now: number) => new Date(now).toISOString().slice(0, 10);

export function birthDate(raw: string, now: number): MrzDate {
  const p = parts(raw);
  if (!p) return { raw, iso: null };
  const recent = isoOf(2000 + p.yy, p.month, p.day);
  if (recent === null) return { raw, iso: null };
  // ISO strings of one length compare as dates.
  return { raw, iso: recent <= todayIso(now) ? recent : isoOf(1900 + p.yy, p.month, p.day) };
}

export function expiryDate(raw: string, now: number): MrzDate {
  const p = parts(raw);
  if (!p) return { raw, iso: null };
  const horizon = new Date(now).getUTCFullYear() + EXPIRY_HORIZON_YEARS;
  const year = 2000 + p.yy > horizon ? 1900 + p.yy : 2000 + p.yy;
  return { raw, iso: isoOf(year, p.month, p.day) };
}

/** Expired when the last day of validity is before today (UTC): a document is valid on its expiry day. */
export const isExpired = (expiryIso: string, now: number): boolean => expiryIso < todayIso(now);
