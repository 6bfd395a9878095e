import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

/**
 * Verification vendors (issue 13, docs/providers.md). `vendor_applicants`: a person's applicant at a
 * vendor, known to it only by our opaque `external_user_id`; `pending_since` is set while the vendor
 * reviews, and the partial index serves the reconciliation job's scan. `vendor_events`: every webhook
 * and reconciled result, unique per vendor and event key (the same event twice has one effect), its
 * payload sealed under the person's data key. `kyc_decisions.decided_by_provider` names the vendor of
 * an automatic decision ('' for staff; the row's staff_id is then 0).
 */
export const m017Providers: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    const binary = dialect === 'postgres' ? 'bytea' : 'blob';
    const PROVIDERS = sql`provider in ('sumsub', 'onfido', 'jumio')`;
    await withIdColumn(db.schema.createTable('vendor_applicants'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('external_user_id', 'text', (c) => c.notNull().unique())
      .addColumn('vendor_applicant_id', 'text')
      .addColumn('flow_id', 'text')
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('review_status', 'text', (c) => c.notNull().defaultTo('init'))
      .addColumn('last_event_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('pending_since', 'bigint')
      .addColumn('reconciled_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('vendor_applicants_user_provider_unique', ['user_id', 'provider'])
      .addCheckConstraint('vendor_applicants_provider_check', PROVIDERS)
      .addCheckConstraint('vendor_applicants_level_check', sql`level in (1, 2)`)
      .addCheckConstraint(
        'vendor_applicants_review_status_check',
        sql`review_status in ('init', 'pending', 'on_hold', 'completed')`,
      )
      .execute();
    await db.schema
      .createIndex('vendor_applicants_vendor_id_idx')
      .on('vendor_applicants')
      .columns(['provider', 'vendor_applicant_id'])
      .execute();
    await db.schema
      .createIndex('vendor_applicants_pending_idx')
      .on('vendor_applicants')
      .columns(['pending_since', 'id'])
      .where(sql.ref('pending_since'), 'is not', null)
      .execute();

    await withIdColumn(db.schema.createTable('vendor_events'), dialect)
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('event_key', 'text', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('vendor_applicant_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('level', 'integer')
      .addColumn('occurred_at', 'bigint', (c) => c.notNull())
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('effect', 'text', (c) => c.notNull())
      .addColumn('payload_enc', binary)
      .addUniqueConstraint('vendor_events_key_unique', ['provider', 'event_key'])
      .addCheckConstraint('vendor_events_provider_check', PROVIDERS)
      .addCheckConstraint('vendor_events_source_check', sql`source in ('webhook', 'reconciliation')`)
      .execute();
    await db.schema
      .createIndex('vendor_events_user_idx')
      .on('vendor_events')
      .columns(['user_id', 'id'])
      .execute();

    await db.schema
      .alterTable('kyc_decisions')
      .addColumn('decided_by_provider', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.alterTable('kyc_decisions').dropColumn('decided_by_provider').execute();
    await db.schema.dropTable('vendor_events').execute();
    await db.schema.dropTable('vendor_applicants').execute();
  },
});
