/**
 * Dates of birth as the lists write them, into `BirthDate`: "12 Mar 1964", "Mar 1964", "1964", "circa
 * 1964", "1962 to 1964" (OFAC SDN.XML), "dd/mm/1950" and "01/02/1950" (UK), "1950-01-01" (UN, EU, CSV).
 * A date that cannot be read is dropped, never turned into a wrong year.
 */
import type { BirthDate } from './entry.ts';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function plausibleYear(year: number): boolean {
  return Number.isInteger(year) && year >= 1850 && year <= 2100;
}

function monthOf(word: string): number | undefined {
  const index = MONTHS.indexOf(word.slice(0, 3).toLowerCase());
  return index >= 0 ? index + 1 : undefined;
}

/** Builds a birth date from numeric parts, leaving out a month or day that is missing or impossible. */
export function birthDate(
  year: number | undefined,
  month?: number,
  day?: number,
  circa = false,
): BirthDate | undefined {
  if (year === undefined || !plausibleYear(year)) return undefined;
  const date: BirthDate = { year };
  if (month !== undefined && month >= 1 && month <= 12) {
    date.month = month;
    if (day !== undefined && day >= 1 && day <= 31) date.day = day;
  }
  if (circa) date.circa = true;
  return date;
}

export function birthRange(fromYear: number | undefined, toYear: number | undefined): BirthDate | undefined {
  if (fromYear === undefined || toYear === undefined) return undefined;
  if (!plausibleYear(fromYear) || !plausibleYear(toYear) || toYear < fromYear) return undefined;
  if (fromYear === toYear) return { year: fromYear };
  return { year: fromYear, range: [fromYear, toYear] };
}

function num(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  return Number(text);
}

/** Reads one date as written in a list; undefined when it holds no plausible year. */
export function parseBirthDate(raw: string | undefined): BirthDate | undefined {
  if (!raw) return undefined;
  let text = raw.trim().replace(/\s+/g, ' ');
  let circa = false;
  const circaMatch = /^(circa|ca\.?|c\.|approximately|approx\.?|about)\s+/i.exec(text);
  if (circaMatch) {
    circa = true;
    text = text.slice(circaMatch[0].length);
  }
  let match = /^(\d{4})\s*(?:to|-|–)\s*(\d{4})$/.exec(text);
  if (match) return birthRange(num(match[1]), num(match[2]));
  // ISO: 1964-03-12, 1964-03, 1964
  match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:T.*)?$/.exec(text);
  if (match) return birthDate(num(match[1]), num(match[2]), num(match[3]), circa);
  // dd/mm/yyyy with placeholders (UK: "dd/mm/1950", "00/00/1950")
  match = /^(\w{1,2})\/(\w{1,2})\/(\d{4})$/.exec(text);
  if (match) return birthDate(num(match[3]), num(match[2]) || undefined, num(match[1]) || undefined, circa);
  // 12 Mar 1964, Mar 1964
  match = /^(?:(\d{1,2}) )?([A-Za-z]{3,9})\.? (\d{4})$/.exec(text);
  if (match?.[2] && match[3]) {
    const month = monthOf(match[2]);
    if (month) return birthDate(num(match[3]), month, num(match[1]), circa);
  }
  return undefined;
}

/** "1964", "circa 1964", "1962–1964", "1964-03-12": how an explanation shows a date of birth. */
export function formatBirthDate(date: BirthDate): string {
  if (date.range) return `${date.range[0]}–${date.range[1]}`;
  const parts = [String(date.year)];
  if (date.month) parts.push(String(date.month).padStart(2, '0'));
  if (date.month && date.day) parts.push(String(date.day).padStart(2, '0'));
  return `${date.circa ? 'circa ' : ''}${parts.join('-')}`;
}
