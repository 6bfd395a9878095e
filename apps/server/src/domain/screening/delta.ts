/**
 * Delta re-screening (issue 18, docs/screening.md "When a list changes", D94). When a list's content
 * changes, the entries added or changed are told from the recorded fingerprints (`diffEntries`) and a
 * delta is recorded with the version (load-lists.ts). The `screening` job then walks every verified or
 * waiting person once, by user id in batches (`peopleAfter`), and screens each against an index of the
 * delta's entries only: a person is scored against no entry they share no name key with, so the work
 * grows with the people and the few changed entries, never with people × list. A batch's hits and its
 * cursor commit in order (hits first, cursor after), so a crash re-does at most one batch, and the
 * hits' upsert (unique per person and entry) makes that re-doing write nothing twice.
 */
import type { Repositories } from '../../data/repositories/index.ts';
import type { DeltaPerson } from '../../data/repositories/screening-delta-repo.ts';
import type { ScreeningDeltaRow } from '../../data/schema/index.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import { withDataKey } from '../kyc/data-keys.ts';
import type { LoadLog, LoadedListVersion } from './load-lists.ts';
import { NameIndex } from './matching/name-index.ts';
import { screenPerson, type PersonToScreen, type ScreeningHit } from './matching/screen-person.ts';
import { sealHit } from './sealed-hit.ts';

/** People read per batch (one applicants query, one key query, one documents query). */
export const DELTA_BATCH = 1000;
/** How long a claimed delta is ours before another instance may take it over. */
export const DELTA_LEASE_MS = 2 * 60_000;
/** How long one tick of the job walks before leaving the rest to the next tick. */
export const DELTA_TICK_MS = 45_000;

/** The entries added or changed (new id, or another fingerprint) and those removed. */
export function diffEntries(
  previous: ReadonlyMap<string, string>,
  current: readonly { entryId: string; hash: string }[],
): { changed: string[]; removed: string[] } {
  const changed: string[] = [];
  const seen = new Set<string>();
  for (const { entryId, hash } of current) {
    seen.add(entryId);
    if (previous.get(entryId) !== hash) changed.push(entryId);
  }
  const removed = [...previous.keys()].filter((id) => !seen.has(id));
  return { changed, removed };
}

/** The person as the delta screens them: names and date of birth as typed, nationality of the document. */
export function personToScreen(p: DeltaPerson): PersonToScreen | undefined {
  const name = `${p.firstName} ${p.lastName}`.trim();
  if (!name) return undefined;
  const person: PersonToScreen = { names: [name] };
  if (p.dateOfBirth) person.dateOfBirth = p.dateOfBirth;
  if (p.nationality) person.nationalities = [p.nationality];
  return person;
}

/** The index of a delta's entries only, from the list version this instance holds. */
export function deltaIndex(list: LoadedListVersion, changed: readonly string[]): NameIndex {
  const wanted = new Set(changed);
  return new NameIndex([
    {
      listId: list.listId,
      metadata: list.metadata,
      entries: list.entries.filter((e) => wanted.has(e.entryId)),
    },
  ]);
}

/** Screens a batch against the delta's index: the people with hits, with them. */
export function screenBatch(
  index: NameIndex,
  people: readonly DeltaPerson[],
  threshold: number,
): { userId: number; hits: ScreeningHit[] }[] {
  const found: { userId: number; hits: ScreeningHit[] }[] = [];
  for (const p of people) {
    const person = personToScreen(p);
    if (!person) continue;
    const hits = screenPerson(index, person, threshold);
    if (hits.length > 0) found.push({ userId: p.userId, hits });
  }
  return found;
}

export interface DeltaOptions {
  repos: Repositories;
  keyring: MasterKeyring;
  threshold: number;
  now: () => number;
  log: () => LoadLog;
  /** The lists this instance holds, and each entry's fingerprint (the hits' entry_hash). */
  loaded: () => readonly LoadedListVersion[];
  fingerprint: (listId: string, entryId: string) => string;
  /** The lists as a run records them (JSON) for the run the delta writes for a person with hits. */
  runLists: () => string;
  /** After a person's hits commit (the risk recomputation). */
  afterHits?: (userId: number) => void;
}

export function deltaRescreening(o: DeltaOptions) {
  /** Seals and writes one person's hits, with a run that records them, under the case lock. */
  async function commitHits(userId: number, hits: readonly ScreeningHit[]): Promise<void> {
    const at = o.now();
    const sealed = await withDataKey(o.repos.submissions, o.keyring, userId, at, (key) =>
      hits.map((hit) => ({ hit, ...sealHit(key, userId, hit) })),
    );
    await o.repos.transaction(async (tx) => {
      await tx.review.lockCase(userId);
      // A run of its own (reason list_changed, lists_key empty): the case shows when the hit came, and
      // an approval still screens the person in full against the lists loaded then.
      const runId = await tx.screening.recordDeltaRun(userId, at, o.runLists(), hits.length);
      for (const { hit, ourNameEnc, explanationEnc } of sealed)
        await tx.screening.upsertHit(
          {
            userId,
            listId: hit.listId,
            listEntryId: hit.entryId,
            runId,
            matchedName: hit.explanation.matchedName,
            ourNameEnc,
            score: hit.score,
            explanationEnc,
            category: hit.category,
            entryHash: o.fingerprint(hit.listId, hit.entryId),
          },
          at,
        );
    });
    o.afterHits?.(userId);
  }

  /** Walks one claimed delta until it is done or the tick's time is up; answers the people screened. */
  async function walk(delta: ScreeningDeltaRow, list: LoadedListVersion, until: number): Promise<number> {
    const index = deltaIndex(list, JSON.parse(delta.changed) as string[]);
    const id = Number(delta.id);
    const upto = Number(delta.upto_applicant_id);
    let cursor = Number(delta.cursor);
    let screened = 0;
    while (o.now() < until) {
      const { last, people } = await o.repos.screeningDelta.peopleAfter(cursor, upto, DELTA_BATCH);
      if (last === undefined) {
        await o.repos.screeningDelta.finishDelta(id, cursor, o.now());
        o.log().info(
          { event: 'screening.delta.done', delta: id, list: delta.list_id },
          'delta re-screening done',
        );
        return screened;
      }
      const screenedHits = index.aliases.length > 0 ? screenBatch(index, people, o.threshold) : [];
      // People screened in full against this version already (their submission came after the load).
      const done = await o.repos.screeningDelta.screenedWith(
        screenedHits.map((f) => f.userId),
        `${list.listId}:${list.contentHash}`,
      );
      const found = screenedHits.filter((f) => !done.has(f.userId));
      for (const { userId, hits } of found) await commitHits(userId, hits);
      const hitCount = found.reduce((sum, f) => sum + f.hits.length, 0);
      const moved = await o.repos.screeningDelta.advanceDelta(
        id,
        cursor,
        last,
        { screened: people.length, hits: hitCount },
        o.now() + DELTA_LEASE_MS,
      );
      if (!moved) return screened; // another instance took it over after our lease ran out
      screened += people.length;
      cursor = last;
    }
    return screened;
  }

  return {
    /**
     * The `screening` job's part: the unfinished deltas, oldest first, each claimed, walked in batches
     * for up to `tickMs`. A delta whose list this instance holds in another version than the database's
     * is left for an instance that holds the current one (this one after its reload, D95).
     */
    async runDue(tickMs = DELTA_TICK_MS): Promise<number> {
      const until = o.now() + tickMs;
      let screened = 0;
      const skipped = new Set<number>();
      while (o.now() < until) {
        const delta = await o.repos.screeningDelta.nextDelta(o.now(), [...skipped]);
        if (!delta) return screened;
        const list = o.loaded().find((l) => l.listId === delta.list_id);
        const recorded = await o.repos.screening.findList(delta.list_id);
        if (!list || recorded?.content_hash !== list.contentHash) {
          skipped.add(Number(delta.id));
          continue;
        }
        if (!(await o.repos.screeningDelta.claimDelta(Number(delta.id), o.now(), o.now() + DELTA_LEASE_MS)))
          continue;
        screened += await walk(delta, list, until);
      }
      return screened;
    },
  };
}
