import type { SecurityEventKind } from '@kyc/contracts';
import type { Db } from '../db.ts';
import type { UserSecurityEventRow } from '../schema/index.ts';

export interface NewSecurityEvent {
  userId: number;
  kind: SecurityEventKind;
  at: number;
  network: string;
  browser: string;
  system: string;
}

/**
 * Migration 016's `user_security_events`: the only SQL on them. Reads are scoped by the person's id and
 * walk the (user_id, id) index newest first (ids grow with time), resuming strictly below the cursor id.
 */
export function securityLogRepo(db: Db) {
  return {
    async insert(event: NewSecurityEvent): Promise<void> {
      await db
        .insertInto('user_security_events')
        .values({
          user_id: event.userId,
          kind: event.kind,
          at: event.at,
          network: event.network,
          browser: event.browser,
          system: event.system,
        })
        .execute();
    },

    async newestOf(userId: number, limit: number, beforeId?: number): Promise<UserSecurityEventRow[]> {
      let query = db.selectFrom('user_security_events').selectAll().where('user_id', '=', userId);
      if (beforeId !== undefined) query = query.where('id', '<', beforeId);
      const rows = await query.orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({
        ...row,
        id: Number(row.id),
        user_id: Number(row.user_id),
        at: Number(row.at),
      }));
    },

    /** The person's newest entry (to record one "throttled" per pause, not one per refused attempt). */
    async newestKind(userId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('user_security_events')
        .select('kind')
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.kind;
    },
  };
}
export type SecurityLogRepo = ReturnType<typeof securityLogRepo>;
