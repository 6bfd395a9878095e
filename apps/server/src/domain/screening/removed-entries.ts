/**
 * Hits against entries no longer on their list (issue 18; docs/screening.md "Removed lists and
 * entries", D94's "removed"): when an instance loads its lists (start-up, a refresh, the reload after
 * another instance's change), the hits still to resolve and the true matches of each loaded list whose
 * entry is not in the version loaded are marked `entry_removed_at` (the entry delisted), and those of a
 * list recorded in `screening_lists` but no longer in SCREENING_LISTS are marked too (the whole list
 * removed). A mark is lifted when the entry is back. Nothing is deleted or resolved: the alert stays in
 * the queue and on the case as it was, marked, and a reviewer decides (a delisting is a reason to clear a
 * hit or lift a freeze; the reviewer records it).
 */
import type { Repositories } from '../../data/repositories/index.ts';
import type { LoadedListVersion } from './load-lists.ts';

export async function markRemovedEntries(
  repos: Repositories,
  configured: readonly string[],
  loaded: readonly LoadedListVersion[],
  at: number,
): Promise<number> {
  let marked = 0;
  for (const list of loaded)
    marked += await repos.screeningAlerts.markRemovedEntries(
      list.listId,
      new Set(list.entries.map((e) => e.entryId)),
      at,
    );
  const wanted = new Set(configured);
  for (const row of await repos.screening.allLists())
    if (!wanted.has(row.id)) marked += await repos.screeningAlerts.markRemovedEntries(row.id, null, at);
  return marked;
}
