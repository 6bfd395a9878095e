/**
 * This instance's screening lists in memory (docs/screening.md, D65, D95): the loaded list versions,
 * the name index over them, the key of the set (which a run records and an approval compares), each
 * entry's fingerprint (a resolution holds until it changes) and the logger. One holder shared by the
 * runs, the approval checks, the delta re-screening and the refresh, which installs new lists in it.
 */
import { entryFingerprint, listsKeyOf, type LoadLog, type LoadedListVersion } from './load-lists.ts';
import { NameIndex } from './matching/name-index.ts';

const silent: LoadLog = { info() {}, warn() {}, error() {} };

const fingerprintKey = (listId: string, entryId: string) => `${listId}\u0000${entryId}`;

export function screeningState() {
  const state = {
    loaded: [] as LoadedListVersion[],
    index: new NameIndex([]),
    listsKey: '',
    /** Each loaded entry's fingerprint (as screening_list_entries.hash): a resolution holds until it changes. */
    fingerprints: new Map<string, string>(),
    log: silent,

    /** A list version's entry as fingerprinted when loaded ('' when not loaded). */
    fingerprint: (listId: string, entryId: string): string =>
      state.fingerprints.get(fingerprintKey(listId, entryId)) ?? '',

    /** The lists as a run records them. */
    runLists: () =>
      JSON.stringify(
        state.loaded.map((l) => ({
          id: l.listId,
          hash: l.contentHash,
          publishedAt: l.metadata.publishedAt ?? null,
        })),
      ),

    /** New lists in use: the index, the key and the fingerprints follow. */
    install(lists: LoadedListVersion[]) {
      state.loaded = lists;
      state.index = new NameIndex(lists);
      state.listsKey = listsKeyOf(lists);
      state.fingerprints = new Map(
        lists.flatMap((l) =>
          l.entries.map((e) => [fingerprintKey(l.listId, e.entryId), entryFingerprint(e)]),
        ),
      );
    },
  };
  return state;
}
export type ScreeningState = ReturnType<typeof screeningState>;
