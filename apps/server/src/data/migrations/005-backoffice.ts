import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

/**
 * Compliance back office (docs/backoffice.md): the append-only audit log, the history of review
 * decisions, and the staff second factor (TOTP). The database itself refuses UPDATE and DELETE on
 * audit_log: a trigger on either dialect, so no code path (nor a stray SQL console) can edit it.
 */
export const m005Backoffice: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withIdColumn(db.schema.createTable('audit_log'), dialect)
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('staff_id', 'bigint', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('subject_user_id', 'bigint')
      .addColumn('case_ref', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
    await db.schema.createIndex('audit_log_subject_idx').on('audit_log').column('subject_user_id').execute();
    await db.schema.createIndex('audit_log_staff_idx').on('audit_log').column('staff_id').execute();

    if (dialect === 'postgres') {
      await sql`create function audit_log_refuse_change() returns trigger language plpgsql as $$
        begin raise exception 'audit_log is append-only'; end $$`.execute(db);
      await sql`create trigger audit_log_no_update_delete before update or delete on audit_log
        for each row execute function audit_log_refuse_change()`.execute(db);
      await sql`create trigger audit_log_no_truncate before truncate on audit_log
        for each statement execute function audit_log_refuse_change()`.execute(db);
    } else {
      await sql`create trigger audit_log_no_update before update on audit_log
        begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
      await sql`create trigger audit_log_no_delete before delete on audit_log
        begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    }

    await withIdColumn(db.schema.createTable('kyc_decisions'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('decision', 'text', (c) => c.notNull())
      .addColumn('reason_code', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('user_message', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('staff_id', 'bigint', (c) => c.notNull())
      .addColumn('confirmed_by', 'bigint')
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('kyc_decisions_level_check', sql`level in (0, 1, 2)`)
      .addCheckConstraint(
        'kyc_decisions_decision_check',
        sql`decision in ('approve', 'reject_retry', 'reject_final_proposed', 'reject_final_confirmed', 'reverify_requested')`,
      )
      .execute();
    await db.schema
      .createIndex('kyc_decisions_user_idx')
      .on('kyc_decisions')
      .columns(['user_id', 'level'])
      .execute();

    await db.schema.alterTable('staff_users').addColumn('totp_secret', 'text').execute();
    await db.schema.alterTable('staff_users').addColumn('totp_enrolled_at', 'bigint').execute();
  },
  async down(db: MigrationDb) {
    await db.schema.alterTable('staff_users').dropColumn('totp_enrolled_at').execute();
    await db.schema.alterTable('staff_users').dropColumn('totp_secret').execute();
    await db.schema.dropTable('kyc_decisions').execute();
    await db.schema.dropTable('audit_log').execute();
    if (dialect === 'postgres') await sql`drop function if exists audit_log_refuse_change()`.execute(db);
  },
});
