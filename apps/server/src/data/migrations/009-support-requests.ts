import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

/**
 * The help centre's "Report a problem" (docs/help-centre.md): one row per report, filed by an account
 * (user_id) or by a signed-out person (email), answered once by staff (compare-and-set on status).
 * Indexes: the inbox filters by status and pages newest first by id; a person lists their own by id.
 */
export const m009SupportRequests: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withIdColumn(db.schema.createTable('support_requests'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('email', 'text')
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('topic', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('answer', 'text')
      .addColumn('answered_by', 'bigint', (c) => c.references('staff_users.id'))
      .addColumn('answered_at', 'bigint')
      .addCheckConstraint('support_requests_status_check', sql`status in ('open', 'answered')`)
      .addCheckConstraint('support_requests_author_check', sql`user_id is not null or email is not null`)
      .execute();
    await db.schema
      .createIndex('support_requests_status_idx')
      .on('support_requests')
      .columns(['status', 'id'])
      .execute();
    await db.schema
      .createIndex('support_requests_user_idx')
      .on('support_requests')
      .columns(['user_id', 'id'])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('support_requests').execute();
  },
});
