/**
 * Screening one person under each of their identities (D104): the names and date of birth as typed, and
 * as on the document once the document checks read them. Each identity is screened on its own (a date
 * of birth belongs to the names it came with: the document's date never raises a typed name's score),
 * and the best hit per list entry is kept, naming the identity whose name matched. A document identity
 * that says what was typed adds nothing and is not screened.
 */
import type { NameIndex } from './matching/name-index.ts';
import { normaliseName } from './matching/normalise.ts';
import { screenPerson, type PersonToScreen, type ScreeningHit } from './matching/screen-person.ts';

export type NameSource = 'typed' | 'document';

export interface IdentityToScreen {
  source: NameSource;
  person: PersonToScreen;
}

export interface SourcedHit {
  hit: ScreeningHit;
  source: NameSource;
}

const sameName = (a: string, b: string) =>
  normaliseName(a).tokens.slice().sort().join(' ') === normaliseName(b).tokens.slice().sort().join(' ');

/** Whether the identity says the same as one screened before it (same names in any order, same date). */
function repeats(identity: IdentityToScreen, before: readonly IdentityToScreen[]): boolean {
  return before.some(
    (b) =>
      String(b.person.dateOfBirth ?? '') === String(identity.person.dateOfBirth ?? '') &&
      identity.person.names.every((n) => b.person.names.some((m) => sameName(n, m))),
  );
}

/** Every identity's hits, one per list entry (the best score; on a tie the first identity's), best first. */
export function screenIdentities(
  index: NameIndex,
  identities: readonly IdentityToScreen[],
  threshold: number,
): SourcedHit[] {
  const best = new Map<string, SourcedHit>();
  identities.forEach((identity, i) => {
    if (repeats(identity, identities.slice(0, i))) return;
    for (const hit of screenPerson(index, identity.person, threshold)) {
      const key = `${hit.listId}\u0000${hit.entryId}`;
      const kept = best.get(key);
      if (!kept || hit.score > kept.hit.score) best.set(key, { hit, source: identity.source });
    }
  });
  return [...best.values()].sort((a, b) => b.hit.score - a.hit.score);
}
