import { sql } from 'kysely';
import { withIdColumn, type MigrationFactory, type MigrationDb } from './helpers.ts';

/**
 * Issue 19 "Wiring" (docs/checks.md "Running the checks", D96–D97):
 * - `document_check_runs`: one per in-house level-1 submission (unique), written in the submitting
 *   transaction as 'due'; claimed with a lease by the background run or the `document-checks` job,
 *   'done' with its results in one transaction, 'failed' after the last attempt.
 * - `document_check_results`: one row per check of a submission (`(submission_id, name)` unique: a run
 *   done twice cannot store two sets). `detail` is JSON without personal data; `evidence_enc` the
 *   personal part (what the MRZ says, what was typed) sealed under the person's data key.
 *   `document_hash` is the keyed hash of the MRZ document number and issuing state (duplicates).
 */
export const m042DocumentChecks: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    const binary = dialect === 'postgres' ? 'bytea' : 'blob';
    const real = dialect === 'postgres' ? 'double precision' : 'real';
    await withIdColumn(db.schema.createTable('document_check_runs'), dialect)
      .addColumn('submission_id', 'bigint', (c) => c.notNull().unique())
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`${sql.ref('status')} in ('due', 'running', 'done', 'failed')`),
      )
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('claimed_until', 'bigint')
      .addColumn('error', 'text')
      .addColumn('requested_at', 'bigint', (c) => c.notNull())
      .addColumn('checked_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('document_check_runs_due_idx')
      .on('document_check_runs')
      .columns(['status', 'requested_at'])
      .execute();
    await db.schema
      .createIndex('document_check_runs_user_idx')
      .on('document_check_runs')
      .columns(['user_id', 'submission_id'])
      .execute();
    await withIdColumn(db.schema.createTable('document_check_results'), dialect)
      .addColumn('submission_id', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) =>
        c.notNull().check(sql`${sql.ref('outcome')} in ('pass', 'warn', 'fail', 'not_run')`),
      )
      .addColumn('score', real)
      .addColumn('threshold', real)
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('evidence_enc', binary)
      .addColumn('related_user_id', 'bigint')
      .addColumn('document_hash', 'text')
      .addColumn('checked_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('document_check_results_submission_name_idx')
      .on('document_check_results')
      .columns(['submission_id', 'name'])
      .unique()
      .execute();
    await db.schema
      .createIndex('document_check_results_hash_idx')
      .on('document_check_results')
      .columns(['document_hash', 'user_id'])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('document_check_results').execute();
    await db.schema.dropTable('document_check_runs').execute();
  },
});
