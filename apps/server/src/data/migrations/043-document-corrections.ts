import { sql } from 'kysely';
import { withIdColumn, type MigrationFactory, type MigrationDb } from './helpers.ts';

/**
 * Issue 19, the person's correction step (docs/checks.md "The correction step", D100–D101):
 * `document_check_corrections`, one row per answer the person gave to a question of the document checks
 * (a field that disagrees with the MRZ corrected or kept with a reason, the zone typed, or the zone
 * declined). `(submission_id, revision)` unique is the compare-and-set: an answer inserts the revision
 * after the one it answered, so of two concurrent answers exactly one is stored. `fields` names the
 * fields and actions in clear (no values); `answer_enc` holds what was typed before, what the document
 * says and the answer, sealed under the person's data key. `(user_id, idempotency_key)` unique: a retry
 * answers the first result.
 */
export const m043DocumentCorrections: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    const binary = dialect === 'postgres' ? 'bytea' : 'blob';
    await withIdColumn(db.schema.createTable('document_check_corrections'), dialect)
      .addColumn('submission_id', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) =>
        c.notNull().check(sql`${sql.ref('kind')} in ('fields', 'mrz', 'mrz_declined')`),
      )
      .addColumn('fields', 'text', (c) => c.notNull())
      .addColumn('answer_enc', binary)
      .addColumn('data_match', 'text', (c) =>
        c.notNull().check(sql`${sql.ref('data_match')} in ('pass', 'fail', 'not_run')`),
      )
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('document_check_corrections_revision_idx')
      .on('document_check_corrections')
      .columns(['submission_id', 'revision'])
      .unique()
      .execute();
    await db.schema
      .createIndex('document_check_corrections_key_idx')
      .on('document_check_corrections')
      .columns(['user_id', 'idempotency_key'])
      .unique()
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('document_check_corrections').execute();
  },
});
