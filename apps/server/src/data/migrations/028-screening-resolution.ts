import { sql } from 'kysely';
import type { MigrationDb, MigrationFactory } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

const HIT_STATES = sql`state in ('open', 'pending_confirmation', 'cleared', 'confirmed_false_positive', 'true_match')`;
const CATEGORIES = sql`category in ('sanctions', 'pep', 'internal')`;
/** The hits still to resolve: the alerts queue's default, and what blocks an approval. */
const UNRESOLVED = sql`('open', 'pending_confirmation')`;

/**
 * Issue 18, slice 3 (docs/screening.md "Resolving a hit", "The alerts queue", D66):
 *
 * - `screening_hits` gains its resolution: `category` in clear (the list's, public; four eyes for
 *   sanctions, the queue's filter), `entry_hash` (the fingerprint of the list entry it was last scored
 *   against, screening_list_entries.hash: a resolution holds until the entry changes), `raised_at` (when
 *   it was raised, again after a change), the first reviewer of a four-eyes false positive
 *   (`proposed_by`, `proposed_at`), who resolved it (`resolved_by`, `resolved_at`) and who works it
 *   (`assignee_id`, `assigned_at`); the state `pending_confirmation`. Hits written before have no
 *   category in clear (it was only in the sealed explanation): they count as sanctions, the stricter.
 * - `account_freezes`: one row per person frozen by a true match (kyc-info, every submission, approvals),
 *   with whether compliance has been mailed (`notified_at`; the job mails what is left).
 * - `screening_exports`: the suspicious-activity export made at the true match, sealed under the
 *   person's data key (it holds their name and the hits' explanations).
 *
 * SQLite cannot alter a check constraint: `screening_hits` is rebuilt there (the documented 12-step
 * procedure, foreign keys off: the migrator runs SQLite migrations outside a transaction).
 */
export const m028ScreeningResolution: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    const binary = dialect === 'postgres' ? 'bytea' : 'blob';
    if (dialect === 'postgres') {
      await db.schema
        .alterTable('screening_hits')
        .addColumn('category', 'text', (c) => c.notNull().defaultTo('sanctions'))
        .addColumn('entry_hash', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('raised_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('proposed_by', 'bigint')
        .addColumn('proposed_at', 'bigint')
        .addColumn('resolved_by', 'bigint')
        .addColumn('resolved_at', 'bigint')
        .addColumn('assignee_id', 'bigint')
        .addColumn('assigned_at', 'bigint')
        .execute();
      await db.schema.alterTable('screening_hits').dropConstraint('screening_hits_state_check').execute();
      await db.schema
        .alterTable('screening_hits')
        .addCheckConstraint('screening_hits_state_check', HIT_STATES)
        .execute();
      await db.schema
        .alterTable('screening_hits')
        .addCheckConstraint('screening_hits_category_check', CATEGORIES)
        .execute();
      await db
        .updateTable('screening_hits')
        .set({ raised_at: sql.ref('created_at') })
        .execute();
      await db.schema.dropIndex('screening_hits_open_idx').execute();
    } else {
      await sql`pragma foreign_keys = off`.execute(db);
      try {
        await db.transaction().execute(async (trx) => {
          await withIdColumn(trx.schema.createTable('screening_hits_new'), dialect)
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
            .addColumn('category', 'text', (c) => c.notNull().defaultTo('sanctions'))
            .addColumn('entry_hash', 'text', (c) => c.notNull().defaultTo(''))
            .addColumn('raised_at', 'bigint', (c) => c.notNull().defaultTo(0))
            .addColumn('proposed_by', 'bigint')
            .addColumn('proposed_at', 'bigint')
            .addColumn('resolved_by', 'bigint')
            .addColumn('resolved_at', 'bigint')
            .addColumn('assignee_id', 'bigint')
            .addColumn('assigned_at', 'bigint')
            .addUniqueConstraint('screening_hits_user_entry_unique', ['user_id', 'list_id', 'list_entry_id'])
            .addCheckConstraint('screening_hits_state_check', HIT_STATES)
            .addCheckConstraint('screening_hits_category_check', CATEGORIES)
            .execute();
          await sql`insert into screening_hits_new (id, user_id, list_id, list_entry_id, run_id, matched_name,
              our_name_enc, score, explanation_enc, state, reason, created_at, updated_at, version, raised_at)
            select id, user_id, list_id, list_entry_id, run_id, matched_name, our_name_enc, score,
              explanation_enc, state, reason, created_at, updated_at, version, created_at
            from screening_hits`.execute(trx);
          await trx.schema.dropTable('screening_hits').execute();
          await trx.schema.alterTable('screening_hits_new').renameTo('screening_hits').execute();
        });
      } finally {
        await sql`pragma foreign_keys = on`.execute(db);
      }
    }

    // The approval's check and the case status: the person's hits still to resolve.
    await db.schema
      .createIndex('screening_hits_unresolved_idx')
      .on('screening_hits')
      .columns(['user_id'])
      .where(sql.ref('state'), 'in', UNRESOLVED)
      .execute();
    // The alerts queue (keyset on raised_at, id): the default (still to resolve), by list, by category;
    // and by one state, whatever it is.
    await db.schema
      .createIndex('screening_hits_alerts_idx')
      .on('screening_hits')
      .columns(['raised_at', 'id'])
      .where(sql.ref('state'), 'in', UNRESOLVED)
      .execute();
    await db.schema
      .createIndex('screening_hits_alerts_list_idx')
      .on('screening_hits')
      .columns(['list_id', 'raised_at', 'id'])
      .where(sql.ref('state'), 'in', UNRESOLVED)
      .execute();
    await db.schema
      .createIndex('screening_hits_alerts_category_idx')
      .on('screening_hits')
      .columns(['category', 'raised_at', 'id'])
      .where(sql.ref('state'), 'in', UNRESOLVED)
      .execute();
    await db.schema
      .createIndex('screening_hits_state_idx')
      .on('screening_hits')
      .columns(['state', 'raised_at', 'id'])
      .execute();

    await db.schema
      .createTable('account_freezes')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('hit_id', 'bigint', (c) => c.notNull())
      .addColumn('frozen_by', 'bigint', (c) => c.notNull())
      .addColumn('frozen_at', 'bigint', (c) => c.notNull())
      .addColumn('notified_at', 'bigint')
      .execute();
    // The screening job's scan of freezes compliance has not been mailed about: only those rows.
    await db.schema
      .createIndex('account_freezes_unnotified_idx')
      .on('account_freezes')
      .columns(['frozen_at'])
      .where(sql.ref('notified_at'), 'is', null)
      .execute();

    await withIdColumn(db.schema.createTable('screening_exports'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('hit_id', 'bigint', (c) => c.notNull())
      .addColumn('created_by', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('document_enc', binary, (c) => c.notNull())
      .execute();
    // The person's latest export (the case page's download).
    await db.schema
      .createIndex('screening_exports_user_idx')
      .on('screening_exports')
      .columns(['user_id', 'id'])
      .execute();

    await db
      .insertInto('service_levels')
      .values({ work_kind: 'screening_alert', hours: 24, updated_at: 0, updated_by: null })
      .execute();
  },
  async down(db: MigrationDb) {
    await db.deleteFrom('service_levels').where('work_kind', '=', 'screening_alert').execute();
    await db.schema.dropTable('screening_exports').execute();
    await db.schema.dropTable('account_freezes').execute();
    for (const index of [
      'screening_hits_state_idx',
      'screening_hits_alerts_category_idx',
      'screening_hits_alerts_list_idx',
      'screening_hits_alerts_idx',
      'screening_hits_unresolved_idx',
    ])
      await db.schema.dropIndex(index).execute();
    await db.schema
      .createIndex('screening_hits_open_idx')
      .on('screening_hits')
      .columns(['user_id'])
      .where(sql.ref('state'), '=', 'open')
      .execute();
  },
});
