/**
 * The in-memory index that keeps screening one person in milliseconds against a 20 000-entry list
 * (issue 18; bench/screening.ts measures it): every alias of every entry is normalised once, and each of
 * its tokens is posted under its text, its Double Metaphone keys and its first three letters, and each
 * pair of adjacent tokens under their join. A person's tokens look up those keys; an alias becomes a
 * candidate when enough distinct tokens of the person found it, and only candidates are scored.
 */
import type { EntryKind, EntryName, ListEntry, ListMetadata } from '../entry.ts';
import { normaliseName } from './normalise.ts';
import { prepareTokens, type PreparedToken } from './token-match.ts';

export interface LoadedList {
  listId: string;
  metadata: ListMetadata;
  entries: ListEntry[];
}

export interface IndexedAlias {
  entry: ListEntry;
  list: LoadedList;
  name: EntryName;
  tokens: PreparedToken[];
}

/** The keys a token is found under; `joined` is true for the join of two adjacent alias tokens. */
export function tokenKeys(token: PreparedToken, joined = false): string[] {
  if (joined) return [`t:${token.text}`];
  const keys = [`t:${token.text}`];
  for (const key of token.keys) keys.push(`p:${key}`);
  if (token.text.length >= 4) keys.push(`x:${token.text.slice(0, 3)}`);
  return keys;
}

/** A person is never matched to an entity, a vessel or an aircraft; "unknown" stays in (CSV rows). */
export const PERSON_KINDS: readonly EntryKind[] = ['individual', 'unknown'];

export class NameIndex {
  readonly aliases: IndexedAlias[] = [];
  private readonly postings = new Map<string, number[]>();

  constructor(readonly lists: LoadedList[]) {
    for (const list of lists)
      for (const entry of list.entries)
        for (const name of entry.names) {
          const tokens = prepareTokens(normaliseName(name.full).tokens);
          if (tokens.length === 0) continue;
          const id = this.aliases.push({ entry, list, name, tokens }) - 1;
          const keys = new Set(tokens.flatMap((token) => tokenKeys(token)));
          for (let i = 0; i + 1 < tokens.length; i++)
            keys.add(`t:${(tokens[i] as PreparedToken).text}${(tokens[i + 1] as PreparedToken).text}`);
          for (const key of keys) {
            const posting = this.postings.get(key);
            if (posting) posting.push(id);
            else this.postings.set(key, [id]);
          }
        }
  }

  get entryCount(): number {
    return this.lists.reduce((sum, list) => sum + list.entries.length, 0);
  }

  /**
   * The aliases worth scoring for these tokens: found by at least two distinct tokens of ours (one when
   * either name has a single token), among entries of the given kinds.
   */
  candidates(tokens: PreparedToken[], kinds: readonly EntryKind[] = PERSON_KINDS): IndexedAlias[] {
    const hits = new Map<number, number>();
    for (const token of tokens) {
      const seen = new Set<number>();
      for (const key of tokenKeys(token)) for (const id of this.postings.get(key) ?? []) seen.add(id);
      for (const id of seen) hits.set(id, (hits.get(id) ?? 0) + 1);
    }
    const ourCount = tokens.filter((token) => token.text.length > 1).length;
    const result: IndexedAlias[] = [];
    for (const [id, count] of hits) {
      const alias = this.aliases[id] as IndexedAlias;
      if (!kinds.includes(alias.entry.kind)) continue;
      if (count >= Math.min(2, ourCount, alias.tokens.length)) result.push(alias);
    }
    return result;
  }
}
