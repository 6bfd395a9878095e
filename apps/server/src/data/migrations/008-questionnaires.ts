import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

/**
 * Questionnaires, tests, agreements and declarations (docs/questionnaires.md, "Tables"): the published
 * template versions (seeded at start from content/questionnaires, never edited), one response per user
 * and template (status, pinned version, encrypted draft), the immutable submissions (encrypted answers,
 * score, Idempotency-Key unique per user), evidence uploads, EDD cases, compliance tasks and the SATOS
 * deposit verifications.
 */
export const m008Questionnaires: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    const binary = dialect === 'postgres' ? 'bytea' : 'blob';

    await db.schema
      .createTable('questionnaire_templates')
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('external_code', 'text')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('review', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('published_at', 'bigint', (c) => c.notNull())
      .addColumn('retired_at', 'bigint')
      .addPrimaryKeyConstraint('questionnaire_templates_pk', ['code', 'version'])
      .addCheckConstraint(
        'questionnaire_templates_kind_check',
        sql`kind in ('questionnaire', 'test', 'agreement', 'declaration')`,
      )
      .addCheckConstraint('questionnaire_templates_review_check', sql`review in ('staff', 'auto')`)
      .execute();

    await withIdColumn(db.schema.createTable('questionnaire_submissions'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('template_code', 'text', (c) => c.notNull())
      .addColumn('template_version', 'integer', (c) => c.notNull())
      .addColumn('answers_enc', binary, (c) => c.notNull())
      .addColumn('score', 'integer')
      .addColumn('max_score', 'integer')
      .addColumn('passed', 'integer')
      .addColumn('band', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('ip_address', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('questionnaire_submissions_idempotency_unique', ['user_id', 'idempotency_key'])
      .addForeignKeyConstraint(
        'questionnaire_submissions_template_fk',
        ['template_code', 'template_version'],
        'questionnaire_templates',
        ['code', 'version'],
      )
      .execute();
    await db.schema
      .createIndex('questionnaire_submissions_user_idx')
      .on('questionnaire_submissions')
      .columns(['user_id', 'template_code', 'created_at'])
      .execute();

    await withIdColumn(db.schema.createTable('questionnaire_responses'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('template_code', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('template_version', 'integer', (c) => c.notNull())
      .addColumn('draft_enc', binary)
      .addColumn('page_index', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('retry_after', 'bigint')
      .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('decided_by', 'bigint')
      .addColumn('decided_at', 'bigint')
      .addColumn('last_submission_id', 'bigint', (c) =>
        c.references('questionnaire_submissions.id').onDelete('set null'),
      )
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('questionnaire_responses_user_template_unique', ['user_id', 'template_code'])
      .addCheckConstraint(
        'questionnaire_responses_status_check',
        sql`status in ('UNDEFINED', 'UNSUBMIT', 'PENDING', 'PENDING_NO_EDIT', 'APPROVED', 'REJECTED')`,
      )
      .execute();
    await db.schema
      .createIndex('questionnaire_responses_status_idx')
      .on('questionnaire_responses')
      .columns(['status', 'updated_at'])
      .execute();

    await db.schema
      .createTable('questionnaire_evidence')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('submission_id', 'bigint', (c) =>
        c.references('questionnaire_submissions.id').onDelete('set null'),
      )
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('blob_id', 'text', (c) => c.notNull().unique())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint(
        'questionnaire_evidence_mime_check',
        sql`mime in ('image/jpeg', 'image/png', 'application/pdf')`,
      )
      .execute();
    await db.schema
      .createIndex('questionnaire_evidence_user_idx')
      .on('questionnaire_evidence')
      .columns(['user_id'])
      .execute();

    await db.schema
      .createTable('edd_cases')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('trigger_reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('pep', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('decided_by', 'bigint')
      .addColumn('decided_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint(
        'edd_cases_status_check',
        sql`status in ('Unknown', 'UnSubmit', 'Reviewing', 'Pass', 'Reject')`,
      )
      .addCheckConstraint('edd_cases_pep_check', sql`pep in (0, 1)`)
      .execute();

    await withIdColumn(db.schema.createTable('compliance_tasks'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('template_code', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('request_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_by', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('closed_at', 'bigint')
      .addCheckConstraint('compliance_tasks_kind_check', sql`kind in ('questionnaire', 'rfi')`)
      .addCheckConstraint('compliance_tasks_status_check', sql`status in ('open', 'done', 'cancelled')`)
      .execute();
    await db.schema
      .createIndex('compliance_tasks_user_idx')
      .on('compliance_tasks')
      .columns(['user_id', 'status'])
      .execute();

    await withIdColumn(db.schema.createTable('satos_verifications'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('deposit_ref', 'text', (c) => c.notNull())
      .addColumn('coin', 'text', (c) => c.notNull())
      .addColumn('network', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('submission_id', 'bigint', (c) =>
        c.notNull().references('questionnaire_submissions.id').onDelete('cascade'),
      )
      .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('satos_verifications_deposit_unique', ['user_id', 'deposit_ref'])
      .addCheckConstraint(
        'satos_verifications_status_check',
        sql`status in ('PENDING', 'PENDING_NO_EDIT', 'APPROVED', 'REJECTED')`,
      )
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('satos_verifications').execute();
    await db.schema.dropTable('compliance_tasks').execute();
    await db.schema.dropTable('edd_cases').execute();
    await db.schema.dropTable('questionnaire_evidence').execute();
    await db.schema.dropTable('questionnaire_responses').execute();
    await db.schema.dropTable('questionnaire_submissions').execute();
    await db.schema.dropTable('questionnaire_templates').execute();
  },
});
