/**
 * What raises or lowers a name score, each with its reason for the reviewer (issue 18; as OpenSanctions'
 * name-qualified matcher and watchman do): the same date of birth or year up, a different year down far
 * enough that an exact name with a disjoint birth year falls below the default threshold; a year apart is
 * neutral (a common typing or listing error); a "circa" year within two years and a range that holds the
 * year count as the same year. Nationality moves the score a little (people change and add them). A weak
 * alias (a nickname or low-quality a.k.a.) weighs less.
 */
import { formatBirthDate } from '../birth-dates.ts';
import type { BirthDate } from '../entry.ts';

export type AdjustmentCode =
  | 'weak_alias'
  | 'dob_same_date'
  | 'dob_same_year'
  | 'dob_year_apart'
  | 'dob_different_year'
  | 'nationality_same'
  | 'nationality_different';

export interface Adjustment {
  code: AdjustmentCode;
  delta: number;
  reason: string;
}

export const ADJUSTMENTS = {
  weakAlias: -0.1,
  sameDate: 0.05,
  sameYear: 0.03,
  yearApart: 0,
  differentYear: -0.2,
  sameNationality: 0.02,
  differentNationality: -0.05,
} as const;

/** How far a "circa" year may be from ours and still be the same year. */
const CIRCA_YEARS = 2;

export function weakAliasAdjustment(weak: boolean): Adjustment | undefined {
  return weak
    ? { code: 'weak_alias', delta: ADJUSTMENTS.weakAlias, reason: 'matched a weak (low-quality) alias' }
    : undefined;
}

function yearDistance(ours: number, theirs: BirthDate): number {
  if (theirs.range) {
    const [from, to] = theirs.range;
    return ours < from ? from - ours : ours > to ? ours - to : 0;
  }
  const distance = Math.abs(ours - theirs.year);
  return theirs.circa ? Math.max(0, distance - CIRCA_YEARS) : distance;
}

function compareOne(ours: BirthDate, theirs: BirthDate): Adjustment {
  const shown = `ours ${formatBirthDate(ours)}, the entry's ${formatBirthDate(theirs)}`;
  if (
    !theirs.range &&
    !theirs.circa &&
    theirs.year === ours.year &&
    theirs.month !== undefined &&
    theirs.day !== undefined &&
    theirs.month === ours.month &&
    theirs.day === ours.day
  )
    return { code: 'dob_same_date', delta: ADJUSTMENTS.sameDate, reason: `same date of birth (${shown})` };
  const distance = yearDistance(ours.year, theirs);
  const monthsDiffer =
    distance === 0 &&
    !theirs.range &&
    !theirs.circa &&
    theirs.month !== undefined &&
    ours.month !== undefined &&
    theirs.month !== ours.month;
  if (distance === 0 && !monthsDiffer)
    return {
      code: 'dob_same_year',
      delta: ADJUSTMENTS.sameYear,
      reason: `year of birth consistent (${shown})`,
    };
  if (distance <= 1)
    return {
      code: 'dob_year_apart',
      delta: ADJUSTMENTS.yearApart,
      reason: `dates of birth close, neutral (${shown})`,
    };
  return {
    code: 'dob_different_year',
    delta: ADJUSTMENTS.differentYear,
    reason: `different year of birth, ${distance} years apart (${shown})`,
  };
}

/** The most favourable comparison with any of the entry's dates; none when either side has no date. */
export function dateOfBirthAdjustment(
  ours: BirthDate | undefined,
  theirs: BirthDate[],
): Adjustment | undefined {
  if (!ours || theirs.length === 0) return undefined;
  return theirs.map((date) => compareOne(ours, date)).sort((a, b) => b.delta - a.delta)[0];
}

export function nationalityAdjustment(ours: string[], theirs: string[]): Adjustment | undefined {
  if (ours.length === 0 || theirs.length === 0) return undefined;
  const shared = ours.filter((code) => theirs.includes(code));
  if (shared.length > 0)
    return {
      code: 'nationality_same',
      delta: ADJUSTMENTS.sameNationality,
      reason: `same nationality (${shared.join(', ')})`,
    };
  return {
    code: 'nationality_different',
    delta: ADJUSTMENTS.differentNationality,
    reason: `different nationality (ours ${ours.join(', ')}, the entry's ${theirs.join(', ')})`,
  };
}
