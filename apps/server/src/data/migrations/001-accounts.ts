import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

/** Accounts of end users and staff, and the sessions of both. */
export const m001Accounts: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withIdColumn(db.schema.createTable('users'), dialect)
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('currency_code', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sub_attribute', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('site', 'text', (c) => c.notNull().defaultTo('GLOBAL'))
      .addColumn('registered_member_type', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('member_tag_kyc', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('last_login_at', 'bigint')
      .execute();

    await withIdColumn(db.schema.createTable('staff_users'), dialect)
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_login_at', 'bigint')
      .addCheckConstraint(
        'staff_users_role_check',
        sql`role in ('reviewer', 'senior_reviewer', 'admin', 'auditor')`,
      )
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('audience', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'bigint', (c) => c.notNull())
      .addColumn('csrf_token', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sessions_subject_idx')
      .on('sessions')
      .columns(['audience', 'subject_id'])
      .execute();
    await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('sessions').execute();
    await db.schema.dropTable('staff_users').execute();
    await db.schema.dropTable('users').execute();
  },
});
