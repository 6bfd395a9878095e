/**
 * The typed first and last names against the MRZ's secondary and primary identifiers. Tolerated, as a
 * reviewer would tolerate them: the ICAO spellings of a letter (Ü as UE or U, transliterate.ts), case,
 * hyphens and apostrophes, names given in another order or in the other field (given names typed as the
 * surname), spacing ("Anne Marie" against ANNEMARIE), and the truncation ICAO 9303 applies to a name
 * too long for its field: when the field is full, each MRZ component may be the start of the typed one
 * and the typed names may run on past the field. Anything else disagrees, with both values shown.
 */
import type { MrzNames } from './read-mrz.ts';
import { mrzTokensOf, type TypedToken } from './transliterate.ts';

export type NameNote = 'transliterated' | 'reordered' | 'truncated' | 'spacing';

export interface NameOutcome {
  outcome: 'agrees' | 'disagrees' | 'not_comparable';
  notes: NameNote[];
}

const spellsAs = (token: TypedToken, mrz: string, prefix: boolean) =>
  token.spellings.some((s) => s === mrz || (prefix && mrz.length > 0 && s.startsWith(mrz)));

/** The same tokens in any order (one-to-one), by backtracking: a name has a handful of tokens. */
function sameTokens(typed: TypedToken[], mrz: string[]): boolean {
  if (typed.length !== mrz.length) return false;
  const [first, ...rest] = typed;
  if (!first) return true;
  return mrz.some(
    (m, i) => spellsAs(first, m, false) && sameTokens(rest, [...mrz.slice(0, i), ...mrz.slice(i + 1)]),
  );
}

/** ICAO truncation: in order, each MRZ component the start of the typed one; typed names may run on. */
function truncatedMatch(typed: TypedToken[], mrz: string[]): boolean {
  return (
    mrz.length > 0 &&
    mrz.length <= typed.length &&
    mrz.every((m, i) => spellsAs(typed[i] as TypedToken, m, true))
  );
}

function joinedMatch(typed: TypedToken[], mrz: string[]): boolean {
  if (typed.length === 0 || mrz.length === 0) return false;
  const spellings = typed.reduce<string[]>(
    (acc, token) => acc.flatMap((a) => token.spellings.map((s) => a + s)).slice(0, 256),
    [''],
  );
  return spellings.includes(mrz.join(''));
}

type Match = NameNote[] | null;

function fieldMatch(typed: TypedToken[], mrz: string[], mayBeTruncated: boolean): Match {
  if (sameTokens(typed, mrz)) return [];
  if (joinedMatch(typed, mrz)) return ['spacing'];
  if (mayBeTruncated && truncatedMatch(typed, mrz)) return ['truncated'];
  return null;
}

const splitMrz = (text: string) => text.split(' ').filter(Boolean);

export function compareNames(
  typed: { firstName?: string; lastName?: string },
  names: MrzNames,
): { firstName: NameOutcome; lastName: NameOutcome } {
  const last = mrzTokensOf(typed.lastName ?? '');
  const first = mrzTokensOf(typed.firstName ?? '');
  const primary = splitMrz(names.primary);
  const secondary = splitMrz(names.secondary);
  // ICAO truncates the component that reaches the end of the field: the given names when there are any.
  const primaryCut = names.possiblyTruncated && secondary.length === 0;
  const secondaryCut = names.possiblyTruncated && secondary.length > 0;
  const transliterated = /[^\x20-\x7e]/.test(`${typed.firstName ?? ''}${typed.lastName ?? ''}`);
  const agrees = (notes: NameNote[]): NameOutcome => ({
    outcome: 'agrees',
    notes: transliterated ? ['transliterated', ...notes] : notes,
  });
  const notComparable: NameOutcome = { outcome: 'not_comparable', notes: [] };

  const lastMatch = typed.lastName === undefined ? null : fieldMatch(last, primary, primaryCut);
  const firstMatch = typed.firstName === undefined ? null : fieldMatch(first, secondary, secondaryCut);
  if (lastMatch && firstMatch) {
    const notes = [...new Set([...lastMatch, ...firstMatch])];
    return { lastName: agrees(notes), firstName: agrees(notes) };
  }

  if (typed.lastName !== undefined && typed.firstName !== undefined) {
    // The fields swapped, or names typed in the other field: the whole name still agrees.
    const swapped =
      fieldMatch(first, primary, primaryCut) && fieldMatch(last, secondary, secondaryCut)
        ? (['reordered'] as NameNote[])
        : sameTokens([...last, ...first], [...primary, ...secondary])
          ? (['reordered'] as NameNote[])
          : names.possiblyTruncated && truncatedMatch([...last, ...first], [...primary, ...secondary])
            ? (['reordered', 'truncated'] as NameNote[])
            : null;
    if (swapped) return { lastName: agrees(swapped), firstName: agrees(swapped) };
  }

  const outcomeOf = (given: string | undefined, match: Match): NameOutcome =>
    given === undefined || mrzTokensOf(given).length === 0
      ? notComparable
      : match
        ? agrees(match)
        : { outcome: 'disagrees', notes: [] };
  return {
    lastName: outcomeOf(typed.lastName, lastMatch),
    firstName: outcomeOf(typed.firstName, firstMatch),
  };
}
