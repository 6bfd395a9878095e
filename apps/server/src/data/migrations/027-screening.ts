import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

/**
 * Issue 18, slice 2 (docs/screening.md "What is stored"): sanctions screening that runs and persists.
 *
 * - `screening_lists`: each configured list (SCREENING_LISTS) as an instance last loaded it: source,
 *   format, publication date, entry count, the SHA-256 of its content, when it was loaded and the last
 *   error. A URL list not fetched yet has no format and no hash.
 * - `screening_list_entries`: one fingerprint (SHA-256 of the entry as parsed) per list entry, written
 *   in batches, stamped with the content hash of the version it was last seen in; delta re-screening
 *   (a later slice) tells added and changed entries from these.
 * - `screening_runs`: each screening of a person: why, due / running / done / failed, the lists and
 *   versions it used (`lists_key`: one string compared before an approval). A 'due' row is written in
 *   the transaction of the submission that asks for it, so a screening lost after the commit is retried
 *   by the `screening` job (D65).
 * - `screening_hits`: one row per person and list entry. The matched alias, the list entry and the
 *   score are the list's public data; our name and the explanation (which repeats our name, its tokens
 *   and our date of birth) are sealed under the person's data key. `version` is the compare-and-set of
 *   the later resolution (cleared, confirmed false positive, true match).
 */
export const m027Screening: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    const binary = dialect === 'postgres' ? 'bytea' : 'blob';
    await db.schema
      .createTable('screening_lists')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('format', 'text')
      .addColumn('published_at', 'text')
      .addColumn('entry_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('content_hash', 'text')
      .addColumn('loaded_at', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('screening_list_entries')
      .addColumn('list_id', 'text', (c) => c.notNull().references('screening_lists.id').onDelete('cascade'))
      .addColumn('entry_id', 'text', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('seen_in', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('screening_list_entries_pk', ['list_id', 'entry_id'])
      .execute();

    await withIdColumn(db.schema.createTable('screening_runs'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('requested_at', 'bigint', (c) => c.notNull())
      .addColumn('claimed_until', 'bigint')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('screened_at', 'bigint')
      .addColumn('lists', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('lists_key', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('hit_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .addCheckConstraint('screening_runs_status_check', sql`status in ('due', 'running', 'done', 'failed')`)
      .execute();
    // The person's latest run (case page, before an approval).
    await db.schema
      .createIndex('screening_runs_user_idx')
      .on('screening_runs')
      .columns(['user_id', 'id'])
      .execute();
    // The job's scan of runs still to do: only those rows.
    await db.schema
      .createIndex('screening_runs_due_idx')
      .on('screening_runs')
      .columns(['requested_at', 'id'])
      .where(sql.ref('status'), 'in', sql`('due', 'running')`)
      .execute();

    await withIdColumn(db.schema.createTable('screening_hits'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('list_id', 'text', (c) => c.notNull())
      .addColumn('list_entry_id', 'text', (c) => c.notNull())
      .addColumn('run_id', 'bigint', (c) => c.notNull())
      .addColumn('matched_name', 'text', (c) => c.notNull())
      .addColumn('our_name_enc', binary, (c) => c.notNull())
      .addColumn('score', 'double precision', (c) => c.notNull())
      .addColumn('explanation_enc', binary, (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull().defaultTo('open'))
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint('screening_hits_user_entry_unique', ['user_id', 'list_id', 'list_entry_id'])
      .addCheckConstraint(
        'screening_hits_state_check',
        sql`state in ('open', 'cleared', 'confirmed_false_positive', 'true_match')`,
      )
      .execute();
    // The open hits of a person (the approval's check, the case status): the unique constraint's index
    // leads with user_id; this partial one holds only the open rows.
    await db.schema
      .createIndex('screening_hits_open_idx')
      .on('screening_hits')
      .columns(['user_id'])
      .where(sql.ref('state'), '=', 'open')
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('screening_hits').execute();
    await db.schema.dropTable('screening_runs').execute();
    await db.schema.dropTable('screening_list_entries').execute();
    await db.schema.dropTable('screening_lists').execute();
  },
});
