/**
 * The service-levels form as typed: one text per kind of work, checked as whole hours (the contracts'
 * 1–720), and what to send: only the rows whose hours differ from the row as read, each over its
 * `updatedAt` (a compare-and-set per row on the server), so that the audit entry names only what the
 * admin changed and a change of another row meanwhile is no conflict.
 */
import type { ServiceLevel, WorkKind } from './api/service-levels.ts';

export const MIN_HOURS = 1;
export const MAX_HOURS = 720;

export type HoursTexts = Partial<Record<WorkKind, string>>;

/** Whole hours 1–720 from the form's text (spaces around allowed); null otherwise. */
export function parseHours(input: string): number | null {
  const value = input.trim();
  if (!/^\d{1,3}$/.test(value)) return null;
  const hours = Number(value);
  return hours >= MIN_HOURS && hours <= MAX_HOURS ? hours : null;
}

export const textsOf = (levels: readonly ServiceLevel[]): HoursTexts =>
  Object.fromEntries(levels.map((level) => [level.kind, String(level.hours)]));

/**
 * Checks every row: the kinds whose text is no valid number of hours (in the order read), and, when
 * there are none, the rows to send.
 */
export function validateLevels(
  levels: readonly ServiceLevel[],
  texts: HoursTexts,
): { invalid: WorkKind[]; changes: ServiceLevel[] } {
  const invalid: WorkKind[] = [];
  const changes: ServiceLevel[] = [];
  for (const level of levels) {
    const hours = parseHours(texts[level.kind] ?? '');
    if (hours === null) invalid.push(level.kind);
    else if (hours !== level.hours) changes.push({ ...level, hours });
  }
  return { invalid, changes: invalid.length > 0 ? [] : changes };
}

/**
 * After "changed meanwhile" (55021): the form over the levels saved now, keeping what the admin typed.
 * A row the admin left as read takes the value saved now (else saving again would undo the other
 * change); a row they edited keeps their text. `changedMeanwhile` are the kinds saved with other hours
 * than were read.
 */
export function rebase(
  read: readonly ServiceLevel[],
  current: readonly ServiceLevel[],
  texts: HoursTexts,
): { texts: HoursTexts; changedMeanwhile: WorkKind[] } {
  const before = new Map(read.map((level) => [level.kind, level.hours]));
  const next: HoursTexts = {};
  const changedMeanwhile: WorkKind[] = [];
  for (const level of current) {
    const was = before.get(level.kind);
    const typed = texts[level.kind];
    const edited = typed !== undefined && was !== undefined && typed.trim() !== String(was);
    next[level.kind] = edited ? typed : String(level.hours);
    if (was !== undefined && was !== level.hours) changedMeanwhile.push(level.kind);
  }
  return { texts: next, changedMeanwhile };
}
