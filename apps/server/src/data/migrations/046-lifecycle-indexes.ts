import type { MigrationDb, MigrationFactory } from './helpers.ts';

/**
 * Issue 20, the data lifecycle at volume and the person's copy (docs/data-lifecycle.md "Throughput",
 * docs/data-export.md "What is in it"): reads by person that had no index.
 *
 * - `document_check_results (user_id, submission_id)`: the erasure deletes a person's check results with
 *   their documents, and the person's copy lists them (issue 19's table had indexes by submission and by
 *   document hash only, so each person meant a scan of every result).
 * - `risk_tokens (user_id)`: the erasure deletes a person's security-verification tokens (the table had
 *   its hash and expiry only: a scan of every token per person).
 */
export const m046LifecycleIndexes: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .createIndex('document_check_results_user_idx')
      .on('document_check_results')
      .columns(['user_id', 'submission_id'])
      .execute();
    await db.schema.createIndex('risk_tokens_user_idx').on('risk_tokens').columns(['user_id']).execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropIndex('risk_tokens_user_idx').execute();
    await db.schema.dropIndex('document_check_results_user_idx').execute();
  },
});
