import { sql } from 'kysely';
import type { MigrationDb, MigrationFactory } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

const STATUSES = sql`status in ('pending', 'building', 'ready', 'downloaded', 'expired', 'failed')`;
const ORIGINS = sql`origin in ('self', 'staff')`;
/** A copy not yet built: at most one per person and origin (the person's own, compliance's). */
const IN_PROGRESS = sql`('pending', 'building')`;

/**
 * Issue 20, the person's own copy (docs/data-export.md, D74): `data_exports`, one row per copy asked for,
 * by the person (`origin` self, behind scene 30034) or by compliance for a subject access request
 * (`origin` staff, with `requested_by` and the `reason`). The job claims a pending row by compare-and-set
 * (`claimed_until`: the lease), builds the zip, seals it under the person's data key into the document
 * store (`blob_id`, the store's id; the orphan sweep counts it as referenced) and marks it ready for 7 days
 * (`expires_at`). The download link's token is stored only as its SHA-256 (`link_hash`, unique), with its
 * own end (`link_expires_at`); the one download moves ready → downloaded by compare-and-set and the blob
 * goes. `idempotency_key` is unique per person (the retry of a request answers the same row); a partial
 * unique index keeps one copy in progress per person and origin, so two concurrent requests make one.
 */
export const m031DataExports: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withIdColumn(db.schema.createTable('data_exports'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('requested_by', 'bigint')
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('requested_at', 'bigint', (c) => c.notNull())
      .addColumn('claimed_until', 'bigint')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ready_at', 'bigint')
      .addColumn('expires_at', 'bigint')
      .addColumn('blob_id', 'text')
      .addColumn('size', 'bigint')
      .addColumn('sha256', 'text')
      .addColumn('link_hash', 'text')
      .addColumn('link_expires_at', 'bigint')
      .addColumn('downloaded_at', 'bigint')
      .addColumn('error', 'text')
      .addCheckConstraint('data_exports_status_check', STATUSES)
      .addCheckConstraint('data_exports_origin_check', ORIGINS)
      .addUniqueConstraint('data_exports_user_key_unique', ['user_id', 'idempotency_key'])
      .execute();
    await db.schema
      .createIndex('data_exports_one_in_progress_idx')
      .unique()
      .on('data_exports')
      .columns(['user_id', 'origin'])
      .where(sql.ref('status'), 'in', IN_PROGRESS)
      .execute();
    // The person's latest copy (status, the daily limit).
    await db.schema
      .createIndex('data_exports_user_idx')
      .on('data_exports')
      .columns(['user_id', 'id'])
      .execute();
    // The job's scan: copies still to build, oldest first.
    await db.schema
      .createIndex('data_exports_due_idx')
      .on('data_exports')
      .columns(['requested_at', 'id'])
      .where(sql.ref('status'), 'in', IN_PROGRESS)
      .execute();
    // The sweep's scan: copies whose blob is still stored.
    await db.schema
      .createIndex('data_exports_stored_idx')
      .on('data_exports')
      .columns(['expires_at'])
      .where(sql.ref('blob_id'), 'is not', null)
      .execute();
    await db.schema
      .createIndex('data_exports_link_idx')
      .unique()
      .on('data_exports')
      .columns(['link_hash'])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('data_exports').execute();
  },
});
