/**
 * Screens one person against the index (issue 18, docs/screening.md "Matching"): each of the person's
 * names against every candidate alias, the best alias per entry kept, and a hit only at or above the
 * threshold (SCREENING_THRESHOLD, default 0.85, is the caller's). Every hit carries its explanation:
 * which of our names matched which alias of which entry, the token pairs with their scores, the base
 * score, each adjustment with its reason, the final score, the list, its publication date, the programmes.
 */
import type { BirthDate, EntryKind, ListCategory, ListFormat } from '../entry.ts';
import { parseBirthDate } from '../birth-dates.ts';
import { toIso2List } from '../countries.ts';
import {
  dateOfBirthAdjustment,
  nationalityAdjustment,
  weakAliasAdjustment,
  type Adjustment,
} from './adjustments.ts';
import { PERSON_KINDS, type IndexedAlias, type NameIndex } from './name-index.ts';
import { normaliseName } from './normalise.ts';
import { alignTokens, prepareTokens, round, type TokenPair } from './token-match.ts';

export const DEFAULT_SCREENING_THRESHOLD = 0.85;

export interface PersonToScreen {
  /** Every name we hold for the person: as typed, as on the document; "LAST, First" is understood. */
  names: string[];
  /** A BirthDate, or text such as "1971-03-12" or "1971". */
  dateOfBirth?: BirthDate | string;
  /** ISO alpha-2 codes or country names. */
  nationalities?: string[];
}

export interface HitExplanation {
  ourName: string;
  matchedName: string;
  matchedNameWeak: boolean;
  matchedNameScript?: string;
  tokens: TokenPair[];
  unmatchedOurs: string[];
  unmatchedTheirs: string[];
  baseScore: number;
  adjustments: Adjustment[];
  score: number;
  threshold: number;
  /** One line a reviewer can read: names, list, publication, programmes, the arithmetic. */
  summary: string;
}

export interface ScreeningHit {
  listId: string;
  format: ListFormat;
  publishedAt?: string;
  entryId: string;
  entryKind: EntryKind;
  category: ListCategory;
  programmes: string[];
  score: number;
  explanation: HitExplanation;
}

interface Scored {
  alias: IndexedAlias;
  ourName: string;
  alignment: ReturnType<typeof alignTokens>;
  adjustments: Adjustment[];
  score: number;
}

function signed(value: number): string {
  return `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)}`;
}

function summarise(scored: Scored): string {
  const { alias, alignment, adjustments, score } = scored;
  const published = alias.list.metadata.publishedAt
    ? `, published ${alias.list.metadata.publishedAt.slice(0, 10)}`
    : '';
  const programmes = alias.entry.programmes.length ? `, ${alias.entry.programmes.join(', ')}` : '';
  const steps = adjustments.map((a) => `${a.reason} ${signed(a.delta)}`).join('; ');
  return (
    `"${scored.ourName}" matched "${alias.name.full}"${alias.name.weak ? ' (weak alias)' : ''} of ` +
    `${alias.list.listId} entry ${alias.entry.entryId}${published}${programmes}: names ${alignment.baseScore.toFixed(2)}` +
    `${steps ? `; ${steps}` : ''} → ${score.toFixed(2)}`
  );
}

export function screenPerson(
  index: NameIndex,
  person: PersonToScreen,
  threshold = DEFAULT_SCREENING_THRESHOLD,
): ScreeningHit[] {
  const dateOfBirth =
    typeof person.dateOfBirth === 'string' ? parseBirthDate(person.dateOfBirth) : person.dateOfBirth;
  const nationalities = toIso2List(person.nationalities ?? []);
  const best = new Map<string, Scored>();

  for (const ourName of person.names) {
    const tokens = prepareTokens(normaliseName(ourName).tokens);
    if (tokens.length === 0) continue;
    for (const alias of index.candidates(tokens, PERSON_KINDS)) {
      const alignment = alignTokens(tokens, alias.tokens);
      // Adjustments cannot lift a name below this to the threshold: skip the work.
      if (alignment.baseScore < threshold - 0.15) continue;
      const adjustments = [
        weakAliasAdjustment(alias.name.weak),
        dateOfBirthAdjustment(dateOfBirth, alias.entry.datesOfBirth),
        nationalityAdjustment(nationalities, alias.entry.nationalities),
      ].filter((adjustment) => adjustment !== undefined);
      const score = round(
        Math.min(1, Math.max(0, alignment.baseScore + adjustments.reduce((sum, a) => sum + a.delta, 0))),
      );
      const key = `${alias.list.listId}\u0000${alias.entry.entryId}`;
      const previous = best.get(key);
      if (!previous || score > previous.score)
        best.set(key, { alias, ourName, alignment, adjustments, score });
    }
  }

  return [...best.values()]
    .filter((scored) => scored.score >= threshold)
    .sort((a, b) => b.score - a.score)
    .map((scored) => toHit(scored, threshold));
}

function toHit(scored: Scored, threshold: number): ScreeningHit {
  const { alias, alignment } = scored;
  const explanation: HitExplanation = {
    ourName: scored.ourName,
    matchedName: alias.name.full,
    matchedNameWeak: alias.name.weak,
    tokens: alignment.pairs,
    unmatchedOurs: alignment.unmatchedOurs,
    unmatchedTheirs: alignment.unmatchedTheirs,
    baseScore: alignment.baseScore,
    adjustments: scored.adjustments,
    score: scored.score,
    threshold,
    summary: summarise(scored),
  };
  if (alias.name.script) explanation.matchedNameScript = alias.name.script;
  const hit: ScreeningHit = {
    listId: alias.list.listId,
    format: alias.list.metadata.format,
    entryId: alias.entry.entryId,
    entryKind: alias.entry.kind,
    category: alias.entry.category,
    programmes: alias.entry.programmes,
    score: scored.score,
    explanation,
  };
  if (alias.list.metadata.publishedAt) hit.publishedAt = alias.list.metadata.publishedAt;
  return hit;
}
