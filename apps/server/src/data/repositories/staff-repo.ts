import type { Db } from '../db.ts';
import type { NewStaff, StaffRow } from '../schema.ts';

/** Back-office staff accounts: a separate population from end users. */
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

    /** Stores the (sealed) TOTP secret issued at enrolment. */
    async setTotp(id: number, secret: string, at: number): Promise<void> {
      await db
        .updateTable('staff_users')
        .set({ totp_secret: secret, totp_enrolled_at: at })
        .where('id', '=', id)
        .execute();
    },

    async recordSignIn(id: number, at: number): Promise<void> {
      await db.updateTable('staff_users').set({ last_login_at: at }).where('id', '=', id).execute();
    },
  };
}
export type StaffRepo = ReturnType<typeof staffRepo>;
