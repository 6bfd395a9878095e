import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { sha256Hex } from '../../lib/tokens.ts';
import type { MigrationDb, MigrationFactory } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

/** The first-party business sdk-access mints tokens for (domain/kyc/sdk-access.ts, docs/sdk.md). */
const EXCHANGE_WEB_BUSINESS = 'exchange-web';

const KINDS = sql`kind in ('level', 'reverification', 'update_id', 'update_poa', 'vendor')`;
const DOCUMENT_TYPES = sql`document_type in ('ID_CARD', 'PASSPORT', 'DRIVERS', 'RESIDENCE_PERMIT', '')`;
const STATUSES = sql`status in ('PENDING', 'APPROVED', 'REJECTED_RETRY', 'REJECTED_FINAL')`;
const DECISIONS = sql`decision in ('approve', 'reject_retry', 'reject_final_proposed', 'reject_final_confirmed',
  'reverify_requested', 'reverify_approved', 'reverify_rejected', 'reverify_rejected_daily',
  'update_approved', 'update_rejected')`;
const DECISION_COLUMNS = sql`id, user_id, level, decision, reason_code, user_message, staff_id, confirmed_by, at`;

/**
 * Submission kinds (docs/kyc.md "Submission kinds"): `kind` (level, reverification, update_id,
 * update_poa, vendor) and `details_enc` (JSON sealed under the user's data key, domain/kyc/data-keys.ts)
 * on kyc_submissions; `document_type` may be '' (a proof-of-address update names no identity document);
 * at most one PENDING re-verification, ID update and address update per user (partial unique index).
 * kyc_decisions gains the decisions on them and `submission_id`. On SQLite a check constraint cannot be altered, so the table is rebuilt (the documented 12-step
 * procedure, foreign keys off: the migrator runs SQLite migrations outside a transaction). Also seeds
 * the first-party business `exchange-web` whose API key nobody knows (a hash of discarded random bytes).
 */
export const m006SubmissionKinds: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    const binary = dialect === 'postgres' ? 'bytea' : 'blob';
    if (dialect === 'postgres') {
      await db.schema
        .alterTable('kyc_submissions')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('level'))
        .execute();
      await db.schema.alterTable('kyc_submissions').addColumn('details_enc', binary).execute();
      await db.schema
        .alterTable('kyc_submissions')
        .dropConstraint('kyc_submissions_document_type_check')
        .execute();
      await db.schema
        .alterTable('kyc_submissions')
        .addCheckConstraint('kyc_submissions_document_type_check', DOCUMENT_TYPES)
        .execute();
      await db.schema
        .alterTable('kyc_submissions')
        .addCheckConstraint('kyc_submissions_kind_check', KINDS)
        .execute();
      await db.schema.alterTable('kyc_decisions').addColumn('submission_id', 'bigint').execute();
      await db.schema.alterTable('kyc_decisions').dropConstraint('kyc_decisions_decision_check').execute();
      await db.schema
        .alterTable('kyc_decisions')
        .addCheckConstraint('kyc_decisions_decision_check', DECISIONS)
        .execute();
    } else {
      await sql`pragma foreign_keys = off`.execute(db);
      try {
        await db.transaction().execute(async (trx) => {
          await withIdColumn(trx.schema.createTable('kyc_submissions_new'), dialect)
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
            .addColumn('kind', 'text', (c) => c.notNull().defaultTo('level'))
            .addColumn('details_enc', binary)
            .addUniqueConstraint('kyc_submissions_idempotency_unique', ['user_id', 'idempotency_key'])
            .addCheckConstraint('kyc_submissions_level_check', sql`level in (1, 2)`)
            .addCheckConstraint('kyc_submissions_document_type_check', DOCUMENT_TYPES)
            .addCheckConstraint('kyc_submissions_status_check', STATUSES)
            .addCheckConstraint('kyc_submissions_kind_check', KINDS)
            .execute();
          await sql`insert into kyc_submissions_new (id, user_id, level, document_type, issuing_country,
            status, idempotency_key, created_at, decided_at, decided_by, reject_reason_code, reject_reason)
            select id, user_id, level, document_type, issuing_country, status, idempotency_key, created_at,
            decided_at, decided_by, reject_reason_code, reject_reason from kyc_submissions`.execute(trx);
          await trx.schema.dropTable('kyc_submissions').execute();
          await trx.schema.alterTable('kyc_submissions_new').renameTo('kyc_submissions').execute();
          await trx.schema
            .createIndex('kyc_submissions_status_idx')
            .on('kyc_submissions')
            .columns(['status', 'created_at'])
            .execute();

          await withIdColumn(trx.schema.createTable('kyc_decisions_new'), dialect)
            .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
            .addColumn('level', 'integer', (c) => c.notNull())
            .addColumn('decision', 'text', (c) => c.notNull())
            .addColumn('reason_code', 'text', (c) => c.notNull().defaultTo(''))
            .addColumn('user_message', 'text', (c) => c.notNull().defaultTo(''))
            .addColumn('staff_id', 'bigint', (c) => c.notNull())
            .addColumn('confirmed_by', 'bigint')
            .addColumn('at', 'bigint', (c) => c.notNull())
            .addColumn('submission_id', 'bigint')
            .addCheckConstraint('kyc_decisions_level_check', sql`level in (0, 1, 2)`)
            .addCheckConstraint('kyc_decisions_decision_check', DECISIONS)
            .execute();
          await sql`insert into kyc_decisions_new (${DECISION_COLUMNS})
            select ${DECISION_COLUMNS} from kyc_decisions`.execute(trx);
          await trx.schema.dropTable('kyc_decisions').execute();
          await trx.schema.alterTable('kyc_decisions_new').renameTo('kyc_decisions').execute();
          await trx.schema
            .createIndex('kyc_decisions_user_idx')
            .on('kyc_decisions')
            .columns(['user_id', 'level'])
            .execute();

          const broken = await sql`pragma foreign_key_check`.execute(trx);
          if (broken.rows.length > 0) throw new Error('foreign keys broken by the kyc_submissions rebuild');
        });
      } finally {
        await sql`pragma foreign_keys = on`.execute(db);
      }
    }
    await db.schema
      .createIndex('kyc_submissions_user_kind_idx')
      .on('kyc_submissions')
      .columns(['user_id', 'kind', 'created_at'])
      .execute();
    // One review at a time per kind: a concurrent second request fails here (answered as "under review").
    await db.schema
      .createIndex('kyc_submissions_one_pending_update')
      .on('kyc_submissions')
      .columns(['user_id', 'kind'])
      .unique()
      .where(sql.ref('status'), '=', 'PENDING')
      .where(sql.ref('kind'), 'in', ['reverification', 'update_id', 'update_poa'])
      .execute();

    const now = Date.now();
    await db
      .insertInto('sdk_businesses')
      .values({
        id: EXCHANGE_WEB_BUSINESS,
        name: 'Exchange web',
        allowed_origins: '[]',
        access_origin: 'bybit',
        // Nobody holds a key: partner calls as exchange-web always fail; only sdk-access mints its tokens.
        api_key_hash: sha256Hex(randomBytes(32).toString('base64url')),
        active: 1,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },
  async down(db: MigrationDb) {
    await db.deleteFrom('sdk_businesses').where('id', '=', EXCHANGE_WEB_BUSINESS).execute();
    await db.schema.dropIndex('kyc_submissions_one_pending_update').execute();
    await db.schema.dropIndex('kyc_submissions_user_kind_idx').execute();
    await db.schema.alterTable('kyc_decisions').dropColumn('submission_id').execute();
    await db.schema.alterTable('kyc_submissions').dropColumn('details_enc').execute();
    await db.schema.alterTable('kyc_submissions').dropColumn('kind').execute();
  },
});
