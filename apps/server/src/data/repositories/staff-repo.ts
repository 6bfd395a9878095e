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
