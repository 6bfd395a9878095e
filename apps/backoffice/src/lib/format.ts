/**
 * Dates and durations as staff read them, in the page's language (Intl, no library), in Western digits
 * and the Gregorian calendar in every language (formattingLocale, docs/decisions.md D34).
 */
import { formattingLocale } from '@kyc/contracts';

export function formatDateTime(ms: number, language: string): string {
  return new Intl.DateTimeFormat(formattingLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(ms);
}

/**
 * A moment in UTC with its zone named ("Dec 5, 2026, 11:59 PM UTC"). dateStyle cannot be combined with
 * timeZoneName (Intl throws a TypeError), so the parts are spelt out.
 */
export function formatUtcDateTime(ms: number, language: string): string {
  return new Intl.DateTimeFormat(formattingLocale(language), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(ms);
}

export function formatDate(ms: number, language: string): string {
  return new Intl.DateTimeFormat(formattingLocale(language), { dateStyle: 'medium' }).format(ms);
}

/**
 * A calendar date a file states ("2026-04-15", or a date-time whose day is meant), shown as that day
 * whatever the reader's zone; text that is no date is shown as given.
 */
export function formatCalendarDate(text: string, language: string): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(text)?.[0];
  const ms = day ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(ms)) return text;
  return new Intl.DateTimeFormat(formattingLocale(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    ms,
  );
}

/** A score between 0 and 1 with two decimals ("0.97"), `signed` with its sign ("+0.05", "−0.20"). */
export function formatScore(value: number, language: string, signed = false): string {
  return new Intl.NumberFormat(formattingLocale(language), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(value);
}

export type WaitingUnit = 'minutes' | 'hours' | 'days';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long something has waited, rounded down to one unit: minutes under an hour, hours under a day,
 * days beyond ("45 min", "3 h", "2 d"). A clock slightly behind the server's counts as 0 minutes.
 */
export function waitingTime(since: number, now: number): { unit: WaitingUnit; count: number } {
  const elapsed = Math.max(0, now - since);
  if (elapsed < HOUR_MS) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE_MS) };
  if (elapsed < DAY_MS) return { unit: 'hours', count: Math.floor(elapsed / HOUR_MS) };
  return { unit: 'days', count: Math.floor(elapsed / DAY_MS) };
}

/** 00:00 UTC of a YYYY-MM-DD day (a date input's value), or null when the text is not a real day. */
export function utcDayStart(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const start = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(start).toISOString().slice(0, 10) === day ? start : null; // refuses 2026-02-30
}

/** YYYY-MM-DD of a time, in UTC. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export { DAY_MS };

/** A country's name from the platform in the page's language ("Germany (DE)"); the code where it has none. */
export function countryName(code: string, language: string): string {
  try {
    const name = new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'code' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
