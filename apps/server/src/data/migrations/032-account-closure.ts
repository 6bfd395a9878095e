import { sql } from 'kysely';
import type { MigrationDb, MigrationFactory } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

const OLD_STATUSES = `status in ('PENDING', 'APPROVED', 'REJECTED_RETRY', 'REJECTED_FINAL')`;
const NEW_STATUSES = `status in ('PENDING', 'APPROVED', 'REJECTED_RETRY', 'REJECTED_FINAL', 'WITHDRAWN')`;

/**
 * Issue 20, closing an account (docs/data-lifecycle.md "Closing an account", D76–D77):
 *
 * - `erasure_requests`: the person's erasure request (GDPR Art. 17) and the answer given — what went at
 *   once, what is kept until when and why, under which policy version — one per person (the request
 *   closes the account, and the closure is written once).
 * - `kyc_submissions.status` may be `WITHDRAWN`: a submission still pending when the account closed is
 *   never decided; it leaves the queue (every pending index is partial on status = 'PENDING') and keeps
 *   its row as the record of what was asked. On PostgreSQL the check is replaced; on SQLite a check
 *   cannot be altered, so the table is rebuilt from its own stored definition with only the status list
 *   widened, and its indexes are created again from theirs (foreign keys off meanwhile, as in 006).
 */
export const m032AccountClosure: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withIdColumn(db.schema.createTable('erasure_requests'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('requested_at', 'bigint', (c) => c.notNull())
      .addColumn('site', 'text', (c) => c.notNull())
      .addColumn('policy_version', 'integer', (c) => c.notNull())
      .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('granted', 'text', (c) => c.notNull())
      .addColumn('kept', 'text', (c) => c.notNull())
      .addCheckConstraint('erasure_requests_held_check', sql`held in (0, 1)`)
      .execute();
    await db.schema
      .createIndex('erasure_requests_user_unique')
      .on('erasure_requests')
      .columns(['user_id'])
      .unique()
      .execute();
    await widenSubmissionStatuses(db, dialect === 'postgres', OLD_STATUSES, NEW_STATUSES);
  },
  async down(db: MigrationDb) {
    await sql`update kyc_submissions set status = 'REJECTED_FINAL' where status = 'WITHDRAWN'`.execute(db);
    await widenSubmissionStatuses(db, dialect === 'postgres', NEW_STATUSES, OLD_STATUSES);
    await db.schema.dropTable('erasure_requests').execute();
  },
});

async function widenSubmissionStatuses(
  db: MigrationDb,
  postgres: boolean,
  from: string,
  to: string,
): Promise<void> {
  if (postgres) {
    await db.schema.alterTable('kyc_submissions').dropConstraint('kyc_submissions_status_check').execute();
    await db.schema
      .alterTable('kyc_submissions')
      .addCheckConstraint('kyc_submissions_status_check', sql.raw(to))
      .execute();
    return;
  }
  const table = await sql<{ sql: string }>`select sql from sqlite_master
    where type = 'table' and name = 'kyc_submissions'`.execute(db);
  const definition = table.rows[0]?.sql;
  if (!definition?.includes(from)) throw new Error('kyc_submissions: the status check is not as expected');
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master
    where type = 'index' and tbl_name = 'kyc_submissions' and sql is not null`.execute(db);
  const rebuilt = definition
    .replace(/^CREATE TABLE "kyc_submissions"/, 'CREATE TABLE "kyc_submissions_new"')
    .replace(from, to);
  if (!rebuilt.startsWith('CREATE TABLE "kyc_submissions_new"'))
    throw new Error('kyc_submissions: unexpected table definition');
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(rebuilt).execute(trx);
      await sql`insert into kyc_submissions_new select * from kyc_submissions`.execute(trx);
      await sql`drop table kyc_submissions`.execute(trx);
      await sql`alter table kyc_submissions_new rename to kyc_submissions`.execute(trx);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error('foreign keys broken by the kyc_submissions rebuild');
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
