/**
 * Hits against entries no longer on their list (issue 18; docs/screening.md "Removed lists and
 * entries", D94's "removed"): when an instance loads its lists (start-up, a refresh, the reload after
 * another instance's change), the hits still to resolve and the true matches of each loaded list whose
 * entry is not in the version loaded are marked `entry_removed_at` (the entry delisted), and those of a
 * list recorded in `screening_lists` but no longer in SCREENING_LISTS are marked too (the whole list
 * removed). A mark is lifted when the entry is back. Nothing is deleted or resolved: the alert stays in
 * the queue and on the case as it was, marked, and a reviewer decides (a delisting is a reason to clear a
 * hit or lift a freeze; the reviewer records it).
 *
 * The unfinished delta re-screenings of a removed list end too (D111, `abandonRemovedListDeltas`): no
 * instance holds that list any more, so the job would skip them forever.
 */
import type { Repositories } from '../../data/repositories/index.ts';
import { SYSTEM_STAFF_ID } from './alert-assignment.ts';
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

/**
 * Ends the unfinished deltas of every list recorded in `screening_lists` that SCREENING_LISTS no longer
 * names (D111): `abandoned`, reason `list_removed`, by compare-and-set on the status, with one audit
 * entry per list in the same transaction (by whichever instance closed them: two at once close each
 * once). Only deltas recorded before `startedAt`, this instance's start: during a rolling deploy that
 * adds a list, an instance still on the older configuration must not end the new list's delta. The
 * hits the delta opened stay (marked by `markRemovedEntries`). Answers the deltas this call closed.
 */
export async function abandonRemovedListDeltas(
  repos: Repositories,
  configured: readonly string[],
  startedAt: number,
  at: number,
): Promise<{ listId: string; deltas: number[] }[]> {
  const wanted = new Set(configured);
  const closed: { listId: string; deltas: number[] }[] = [];
  for (const row of await repos.screening.allLists()) {
    if (wanted.has(row.id)) continue;
    const deltas = await repos.transaction(async (tx) => {
      const ids = await tx.screeningDelta.abandonDeltas(row.id, startedAt, at);
      if (ids.length > 0)
        await tx.audit.insert(
          {
            staffId: SYSTEM_STAFF_ID,
            action: 'screening.delta.abandon',
            caseRef: 'screening-lists',
            details: { list: row.id, deltas: ids, reason: 'list_removed', automatic: true },
          },
          at,
        );
      return ids;
    });
    if (deltas.length > 0) closed.push({ listId: row.id, deltas });
  }
  return closed;
}
