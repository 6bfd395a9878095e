/**
 * Token-by-token comparison of two normalised names, order-insensitive (a list's "LAST First" and a
 * person's "First Last" align the same): each of our tokens is paired with at most one of theirs, best
 * pairs first. A pair scores by Jaro-Winkler (talisman), lifted to PHONETIC_SCORE when the Double
 * Metaphone keys agree (Mohammed / Muhammad), less LENGTH_PENALTY per letter of difference in length
 * (Jaro-Winkler's prefix bonus alone finds "Bermokan" and "Berka" 0.91 alike); a single letter matches a token it begins (an initial); a
 * token equal to two adjacent tokens of the other name joined is one token ("Almarzouqi", "al marzouqi").
 */
import jaroWinkler from 'talisman/metrics/jaro-winkler.js';
import doubleMetaphone from 'talisman/phonetics/double-metaphone.js';

export interface PreparedToken {
  text: string;
  /** Double Metaphone primary and secondary keys, distinct; none for tokens under 3 letters. */
  keys: string[];
}

export type TokenMethod = 'exact' | 'jaro-winkler' | 'phonetic' | 'initial' | 'joined';

export interface TokenPair {
  ours: string;
  theirs: string;
  score: number;
  method: TokenMethod;
}

export interface Alignment {
  pairs: TokenPair[];
  unmatchedOurs: string[];
  unmatchedTheirs: string[];
  /** 0…1 before the date of birth, nationality and weak-alias adjustments. */
  baseScore: number;
}

/** Below this a token pair is no match at all. */
export const MIN_TOKEN_SCORE = 0.85;
/** A pair whose Double Metaphone keys agree scores at least this (if its Jaro-Winkler is ≥ 0.7). */
export const PHONETIC_SCORE = 0.9;
/** Taken off a fuzzy pair's score for each letter one token is longer than the other. */
export const LENGTH_PENALTY = 0.05;
/** An initial ("J.") against a token it begins ("John"). */
export const INITIAL_SCORE = 0.9;
/**
 * How much an unmatched token weighs against the score: a middle name or patronymic one side lacks is
 * common and costs a little; when only one token matched, unmatched ones count in full, so a shared
 * family name alone ("Smith") never reaches the threshold.
 */
export const UNMATCHED_WEIGHT = 0.15;

export function prepareTokens(tokens: string[]): PreparedToken[] {
  return tokens.map((text) => ({ text, keys: metaphoneKeys(text) }));
}

export function metaphoneKeys(text: string): string[] {
  if (text.length < 3 || /^\d+$/.test(text)) return [];
  const [primary, secondary] = doubleMetaphone(text);
  return primary === secondary || !secondary ? [primary] : [primary, secondary];
}

export function compareTokens(
  a: PreparedToken,
  b: PreparedToken,
): Omit<TokenPair, 'ours' | 'theirs'> | undefined {
  if (a.text === b.text) return { score: 1, method: 'exact' };
  if (a.text.length === 1 || b.text.length === 1) {
    const [initial, word] = a.text.length === 1 ? [a.text, b.text] : [b.text, a.text];
    return word.length > 1 && word.startsWith(initial)
      ? { score: INITIAL_SCORE, method: 'initial' }
      : undefined;
  }
  // Two-letter tokens ("al", "de", "ri") are too short for a fuzzy measure to mean anything.
  if (a.text.length < 3 || b.text.length < 3) return undefined;
  const jw = jaroWinkler(a.text, b.text);
  const penalty = LENGTH_PENALTY * Math.abs(a.text.length - b.text.length);
  const phonetic = jw < PHONETIC_SCORE && jw >= 0.7 && a.keys.some((key) => b.keys.includes(key));
  const score = (phonetic ? PHONETIC_SCORE : jw) - penalty;
  if (score < MIN_TOKEN_SCORE) return undefined;
  return { score, method: phonetic ? 'phonetic' : 'jaro-winkler' };
}

/** Merges two adjacent tokens of `side` into one where the other name has them as a single token. */
function joinAdjacent(
  side: PreparedToken[],
  other: PreparedToken[],
): { tokens: PreparedToken[]; joined: Set<string> } {
  const otherTexts = new Set(other.map((token) => token.text));
  const tokens: PreparedToken[] = [];
  const joined = new Set<string>();
  for (let i = 0; i < side.length; i++) {
    const current = side[i] as PreparedToken;
    const next = side[i + 1];
    const together = next ? current.text + next.text : '';
    if (next && otherTexts.has(together) && !otherTexts.has(current.text)) {
      tokens.push({ text: together, keys: metaphoneKeys(together) });
      joined.add(together);
      i++;
    } else tokens.push(current);
  }
  return { tokens, joined };
}

export function alignTokens(oursIn: PreparedToken[], theirsIn: PreparedToken[]): Alignment {
  const oursJoin = joinAdjacent(oursIn, theirsIn);
  const theirsJoin = joinAdjacent(theirsIn, oursJoin.tokens);
  const ours = oursJoin.tokens;
  const theirs = theirsJoin.tokens;
  const candidates: { i: number; j: number; score: number; method: TokenMethod }[] = [];
  for (let i = 0; i < ours.length; i++)
    for (let j = 0; j < theirs.length; j++) {
      const compared = compareTokens(ours[i] as PreparedToken, theirs[j] as PreparedToken);
      if (compared) candidates.push({ i, j, ...compared });
    }
  // Best pairs first; on a tie the earlier tokens, so the result does not depend on sort stability.
  candidates.sort((x, y) => y.score - x.score || x.i - y.i || x.j - y.j);
  const usedOurs = new Set<number>();
  const usedTheirs = new Set<number>();
  const pairs: TokenPair[] = [];
  let matchedWeight = 0;
  let pairWeight = 0;
  for (const candidate of candidates) {
    if (usedOurs.has(candidate.i) || usedTheirs.has(candidate.j)) continue;
    usedOurs.add(candidate.i);
    usedTheirs.add(candidate.j);
    const a = ours[candidate.i] as PreparedToken;
    const b = theirs[candidate.j] as PreparedToken;
    const joined = oursJoin.joined.has(a.text) || theirsJoin.joined.has(b.text);
    const method = joined && candidate.method === 'exact' ? 'joined' : candidate.method;
    pairs.push({ ours: a.text, theirs: b.text, score: round(candidate.score), method });
    // An initial stands for the whole token: it weighs as much as the token it matched.
    const weight = Math.max(a.text.length, b.text.length);
    matchedWeight += weight * candidate.score;
    pairWeight += weight;
  }
  const unmatchedOurs = ours.filter((_, i) => !usedOurs.has(i)).map((token) => token.text);
  const unmatchedTheirs = theirs.filter((_, j) => !usedTheirs.has(j)).map((token) => token.text);
  const unmatchedLength = [...unmatchedOurs, ...unmatchedTheirs].reduce((sum, text) => sum + text.length, 0);
  const unmatchedWeight = pairs.length === 1 && unmatchedLength > 0 ? 1 : UNMATCHED_WEIGHT;
  const denominator = pairWeight + unmatchedWeight * unmatchedLength;
  const baseScore = denominator === 0 ? 0 : round(matchedWeight / denominator);
  return { pairs, unmatchedOurs, unmatchedTheirs, baseScore };
}

export function round(value: number): number {
  return Math.round(value * 10000) / 10000;
}
