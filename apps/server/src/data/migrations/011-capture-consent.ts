import type { MigrationDb, MigrationFactory } from './helpers.ts';

/**
 * Capture that a compliance officer signs off (issue 10, docs/kyc.md "Consent and declaration",
 * docs/backoffice.md): on kyc_submissions the consent given before an ID and selfie were submitted
 * (`consent_version`, `consent_language`, `consent_at`; null for submissions that needed none) and the
 * moment a final rejection was proposed (`final_proposed_at`, the queue's "waiting for a senior" filter,
 * indexed with the status and the queue's sort); on kyc_decisions the reviewer's optional `comment`;
 * an index on kyc_documents for the sweep of uploads never attached to a submission. Only nullable or
 * defaulted columns are added, so both databases take them with ALTER TABLE and no rebuild.
 */
export const m011CaptureConsent: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema.alterTable('kyc_submissions').addColumn('consent_version', 'text').execute();
    await db.schema.alterTable('kyc_submissions').addColumn('consent_language', 'text').execute();
    await db.schema.alterTable('kyc_submissions').addColumn('consent_at', 'bigint').execute();
    await db.schema.alterTable('kyc_submissions').addColumn('final_proposed_at', 'bigint').execute();
    await db.schema
      .createIndex('kyc_submissions_pending_final_idx')
      .on('kyc_submissions')
      .columns(['status', 'final_proposed_at', 'created_at', 'id'])
      .execute();
    await db.schema
      .alterTable('kyc_decisions')
      .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .createIndex('kyc_documents_unattached_idx')
      .on('kyc_documents')
      .columns(['submission_id', 'created_at'])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropIndex('kyc_documents_unattached_idx').execute();
    await db.schema.alterTable('kyc_decisions').dropColumn('comment').execute();
    await db.schema.dropIndex('kyc_submissions_pending_final_idx').execute();
    for (const column of ['final_proposed_at', 'consent_at', 'consent_language', 'consent_version'])
      await db.schema.alterTable('kyc_submissions').dropColumn(column).execute();
  },
});
