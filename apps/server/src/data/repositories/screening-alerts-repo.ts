import type { StaffRole } from '@kyc/contracts';
import type { Db } from '../db.ts';
import { UNRESOLVED_STATES } from './screening-repo.ts';

/**
 * Issue 18, the alerts queue's automatic assignment and removed list entries (migration 045;
 * docs/screening.md "The alerts queue", "Removed lists and entries"). The round-robin's place is one row
 * moved by compare-and-set; an alert is given by the compare-and-set of "assign to me" (assignee null).
 */
export function screeningAlertsRepo(db: Db) {
  return {
    /** Active members of these roles, by id: the round-robin's order. */
    async assignableStaff(roles: readonly StaffRole[]): Promise<number[]> {
      if (roles.length === 0) return [];
      const rows = await db
        .selectFrom('staff_users')
        .select('id')
        .where('role', 'in', roles)
        .where('disabled', '=', 0)
        .orderBy('id')
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /** Alerts still to resolve that nobody works, oldest first (screening_hits_assignee_idx, assignee null). */
    async unassigned(limit: number): Promise<{ id: number; userId: number }[]> {
      const rows = await db
        .selectFrom('screening_hits')
        .select(['id', 'user_id'])
        .where('assignee_id', 'is', null)
        .where('state', 'in', UNRESOLVED_STATES)
        .orderBy('raised_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: Number(r.id), userId: Number(r.user_id) }));
    },

    /** The member the last alert went to (null: none yet). */
    async lastAssigned(): Promise<number | null> {
      const row = await db
        .selectFrom('screening_alert_rotation')
        .select('last_staff_id')
        .where('id', '=', 1)
        .executeTakeFirst();
      return row?.last_staff_id == null ? null : Number(row.last_staff_id);
    },

    /** Moves the round-robin's place from `from` (as read) to `to`; false when it moved meanwhile. */
    async moveRotation(from: number | null, to: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('screening_alert_rotation')
        .set({ last_staff_id: to, updated_at: at })
        .where('id', '=', 1)
        .where((eb) => (from === null ? eb('last_staff_id', 'is', null) : eb('last_staff_id', '=', from)))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Marks the hits still to resolve and the true matches against entries of `listId` that are no longer on it (`present`: the entry ids that
     * are; null: the whole list is gone) and unmarks those whose entry is back. Nothing is deleted or
     * resolved: a reviewer decides. Answers how many were newly marked.
     */
    async markRemovedEntries(
      listId: string,
      present: ReadonlySet<string> | null,
      at: number,
    ): Promise<number> {
      const rows = await db
        .selectFrom('screening_hits')
        .select(['id', 'list_entry_id', 'entry_removed_at'])
        .where('list_id', '=', listId)
        .where('state', 'in', [...UNRESOLVED_STATES, 'true_match'])
        .execute();
      const gone = rows.filter((r) => present === null || !present.has(r.list_entry_id));
      const back = rows.filter((r) => r.entry_removed_at !== null && !gone.includes(r));
      const newlyGone = gone.filter((r) => r.entry_removed_at === null).map((r) => Number(r.id));
      for (let i = 0; i < newlyGone.length; i += 500)
        await db
          .updateTable('screening_hits')
          .set({ entry_removed_at: at })
          .where('id', 'in', newlyGone.slice(i, i + 500))
          .where('entry_removed_at', 'is', null)
          .execute();
      const backIds = back.map((r) => Number(r.id));
      for (let i = 0; i < backIds.length; i += 500)
        await db
          .updateTable('screening_hits')
          .set({ entry_removed_at: null })
          .where('id', 'in', backIds.slice(i, i + 500))
          .execute();
      return newlyGone.length;
    },
  };
}
