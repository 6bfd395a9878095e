import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

/**
 * Notices (issue 10, docs/kyc.md "Notices"): the unread marker a person sees in the portal when staff
 * decided something of theirs (a verification level, a re-verification, an update, a questionnaire).
 * Written in the same transaction as the decision; `read_at` set once the person has seen it. The
 * partial index answers "my unread notices" without reading the person's history.
 */
export const m012Notices: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withIdColumn(db.schema.createTable('notices'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('ref', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('read_at', 'bigint')
      .addCheckConstraint(
        'notices_kind_check',
        sql`kind in ('kyc_level', 'reverification', 'kyc_update', 'questionnaire')`,
      )
      .addCheckConstraint('notices_outcome_check', sql`outcome in ('approved', 'rejected', 'info_requested')`)
      .execute();
    await db.schema
      .createIndex('notices_unread_idx')
      .on('notices')
      .columns(['user_id', 'created_at'])
      .where(sql.ref('read_at'), 'is', null)
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('notices').execute();
  },
});
