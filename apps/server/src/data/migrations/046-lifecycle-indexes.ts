import type { MigrationDb, MigrationFactory } from './helpers.ts';

/**
 * Issue 20, the data lifecycle at volume and the person's copy (docs/data-lifecycle.md "Throughput",
 * docs/data-export.md "What is in it"): reads by person that had no index.
 *
 * - `document_check_results (user_id, submission_id)`: the erasure deletes a person's check results with
 *   their documents, and the person's copy lists them (issue 19's table had indexes by submission and by
 *   document hash only, so each person meant a scan of every result).
 */
export const m046LifecycleIndexes: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .createIndex('document_check_results_user_idx')
      .on('document_check_results')
      .columns(['user_id', 'submission_id'])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropIndex('document_check_results_user_idx').execute();
  },
});
