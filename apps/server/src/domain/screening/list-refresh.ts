/**
 * Loading, refreshing and reloading the lists of one instance (issue 18, docs/screening.md "Refreshing
 * lists", D95). At start-up the files are read and URL lists come from their last good copies; the
 * refresh (SCREENING_REFRESH_HOURS, or an admin's "refresh now") reads the files again and fetches the
 * URLs with a conditional GET. A list that fails keeps the version this instance held. Every change of
 * content moves `screening_lists.version` (recordVersion); each instance polls the sum of the versions
 * and, when it moved, loads again from the files and copies, so every instance holds the new index
 * without a restart and without Redis.
 */
import { abandonRemovedListDeltas, markRemovedEntries } from './removed-entries.ts';
import type { Repositories } from '../../data/repositories/index.ts';
import {
  loadConfiguredLists,
  listIds,
  type ListLoadOutcome,
  type LoadLog,
  type LoadedListVersion,
  NOT_YET_FETCHED,
} from './load-lists.ts';

/** After a failed refresh, the scheduled one waits this long before trying again. */
export const RETRY_AFTER_FAILURE_MS = 3_600_000;

export interface RefresherOptions {
  repos: Repositories;
  sources: readonly string[];
  dataDir?: string;
  refreshHours: number;
  now: () => number;
  log: () => LoadLog;
  fetchImpl?: typeof fetch;
  /** The lists held now, and the installing of a new set (index, fingerprints, lists key). */
  current: () => readonly LoadedListVersion[];
  install: (lists: LoadedListVersion[]) => void;
}

export function listRefresher(o: RefresherOptions) {
  /** The sum of versions this instance's lists were loaded at (read before loading: a change meanwhile is seen). */
  let loadedVersion = -1;
  let running: Promise<ListLoadOutcome[]> | undefined;
  /** This instance's start: only deltas recorded before it are ended for a list it is not configured with (D111). */
  const startedAt = o.now();

  /** Loads (or refreshes) and installs; a list that failed keeps the version held before. */
  async function load(fetchUrls: boolean): Promise<ListLoadOutcome[]> {
    const version = await o.repos.screening.listsVersion();
    const result = await loadConfiguredLists(o.sources, o.repos, o.log(), o.now, {
      fetchUrls,
      ...(o.dataDir ? { dataDir: o.dataDir } : {}),
      ...(o.fetchImpl ? { fetchImpl: o.fetchImpl } : {}),
    });
    const got = new Map(result.loaded.map((l) => [l.listId, l]));
    const held = new Map(o.current().map((l) => [l.listId, l]));
    const next = listIds(o.sources).flatMap((id) => {
      const list = got.get(id) ?? held.get(id);
      return list ? [list] : [];
    });
    o.install(next);
    loadedVersion = version;
    // Hits against entries (or lists) no longer there are marked, never deleted (removed-entries.ts).
    // A failure here never stops the lists loading: the next load marks them.
    await markRemovedEntries(o.repos, listIds(o.sources), next, o.now()).catch((error: unknown) =>
      o.log().error({ event: 'screening.removed_entries.failed', err: error }, 'removed entries not marked'),
    );
    // The unfinished deltas of a list no longer configured end (D111): nobody holds that list to walk them.
    await abandonRemovedListDeltas(o.repos, listIds(o.sources), startedAt, o.now())
      .then((closed) => {
        for (const { listId, deltas } of closed)
          o.log().info(
            { event: 'screening.delta.abandoned', list: listId, deltas, reason: 'list_removed' },
            'delta re-screening abandoned: its list is no longer configured',
          );
      })
      .catch((error: unknown) =>
        o.log().error({ event: 'screening.delta.abandon_failed', err: error }, 'deltas not abandoned'),
      );
    return result.outcomes;
  }

  /** One at a time per instance: a second call while one runs answers the same outcome. */
  function once(fetchUrls: boolean): Promise<ListLoadOutcome[]> {
    running ??= load(fetchUrls).finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    /** Start-up: files, and the last good copies of URL lists. */
    load: () => once(false),

    /** Refresh now: files read again, URLs fetched (conditional GET). */
    refresh: () => once(true),

    /** The poll of every instance (D95): loads again when another instance recorded a change. */
    async reloadIfChanged(): Promise<boolean> {
      if ((await o.repos.screening.listsVersion()) === loadedVersion) return false;
      await once(false);
      return true;
    },

    /** The scheduled refresh: when a list was last refreshed longer ago than SCREENING_REFRESH_HOURS. */
    async refreshDue(): Promise<number> {
      if (o.refreshHours <= 0) return 0;
      const rows = new Map((await o.repos.screening.allLists()).map((r) => [r.id, r]));
      const due = listIds(o.sources).some((id) => {
        const row = rows.get(id);
        const at = row?.refreshed_at;
        const stale = at == null || Number(at) + o.refreshHours * 3_600_000 <= o.now();
        // A list whose last attempt failed is tried again after an hour, not at every tick.
        const failedLately =
          !!row?.last_error &&
          row.last_error !== NOT_YET_FETCHED &&
          Number(row.updated_at) + RETRY_AFTER_FAILURE_MS > o.now();
        return stale && !failedLately;
      });
      if (!due) return 0;
      const outcomes = await once(true);
      return outcomes.length;
    },
  };
}
