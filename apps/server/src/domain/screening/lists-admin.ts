/**
 * The screening lists in the back office (issue 18, docs/screening.md "Refreshing lists", D95): each
 * configured list as recorded (format, source, entries, last refresh, last change, last error, its latest
 * delta re-screening), readable with `view_cases`; "refresh now" for admins (`refresh_screening_lists`),
 * audited with what each list did. The refresh runs on the instance asked; the others reload from the
 * version it moved.
 */
import type { ScreeningListsResult, StaffMe } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../backoffice/permissions.ts';
import { listIds, type ListLoadOutcome } from './load-lists.ts';

export interface ListsAdminOptions {
  repos: Repositories;
  sources: readonly string[];
  refresh: () => Promise<ListLoadOutcome[]>;
}

export function screeningListsAdmin(o: ListsAdminOptions) {
  const { repos } = o;

  /** The configured lists, in configuration order (a handful: one row and one delta read each). */
  async function lists(): Promise<ScreeningListsResult> {
    const rows = new Map((await repos.screening.allLists()).map((r) => [r.id, r]));
    const ids = listIds(o.sources);
    return {
      lists: await Promise.all(
        ids.map(async (id, i) => {
          const row = rows.get(id);
          const delta = await repos.screeningDelta.latestDelta(id);
          return {
            name: id,
            format: row?.format ?? null,
            source: row?.source ?? o.sources[i] ?? '',
            published: row?.published_at ?? null,
            entries: Number(row?.entry_count ?? 0),
            lastRefreshAt: row?.refreshed_at == null ? null : Number(row.refreshed_at),
            lastChangeAt: row?.changed_at == null ? null : Number(row.changed_at),
            lastError: row?.last_error ?? null,
            delta: delta
              ? {
                  changed: (JSON.parse(delta.changed) as string[]).length,
                  removed: (JSON.parse(delta.removed) as string[]).length,
                  screened: Number(delta.screened),
                  hits: Number(delta.hits),
                  done: delta.status === 'done',
                  state: delta.status,
                }
              : null,
          };
        }),
      ),
    };
  }

  return {
    async screeningLists(staff: StaffMe): Promise<ScreeningListsResult> {
      requirePermission(staff, 'view_cases');
      return lists();
    },

    async refreshScreeningLists(staff: StaffMe, now = Date.now()): Promise<ScreeningListsResult> {
      requirePermission(staff, 'refresh_screening_lists');
      if (o.sources.length === 0) throw new AppError('SCREENING_LISTS_NOT_CONFIGURED', undefined, 409);
      const outcomes = await o.refresh();
      await repos.audit.insert(
        {
          staffId: staff.id,
          action: 'screening.lists.refresh',
          caseRef: 'screening-lists',
          details: {
            lists: outcomes.map((r) => ({
              name: r.id,
              state: r.state,
              entries: r.entryCount,
              ...(r.error ? { error: r.error.slice(0, 200) } : {}),
            })),
          },
        },
        now,
      );
      return lists();
    },
  };
}
export type ScreeningListsAdmin = ReturnType<typeof screeningListsAdmin>;
