import type { Db } from '../db.ts';
import type { SessionRow } from '../schema/index.ts';

export type Audience = 'user' | 'staff';

/** Server-side sessions of both populations, keyed by the SHA-256 of the cookie token. */
export function sessionsRepo(db: Db) {
  return {
    async insert(session: SessionRow): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },

    async find(id: string, audience: Audience): Promise<SessionRow | undefined> {
      return db
        .selectFrom('sessions')
        .selectAll()
        .where('id', '=', id)
        .where('audience', '=', audience)
        .executeTakeFirst();
    },

    async touch(id: string, at: number): Promise<void> {
      await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },

    /** Ends every session of one subject (e.g. a staff member whose second factor was reset). */
    async deleteAllOf(audience: Audience, subjectId: number): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where('audience', '=', audience)
        .where('subject_id', '=', subjectId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Removes sessions past their absolute expiry or idle for longer than idleMs. Returns how many. */
    async deleteExpired(now: number, idleMs: number): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - idleMs)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type SessionsRepo = ReturnType<typeof sessionsRepo>;
