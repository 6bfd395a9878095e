import type { Db } from '../db.ts';

/**
 * Staff recovery codes (migration 014), only as hashes. Spending one is a compare-and-set on `used_at`,
 * so a code signs in once even when two requests carry it at the same moment.
 */
export function recoveryCodesRepo(db: Db) {
  return {
    /** Replaces every code of the member with these hashes (old codes stop working). */
    async replace(staffId: number, hashes: string[], at: number): Promise<void> {
      await db.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
      if (hashes.length === 0) return;
      await db
        .insertInto('staff_recovery_codes')
        .values(hashes.map((code_hash) => ({ staff_id: staffId, code_hash, created_at: at, used_at: null })))
        .execute();
    },

    async deleteAll(staffId: number): Promise<void> {
      await db.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
    },

    /** Marks the unused code with one of these hashes as used; false when there is none (wrong or spent). */
    async consume(staffId: number, hashes: string[], at: number): Promise<boolean> {
      const result = await db
        .updateTable('staff_recovery_codes')
        .set({ used_at: at })
        .where('staff_id', '=', staffId)
        .where('code_hash', 'in', hashes)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) >= 1;
    },

    /** Unused codes of each member, and when the member's set was made (null: none). */
    async status(staffIds: number[]): Promise<Map<number, { remaining: number; createdAt: number | null }>> {
      const out = new Map<number, { remaining: number; createdAt: number | null }>();
      if (staffIds.length === 0) return out;
      const rows = await db
        .selectFrom('staff_recovery_codes')
        .select((eb) => [
          'staff_id',
          eb.fn.count<number>('used_at').as('used'),
          eb.fn.countAll<number>().as('total'),
          eb.fn.max('created_at').as('created_at'),
        ])
        .where('staff_id', 'in', staffIds)
        .groupBy('staff_id')
        .execute();
      for (const row of rows) {
        out.set(Number(row.staff_id), {
          remaining: Number(row.total) - Number(row.used),
          createdAt: row.created_at === null ? null : Number(row.created_at),
        });
      }
      return out;
    },
  };
}
export type RecoveryCodesRepo = ReturnType<typeof recoveryCodesRepo>;
