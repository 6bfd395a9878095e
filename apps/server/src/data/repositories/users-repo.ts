import type { Db } from '../db.ts';
import type { NewUser, UserRow } from '../schema/index.ts';

/** End-user accounts. */
export function usersRepo(db: Db) {
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    async findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Inserts and returns the new id; a duplicate email surfaces as the driver's unique-violation error. */
    async insert(user: NewUser): Promise<number> {
      const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async recordSignIn(id: number, at: number): Promise<void> {
      await db.updateTable('users').set({ last_login_at: at }).where('id', '=', id).execute();
    },

    async setRegisteredMemberType(id: number, value: string, at: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ registered_member_type: value, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    /** Demo seeding and admin tools: the account's site, currency, sub-attribute, KYC tag and disabled flag. */
    async update(
      id: number,
      fields: Partial<
        Pick<UserRow, 'site' | 'currency_code' | 'sub_attribute' | 'member_tag_kyc' | 'disabled'>
      >,
      at: number,
    ) {
      await db
        .updateTable('users')
        .set({ ...fields, updated_at: at })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type UsersRepo = ReturnType<typeof usersRepo>;
