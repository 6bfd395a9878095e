import type { MigrationDb, MigrationFactory } from './helpers.ts';

/**
 * Issue 15, the transfer case's history (docs/identity-transfer.md "Review"): when each approval and the
 * final decision were made, beside who made them (`first_approved_by`, `second_approved_by`,
 * `decided_by` of migration 023). Rows decided before this migration keep null times: the case page
 * shows who without when.
 */
export const m039TransferDecisionTimes: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    for (const column of ['first_approved_at', 'second_approved_at', 'decided_at'])
      await db.schema.alterTable('identity_transfers').addColumn(column, 'bigint').execute();
  },
  async down(db: MigrationDb) {
    for (const column of ['decided_at', 'second_approved_at', 'first_approved_at'])
      await db.schema.alterTable('identity_transfers').dropColumn(column).execute();
  },
});
