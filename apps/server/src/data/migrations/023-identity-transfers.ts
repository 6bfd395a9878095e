import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

/** The states in which a transfer is still open: one at a time per source and per target. */
const OPEN = sql<boolean>`status in ('awaiting_source', 'in_review', 'approved')`;

/**
 * Issue 15, identity transfer (docs/identity-transfer.md, D55–D56):
 * - `identity_transfers`: one row per transfer from a source account to a target account, its status
 *   (awaiting_source → in_review → approved → completed | rejected | cancelled), both consents, the
 *   cooling-off end, the reviewers (four eyes: first and second approval) and the outcome. Partial
 *   unique indexes allow one open transfer per source and per target: of two transfers started from one
 *   source at the same moment, the database keeps one. (created_at, id) pages the back-office queue.
 * - `user_products`: products a person holds at the exchange that a transfer must respect (spec §3 card
 *   type 'card'): an open card keeps the verification on its account.
 */
export const m023IdentityTransfers: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withIdColumn(db.schema.createTable('identity_transfers'), dialect)
      .addColumn('source_user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('target_user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .check(
            sql`status in ('awaiting_source', 'in_review', 'approved', 'completed', 'rejected', 'cancelled')`,
          ),
      )
      .addColumn('source_level', 'integer', (c) => c.notNull())
      .addColumn('target_consent_at', 'bigint', (c) => c.notNull())
      .addColumn('source_consent_at', 'bigint')
      .addColumn('cooling_off_until', 'bigint')
      .addColumn('first_approved_by', 'bigint')
      .addColumn('second_approved_by', 'bigint')
      .addColumn('decided_by', 'bigint')
      .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('completed_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('identity_transfers_open_source_idx')
      .on('identity_transfers')
      .column('source_user_id')
      .unique()
      .where(OPEN)
      .execute();
    await db.schema
      .createIndex('identity_transfers_open_target_idx')
      .on('identity_transfers')
      .column('target_user_id')
      .unique()
      .where(OPEN)
      .execute();
    await db.schema
      .createIndex('identity_transfers_created_idx')
      .on('identity_transfers')
      .columns(['created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('identity_transfers_status_created_idx')
      .on('identity_transfers')
      .columns(['status', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('user_products')
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('product', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'closed')`))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_products_pk', ['user_id', 'product'])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('user_products').execute();
    await db.schema.dropTable('identity_transfers').execute();
  },
});
