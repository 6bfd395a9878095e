import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';
import { GENESIS_HASH, auditRowHash } from '../../lib/audit-chain-hash.ts';

/**
 * The audit log becomes a hash chain (issue 11, D40, docs/security.md "Tamper-evident audit log"):
 * - `audit_log.prev_hash` / `hash`: each row's HMAC over itself and the row before it
 *   (lib/audit-chain-hash.ts). Rows written before this migration are chained here, in id order.
 * - `audit_chain_head`: one row, the last chained id and hash. Every insert reads and moves it in the
 *   insert's own transaction (the row lock serialises inserts, so two never fork the chain), and the
 *   verifier compares the table's end with it (a deleted last row is seen).
 * - `audit_chain_checks`: one row, how far the chain was last verified and where it was found broken,
 *   so the audit page verifies only the rows written since (a million rows are not walked per view).
 */
const BATCH = 1000;

export const m015AuditChain: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await db.schema
      .alterTable('audit_log')
      .addColumn('prev_hash', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('audit_log')
      .addColumn('hash', 'text', (c) => c.notNull().defaultTo(''))
      .execute();

    await db.schema
      .createTable('audit_chain_head')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('last_id', 'bigint', (c) => c.notNull())
      .addColumn('last_hash', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('audit_chain_checks')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('verified_id', 'bigint', (c) => c.notNull())
      .addColumn('verified_hash', 'text', (c) => c.notNull())
      .addColumn('verified_at', 'bigint')
      .addColumn('broken_id', 'bigint')
      .addColumn('broken_kind', 'text')
      .addColumn('broken_at', 'bigint')
      .execute();

    // Chain the rows already there. The append-only triggers refuse UPDATE: lifted for this
    // transaction only (the migration runs as the table's owner), then put back exactly as they were.
    await allowUpdates(db, dialect, true);
    let prevHash = GENESIS_HASH;
    let lastId = 0;
    for (;;) {
      const rows = await db
        .selectFrom('audit_log')
        .select(['id', 'at', 'staff_id', 'action', 'subject_user_id', 'case_ref', 'details'])
        .where('id', '>', lastId)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      for (const row of rows) {
        const hash = auditRowHash(prevHash, row);
        await db
          .updateTable('audit_log')
          .set({ prev_hash: prevHash, hash })
          .where('id', '=', row.id)
          .execute();
        prevHash = hash;
        lastId = Number(row.id);
      }
      if (rows.length < BATCH) break;
    }
    await allowUpdates(db, dialect, false);

    await db.insertInto('audit_chain_head').values({ id: 1, last_id: lastId, last_hash: prevHash }).execute();
    await db
      .insertInto('audit_chain_checks')
      .values({ id: 1, verified_id: 0, verified_hash: GENESIS_HASH })
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('audit_chain_checks').execute();
    await db.schema.dropTable('audit_chain_head').execute();
    await db.schema.alterTable('audit_log').dropColumn('hash').execute();
    await db.schema.alterTable('audit_log').dropColumn('prev_hash').execute();
  },
});

/** Lifts (true) or restores (false) migration 005's refusal of UPDATE on audit_log. */
async function allowUpdates(db: MigrationDb, dialect: string, allow: boolean): Promise<void> {
  if (dialect === 'postgres') {
    await (
      allow
        ? sql`alter table audit_log disable trigger audit_log_no_update_delete`
        : sql`alter table audit_log enable trigger audit_log_no_update_delete`
    ).execute(db);
  } else if (allow) {
    await sql`drop trigger audit_log_no_update`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}
