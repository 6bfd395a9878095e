/**
 * Tampering with the audit log as whoever holds the database's owner role would (issue 11 tests):
 * lift migration 005's append-only triggers, change rows, put the triggers back.
 */
import { sql } from 'kysely';
import type { Database } from '../../src/data/db.ts';

export async function asOwner(database: Database, change: () => Promise<unknown>): Promise<void> {
  const { db } = database;
  if (database.dialect === 'postgres') {
    await sql`alter table audit_log disable trigger user`.execute(db);
    try {
      await change();
    } finally {
      await sql`alter table audit_log enable trigger user`.execute(db);
    }
    return;
  }
  await sql`drop trigger audit_log_no_update`.execute(db);
  await sql`drop trigger audit_log_no_delete`.execute(db);
  try {
    await change();
  } finally {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}
