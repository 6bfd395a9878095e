import { sql } from 'kysely';
import type { MigrationDb, MigrationFactory } from './helpers.ts';

const OLD_STATUSES = `status in ('running', 'done')`;
const NEW_STATUSES = `status in ('running', 'done', 'abandoned')`;

/**
 * Issue 18, a delta whose list left SCREENING_LISTS (docs/screening.md "Removed lists and entries", D111):
 *
 * - `screening_deltas.status` may be `abandoned`: the re-screening stopped for good, never resumed (the
 *   job's partial index is on status = 'running', so it leaves the job's scan at once);
 * - `screening_deltas.end_reason`: why it was abandoned (`list_removed`), null for the others.
 *
 * On PostgreSQL the check is replaced; on SQLite a check cannot be altered, so the table is rebuilt from
 * its own stored definition with only the status list widened and its indexes created again from theirs
 * (as 032 did for kyc_submissions; nothing references screening_deltas). The column is added after.
 */
export const m049ScreeningDeltaEnd: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await replaceStatusCheck(db, dialect === 'postgres', OLD_STATUSES, NEW_STATUSES);
    await db.schema.alterTable('screening_deltas').addColumn('end_reason', 'text').execute();
  },
  async down(db: MigrationDb) {
    await db.schema.alterTable('screening_deltas').dropColumn('end_reason').execute();
    await sql`update screening_deltas set status = 'done' where status = 'abandoned'`.execute(db);
    await replaceStatusCheck(db, dialect === 'postgres', NEW_STATUSES, OLD_STATUSES);
  },
});

async function replaceStatusCheck(
  db: MigrationDb,
  postgres: boolean,
  from: string,
  to: string,
): Promise<void> {
  if (postgres) {
    await db.schema.alterTable('screening_deltas').dropConstraint('screening_deltas_status_check').execute();
    await db.schema
      .alterTable('screening_deltas')
      .addCheckConstraint('screening_deltas_status_check', sql.raw(to))
      .execute();
    return;
  }
  const table = await sql<{ sql: string }>`select sql from sqlite_master
    where type = 'table' and name = 'screening_deltas'`.execute(db);
  const definition = table.rows[0]?.sql;
  if (!definition?.includes(from)) throw new Error('screening_deltas: the status check is not as expected');
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master
    where type = 'index' and tbl_name = 'screening_deltas' and sql is not null`.execute(db);
  const rebuilt = definition
    .replace(/^CREATE TABLE "screening_deltas"/, 'CREATE TABLE "screening_deltas_new"')
    .replace(from, to);
  if (!rebuilt.startsWith('CREATE TABLE "screening_deltas_new"'))
    throw new Error('screening_deltas: unexpected table definition');
  await db.transaction().execute(async (trx) => {
    await sql.raw(rebuilt).execute(trx);
    await sql`insert into screening_deltas_new select * from screening_deltas`.execute(trx);
    await sql`drop table screening_deltas`.execute(trx);
    await sql`alter table screening_deltas_new rename to screening_deltas`.execute(trx);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(trx);
  });
}
