import type { MigrationFactory, MigrationDb } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

/**
 * Staff second factor (issue 11, docs/backoffice.md "Second factor", D39):
 * - `staff_users.totp_last_step`: the last TOTP time step a member signed in with. A code is accepted
 *   only for a later step, by a compare-and-set on this column, so the same code cannot sign in twice
 *   (not on two instances, not by two concurrent requests).
 * - `staff_recovery_codes`: one-time codes that stand in for the authenticator app. Only a keyed hash is
 *   stored (HMAC-SHA-256 under a key derived from DATA_MASTER_KEY, bound to the member); `used_at` is
 *   set by a compare-and-set when one is spent. The published demo codes are stored as 'demo:' + SHA-256.
 */
export const m014StaffSecondFactor: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await db.schema.alterTable('staff_users').addColumn('totp_last_step', 'bigint').execute();

    await withIdColumn(db.schema.createTable('staff_recovery_codes'), dialect)
      .addColumn('staff_id', 'bigint', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('staff_recovery_codes_staff_hash_idx')
      .on('staff_recovery_codes')
      .columns(['staff_id', 'code_hash'])
      .unique()
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('staff_recovery_codes').execute();
    await db.schema.alterTable('staff_users').dropColumn('totp_last_step').execute();
  },
});
