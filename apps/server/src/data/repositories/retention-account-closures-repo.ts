/**
 * The end of a person's relationship with us (issue 20, migration 029, docs/data-lifecycle.md
 * "Relationship end"): one `account_closures` row per person, written once. The retention policies'
 * `relationship_end` clock reads `closed_at`; the closing flows (the person's own, and the back office's,
 * built on top of this) call `recordClosure` inside the transaction that closes the account.
 *
 *   await repos.transaction(async (tx) => {
 *     if (!(await tx.accountClosures.recordClosure({ userId, closedAt: now, closedBy: 'self' })))
 *       throw new AppError(...);           // closed already
 *     ...                                   // revoke links, end sessions, audit (staff)
 *   });
 */
import type { Db } from '../db.ts';
import type { AccountClosureRow } from '../schema/index.ts';

export interface NewClosure {
  userId: number;
  closedAt: number;
  /** 'self': the person closed it; 'staff': a staff member did (staffId and reason required). */
  closedBy: 'self' | 'staff';
  staffId?: number | null;
  reason?: string;
}

export function accountClosuresRepo(db: Db) {
  return {
    /** Records the closure unless the person has one already; true if this call recorded it. */
    async recordClosure(closure: NewClosure): Promise<boolean> {
      if (closure.closedBy === 'staff' && !closure.staffId)
        throw new Error('a closure by staff names the staff member');
      const rows = await db
        .insertInto('account_closures')
        .values({
          user_id: closure.userId,
          closed_at: closure.closedAt,
          closed_by: closure.closedBy,
          staff_id: closure.staffId ?? null,
          reason: closure.reason ?? '',
          erased_at: null,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('user_id')
        .execute();
      return rows.length === 1;
    },

    /** The person's closure, or undefined while the relationship lasts. */
    async findClosure(userId: number): Promise<AccountClosureRow | undefined> {
      const row = await db
        .selectFrom('account_closures')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return (
        row && {
          ...row,
          user_id: Number(row.user_id),
          closed_at: Number(row.closed_at),
          staff_id: row.staff_id === null ? null : Number(row.staff_id),
          erased_at: row.erased_at === null ? null : Number(row.erased_at),
        }
      );
    },

    /**
     * Of these people, those whose account is closed (erased or not), in one query: the lists that print
     * a name or email read it once per page instead of once per row.
     */
    async closedAmong(userIds: readonly number[]): Promise<Set<number>> {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('account_closures')
        .select('user_id')
        .where('user_id', 'in', ids)
        .execute();
      return new Set(rows.map((r) => Number(r.user_id)));
    },
  };
}
export type AccountClosuresRepo = ReturnType<typeof accountClosuresRepo>;
