/**
 * The status outbox (migration 018, D45): every change of a person's KYC level status or questionnaire
 * status is appended here by the repository that makes the change, on the same connection — inside
 * the caller's transaction when there is one — so the event commits or rolls back with the change and
 * no change is ever lost or told twice. The partner-webhooks job turns rows into deliveries.
 */
import type { Db } from '../db.ts';
import type { StatusEventKind, StatusOutboxRow } from '../schema/index.ts';

export interface StatusEvent {
  userId: number;
  kind: StatusEventKind;
  /** LEVEL_1, LEVEL_2, or a questionnaire's template code. */
  ref: string;
  status: string;
}

/** The outbox's ref of a KYC level. */
export const levelRef = (level: number) => `LEVEL_${level}`;

/** Appends one event on `db` (the change's own connection or transaction). */
export async function appendStatusEvent(db: Db, event: StatusEvent, at: number): Promise<void> {
  await db
    .insertInto('status_outbox')
    .values({
      user_id: event.userId,
      kind: event.kind,
      ref: event.ref,
      status: event.status,
      at,
      dispatched_at: null,
    })
    .execute();
}

export function statusOutboxRepo(db: Db) {
  return {
    append: (event: StatusEvent, at: number) => appendStatusEvent(db, event, at),

    /** Ids of undispatched events after `afterId`, oldest first (the partial index). */
    async undispatchedIds(afterId: number, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('status_outbox')
        .select('id')
        .where('dispatched_at', 'is', null)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /**
     * Marks these events dispatched and answers the ones this caller claimed: compare-and-set on
     * dispatched_at, so of two dispatchers reading the same ids only one makes their deliveries.
     */
    async claim(ids: readonly number[], at: number): Promise<StatusOutboxRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .updateTable('status_outbox')
        .set({ dispatched_at: at })
        .where('id', 'in', [...ids])
        .where('dispatched_at', 'is', null)
        .returningAll()
        .execute();
      return rows
        .map((r) => ({ ...r, id: Number(r.id), user_id: Number(r.user_id), at: Number(r.at) }))
        .sort((a, b) => a.id - b.id);
    },

    /** The events of one person, oldest first (tests and support). */
    async eventsOf(userId: number): Promise<StatusOutboxRow[]> {
      const rows = await db
        .selectFrom('status_outbox')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ ...r, id: Number(r.id), user_id: Number(r.user_id), at: Number(r.at) }));
    },
  };
}
export type StatusOutboxRepo = ReturnType<typeof statusOutboxRepo>;
