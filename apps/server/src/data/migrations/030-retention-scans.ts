import { sql } from 'kysely';
import type { MigrationDb, MigrationFactory } from './helpers.ts';

/**
 * Issue 20: what the erasure job scans for rolling records (docs/data-lifecycle.md "Erasure"), each a
 * range read on its own index whatever the table's size: evidence never attached to a submission by
 * upload time (the identity documents' twin is kyc_documents_unattached_idx, migration 011), drafts by
 * last change, the security log by time, settled partner deliveries by creation.
 */
export const m030RetentionScans: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .createIndex('questionnaire_evidence_unattached_idx')
      .on('questionnaire_evidence')
      .columns(['created_at'])
      .where(sql.ref('submission_id'), 'is', null)
      .execute();
    await db.schema
      .createIndex('questionnaire_responses_draft_idx')
      .on('questionnaire_responses')
      .columns(['updated_at'])
      .where(sql.ref('draft_enc'), 'is not', null)
      .execute();
    await db.schema
      .createIndex('user_security_events_at_idx')
      .on('user_security_events')
      .columns(['at'])
      .execute();
    await db.schema
      .createIndex('partner_webhook_deliveries_settled_idx')
      .on('partner_webhook_deliveries')
      .columns(['created_at'])
      .where(sql.ref('status'), '<>', 'pending')
      .execute();
  },
  async down(db: MigrationDb) {
    for (const index of [
      'partner_webhook_deliveries_settled_idx',
      'user_security_events_at_idx',
      'questionnaire_responses_draft_idx',
      'questionnaire_evidence_unattached_idx',
    ])
      await db.schema.dropIndex(index).execute();
  },
});
