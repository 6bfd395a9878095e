import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

/**
 * Signed webhooks out to partners (issue 13, docs/sdk.md "Webhooks to partners", D45).
 * `partner_webhooks`: one endpoint per partner, its secret sealed under the master key like the signing
 * secrets (D37). `status_outbox`: every change of a person's level or questionnaire status, written in
 * the transaction of the change (transactional outbox); the partial index serves the dispatch scan of
 * rows not yet turned into deliveries. `partner_webhook_deliveries`: one row per (event, partner), its
 * body fixed when it is made (the partner's own reference, never our ids), retried on a schedule; the
 * (status, next_attempt_at) index serves the delivery scan, (business_id, id) the back office's pages.
 */
export const m018PartnerWebhooks: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('partner_webhooks')
      .addColumn('business_id', 'text', (c) =>
        c.primaryKey().references('sdk_businesses.id').onDelete('cascade'),
      )
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('secret_sealed', 'text', (c) => c.notNull())
      .addColumn('secret_fingerprint', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('partner_webhooks_enabled_check', sql`enabled in (0, 1)`)
      .execute();

    await withIdColumn(db.schema.createTable('status_outbox'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('ref', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('dispatched_at', 'bigint')
      .addCheckConstraint('status_outbox_kind_check', sql`kind in ('kyc_level', 'questionnaire')`)
      .execute();
    await db.schema
      .createIndex('status_outbox_undispatched_idx')
      .on('status_outbox')
      .column('id')
      .where(sql.ref('dispatched_at'), 'is', null)
      .execute();

    await withIdColumn(db.schema.createTable('partner_webhook_deliveries'), dialect)
      .addColumn('business_id', 'text', (c) =>
        c.notNull().references('sdk_businesses.id').onDelete('cascade'),
      )
      .addColumn('event_id', 'text', (c) => c.notNull().unique())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint')
      .addColumn('last_status_code', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('delivered_at', 'bigint')
      .addCheckConstraint(
        'partner_webhook_deliveries_status_check',
        sql`status in ('pending', 'delivered', 'failed')`,
      )
      .execute();
    await db.schema
      .createIndex('partner_webhook_deliveries_due_idx')
      .on('partner_webhook_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('partner_webhook_deliveries_business_idx')
      .on('partner_webhook_deliveries')
      .columns(['business_id', 'id'])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('partner_webhook_deliveries').execute();
    await db.schema.dropTable('status_outbox').execute();
    await db.schema.dropTable('partner_webhooks').execute();
  },
});
