import type { NoticeKind, NoticeOutcome } from '@kyc/contracts';
import type { Db } from '../db.ts';
import type { NoticeRow } from '../schema/index.ts';

export interface NewNotice {
  userId: number;
  kind: NoticeKind;
  ref: string;
  outcome: NoticeOutcome;
}

/**
 * Migration 012's `notices` (docs/kyc.md "Notices"): the only SQL on them. Every read and write is
 * scoped by the person's id, so one person never reads or marks another's notice. The decision use-cases
 * call `insert` with their transaction, so a notice exists exactly when its decision committed.
 */
export function noticesRepo(db: Db) {
  return {
    async insert(notice: NewNotice, at: number): Promise<void> {
      await db
        .insertInto('notices')
        .values({
          user_id: notice.userId,
          kind: notice.kind,
          ref: notice.ref,
          outcome: notice.outcome,
          created_at: at,
        })
        .execute();
    },

    /** The person's unread notices, newest first (the partial index notices_unread_idx). */
    async unread(userId: number, limit: number): Promise<NoticeRow[]> {
      return db
        .selectFrom('notices')
        .selectAll()
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async unreadCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('notices')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * Marks these notices of the person read, once: an id of another person, an unknown id or one
     * already read changes nothing (compare-and-set on read_at is null), so repeating the call is safe.
     */
    async markRead(userId: number, ids: readonly number[], at: number): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db
        .updateTable('notices')
        .set({ read_at: at })
        .where('user_id', '=', userId)
        .where('id', 'in', [...ids])
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
export type NoticesRepo = ReturnType<typeof noticesRepo>;
