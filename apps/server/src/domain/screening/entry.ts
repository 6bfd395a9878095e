/**
 * The one shape every sanctions, PEP or internal list is read into (issue 18, docs/screening.md), so that
 * matching never knows which file an entry came from: names with their weak (low-quality) flag and script,
 * dates of birth as precise as the list gives them (a year, "circa", a range), nationalities as ISO
 * alpha-2 where the list's wording can be mapped, and the programmes a reviewer needs to see on a hit.
 */

export const LIST_FORMATS = [
  'ofac-sdn',
  'ofac-sdn-advanced',
  'un-consolidated',
  'eu-fsf',
  'uk-sanctions-list',
  'operator-csv',
] as const;
export type ListFormat = (typeof LIST_FORMATS)[number];

export type EntryKind = 'individual' | 'entity' | 'vessel' | 'aircraft' | 'unknown';
export type ListCategory = 'sanctions' | 'pep' | 'internal';

export interface EntryName {
  /** The name as the list writes it, parts joined given names first ("Oleg Tarasovich VELMOROV"). */
  full: string;
  /** The list's own parts when it gives them (first, middle, last, patronymic…), in the list's terms. */
  parts?: Record<string, string>;
  /** ISO 15924 code when known or evident from the characters ("Cyrl", "Arab", "Hani"…). */
  script?: string;
  /** A weak / low-quality alias (OFAC "weak", UN "Low", EU strong="false", UK "Low quality"). */
  weak: boolean;
}

export interface BirthDate {
  year: number;
  month?: number;
  day?: number;
  /** "circa", "approximately": the year is the list's estimate. */
  circa?: boolean;
  /** "between 1950 and 1955": the person was born in one of these years (year is the first). */
  range?: [number, number];
}

export interface ListEntry {
  listId: string;
  /** The list's own reference: OFAC uid / FixedRef, UN DATAID, EU logicalId, UK UniqueID, CSV reference. */
  entryId: string;
  kind: EntryKind;
  names: EntryName[];
  datesOfBirth: BirthDate[];
  /** Nationalities and citizenships, ISO 3166-1 alpha-2, upper case; wording that maps to none is left out. */
  nationalities: string[];
  programmes: string[];
  category: ListCategory;
  remarks?: string;
}

export interface ListMetadata {
  format: ListFormat;
  /** ISO date (YYYY-MM-DD) or date-time the file says it was published or generated, when it says. */
  publishedAt?: string;
  entryCount: number;
}

export interface ParsedList {
  metadata: ListMetadata;
  entries: ListEntry[];
}

/** The script of a name from its letters: enough to label non-Latin aliases where the list does not. */
export function scriptOf(text: string): string | undefined {
  if (/\p{Script=Cyrillic}/u.test(text)) return 'Cyrl';
  if (/\p{Script=Arabic}/u.test(text)) return 'Arab';
  if (/\p{Script=Han}/u.test(text)) return 'Hani';
  if (/\p{Script=Hangul}/u.test(text)) return 'Hang';
  if (/\p{Script=Greek}/u.test(text)) return 'Grek';
  if (/\p{Script=Hebrew}/u.test(text)) return 'Hebr';
  if (/\p{Script=Georgian}/u.test(text)) return 'Geor';
  if (/\p{Script=Armenian}/u.test(text)) return 'Armn';
  if (/\p{Script=Thai}/u.test(text)) return 'Thai';
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'Jpan';
  return undefined;
}

/** Builds a name, labelling its script from its letters unless the list said. */
export function entryName(
  full: string,
  weak: boolean,
  extra: Omit<EntryName, 'full' | 'weak'> = {},
): EntryName {
  const name: EntryName = { full: full.replace(/\s+/g, ' ').trim(), weak };
  if (extra.parts && Object.keys(extra.parts).length > 0) name.parts = extra.parts;
  const script = extra.script ?? scriptOf(full);
  if (script) name.script = script;
  return name;
}

/** Joins name parts into one full name, given names first, skipping the empty ones. */
export function joinParts(...parts: (string | undefined)[]): string {
  return parts
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}
