import type { Db } from '../db.ts';
import type { NewStaff, StaffRow } from '../schema/index.ts';

/**
 * Back-office staff accounts: a separate population from end users. Every change of the second factor
 * is a compare-and-set on the row, so of two concurrent requests exactly one wins (issue 11).
 */
export function staffRepo(db: Db) {
  return {
    async findByEmail(email: string): Promise<StaffRow | undefined> {
      return db.selectFrom('staff_users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    async findById(id: number): Promise<StaffRow | undefined> {
      return db.selectFrom('staff_users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insert(staff: NewStaff): Promise<number> {
      const row = await db.insertInto('staff_users').values(staff).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /**
     * Stores the (sealed) TOTP secret confirmed at enrolment, with the step of its first code; only while
     * the member has none (false: another request enrolled first).
     */
    async enrolTotp(id: number, secret: string, step: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('staff_users')
        .set({ totp_secret: secret, totp_enrolled_at: at, totp_last_step: step })
        .where('id', '=', id)
        .where('totp_secret', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Accepts a TOTP time step: true only when it is later than the last accepted one (compare-and-set in
     * the database, shared by every instance); false for a replayed or older code.
     */
    async acceptTotpStep(id: number, step: number): Promise<boolean> {
      const result = await db
        .updateTable('staff_users')
        .set({ totp_last_step: step })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Forgets the second factor (admin reset): the member enrols again at the next sign-in. */
    async clearTotp(id: number): Promise<boolean> {
      const result = await db
        .updateTable('staff_users')
        .set({ totp_secret: null, totp_enrolled_at: null, totp_last_step: null })
        .where('id', '=', id)
        .where('totp_secret', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async recordSignIn(id: number, at: number): Promise<void> {
      await db.updateTable('staff_users').set({ last_login_at: at }).where('id', '=', id).execute();
    },

    /** The sites each of these members works (no entry: every site), in one query. */
    async sitesOf(ids: readonly number[]): Promise<Map<number, string[]>> {
      const found = new Map<number, string[]>();
      if (ids.length === 0) return found;
      const rows = await db
        .selectFrom('staff_sites')
        .select(['staff_id', 'site'])
        .where('staff_id', 'in', [...new Set(ids)])
        .orderBy('staff_id')
        .orderBy('site')
        .execute();
      for (const r of rows) found.set(Number(r.staff_id), [...(found.get(Number(r.staff_id)) ?? []), r.site]);
      return found;
    },

    /**
     * Replaces the member's sites if their version is still `version` (compare-and-set on
     * `staff_users.sites_version`, which it moves); false when they changed meanwhile (or no member).
     */
    async setSites(id: number, sites: readonly string[], version: number): Promise<boolean> {
      const moved = await db
        .updateTable('staff_users')
        .set((eb) => ({ sites_version: eb('sites_version', '+', 1) }))
        .where('id', '=', id)
        .where('sites_version', '=', version)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      await db.deleteFrom('staff_sites').where('staff_id', '=', id).execute();
      if (sites.length > 0)
        await db
          .insertInto('staff_sites')
          .values(sites.map((site) => ({ staff_id: id, site })))
          .execute();
      return true;
    },

    /** One page of members by id, after `afterId` (keyset paging: stable while members are added). */
    async page(afterId: number, limit: number): Promise<StaffRow[]> {
      return db
        .selectFrom('staff_users')
        .selectAll()
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
    },
  };
}
export type StaffRepo = ReturnType<typeof staffRepo>;
