import { sql } from 'kysely';
import type { MigrationDb, MigrationFactory } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

/**
 * Issue 18, delta re-screening and refreshing lists (docs/screening.md "When a list changes", D94, D95):
 *
 * - `screening_deltas`: one row per change of a list's content (from one content hash to another): the
 *   entries added or changed and those removed (JSON arrays of entry ids, from the fingerprints of
 *   `screening_list_entries`), and the re-screening of every verified or waiting person against the
 *   added and changed entries only, a batch at a time: `cursor` is the last applicant id done (resumable),
 *   `upto_applicant_id` the newest applicant's id when the change was seen (people after it are screened by their
 *   own submission). Unique on (list, from, to): two instances or two refreshes that see one change
 *   record one delta.
 * - `screening_lists` gains the refresh's state: the validators of the last good download (`etag`,
 *   `last_modified`), when it was last refreshed and last changed, and `version`, moved by every change
 *   of any list's content: instances poll the highest version and reload their index when it moved (D95).
 */
export const m041ScreeningDelta: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withIdColumn(db.schema.createTable('screening_deltas'), dialect)
      .addColumn('list_id', 'text', (c) => c.notNull())
      .addColumn('from_hash', 'text', (c) => c.notNull())
      .addColumn('to_hash', 'text', (c) => c.notNull())
      .addColumn('changed', 'text', (c) => c.notNull())
      .addColumn('removed', 'text', (c) => c.notNull())
      .addColumn('upto_applicant_id', 'bigint', (c) => c.notNull())
      .addColumn('cursor', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('running'))
      .addColumn('claimed_until', 'bigint')
      .addColumn('screened', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('hits', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .addUniqueConstraint('screening_deltas_change_unique', ['list_id', 'from_hash', 'to_hash'])
      .addCheckConstraint('screening_deltas_status_check', sql`status in ('running', 'done')`)
      .execute();
    // The job's next delta to work: only the unfinished ones.
    await db.schema
      .createIndex('screening_deltas_running_idx')
      .on('screening_deltas')
      .columns(['id'])
      .where(sql.ref('status'), '=', 'running')
      .execute();

    await db.schema.alterTable('screening_lists').addColumn('etag', 'text').execute();
    await db.schema.alterTable('screening_lists').addColumn('last_modified', 'text').execute();
    await db.schema.alterTable('screening_lists').addColumn('refreshed_at', 'bigint').execute();
    await db.schema.alterTable('screening_lists').addColumn('changed_at', 'bigint').execute();
    await db.schema
      .alterTable('screening_lists')
      .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: MigrationDb) {
    for (const column of ['version', 'changed_at', 'refreshed_at', 'last_modified', 'etag'])
      await db.schema.alterTable('screening_lists').dropColumn(column).execute();
    await db.schema.dropTable('screening_deltas').execute();
  },
});
