import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

/**
 * The write side of verification with the in-house provider (docs/kyc.md, "Submitting a level"): one
 * wrapped data key per user, the uploaded documents (encrypted blobs on disk, one row each) and the
 * submissions that put a level in review. A submission is idempotent per user and Idempotency-Key
 * (unique constraint), and a document belongs to at most one submission.
 */
export const m004Submissions: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    const binary = dialect === 'postgres' ? 'bytea' : 'blob';

    await db.schema
      .createTable('user_data_keys')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('wrapped_key', binary, (c) => c.notNull())
      .addColumn('key_id', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await withIdColumn(db.schema.createTable('kyc_submissions'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('document_type', 'text', (c) => c.notNull())
      .addColumn('issuing_country', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('decided_at', 'bigint')
      .addColumn('decided_by', 'bigint')
      .addColumn('reject_reason_code', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
      .addUniqueConstraint('kyc_submissions_idempotency_unique', ['user_id', 'idempotency_key'])
      .addCheckConstraint('kyc_submissions_level_check', sql`level in (1, 2)`)
      .addCheckConstraint(
        'kyc_submissions_document_type_check',
        sql`document_type in ('ID_CARD', 'PASSPORT', 'DRIVERS', 'RESIDENCE_PERMIT')`,
      )
      .addCheckConstraint(
        'kyc_submissions_status_check',
        sql`status in ('PENDING', 'APPROVED', 'REJECTED_RETRY', 'REJECTED_FINAL')`,
      )
      .execute();
    await db.schema
      .createIndex('kyc_submissions_status_idx')
      .on('kyc_submissions')
      .columns(['status', 'created_at'])
      .execute();

    await db.schema
      .createTable('kyc_documents')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('submission_id', 'bigint', (c) => c.references('kyc_submissions.id').onDelete('set null'))
      .addColumn('side', 'text', (c) => c.notNull())
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('blob_id', 'text', (c) => c.notNull().unique())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('kyc_documents_side_check', sql`side in ('front', 'back', 'selfie', 'poa')`)
      .addCheckConstraint(
        'kyc_documents_mime_check',
        sql`mime in ('image/jpeg', 'image/png', 'application/pdf')`,
      )
      .execute();
    await db.schema.createIndex('kyc_documents_user_idx').on('kyc_documents').columns(['user_id']).execute();
    await db.schema
      .createIndex('kyc_documents_submission_idx')
      .on('kyc_documents')
      .columns(['submission_id'])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('kyc_documents').execute();
    await db.schema.dropTable('kyc_submissions').execute();
    await db.schema.dropTable('user_data_keys').execute();
  },
});
