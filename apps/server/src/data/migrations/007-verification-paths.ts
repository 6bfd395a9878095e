import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

/**
 * Verification paths besides the document upload (docs/kyc.md): the national id numbers each country
 * offers for a vendor check, vendor sessions (token stored hashed, single use), quick-KYC offers of a
 * shared verified identity, provider routing by country, and the announcements a person acknowledged.
 *
 * Personal data at rest: the applicants' names and date of birth become ciphertext under each user's
 * data key. A schema migration never holds the master key, so the conversion of the clear rows is the
 * keyed pass `sealClearPersonalData` (data/personal-data.ts) that the app runs at start-up, right after
 * the migrations; it is idempotent and converts exactly the rows still in clear.
 */

/** Which country offers which national id number for a vendor check (editable reference data). */
export const SEED_VENDOR_ID_TYPES: { idType: string; country: string }[] = [
  { idType: 'BVN', country: 'NG' },
  { idType: 'NIN', country: 'NG' },
  { idType: 'KE_NATIONAL_ID', country: 'KE' },
  { idType: 'GHANA_CARD', country: 'GH' },
];

const PROVIDERS = sql`provider in ('sumsub', 'jumio', 'aai', 'onfido', 'default')`;

export const m007VerificationPaths: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('vendor_id_types')
      .addColumn('id_type', 'text', (c) => c.primaryKey())
      .addColumn('country', 'text', (c) => c.notNull().references('countries.code'))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('vendor_id_types_enabled_check', sql`enabled in (0, 1)`)
      .addCheckConstraint(
        'vendor_id_types_id_type_check',
        sql`id_type in ('BVN', 'NIN', 'KE_NATIONAL_ID', 'GHANA_CARD')`,
      )
      .execute();

    await db.schema
      .createTable('vendor_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('id_type', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addCheckConstraint('vendor_sessions_level_check', sql`level = 1`)
      .addCheckConstraint('vendor_sessions_provider_check', PROVIDERS)
      .execute();
    await db.schema
      .createIndex('vendor_sessions_user_idx')
      .on('vendor_sessions')
      .columns(['user_id', 'created_at'])
      .execute();

    await withIdColumn(db.schema.createTable('quick_kyc_offers'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('document_type', 'text', (c) => c.notNull())
      .addColumn('verified_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('quick_kyc_offers_level_check', sql`level = 1`)
      .addCheckConstraint(
        'quick_kyc_offers_document_type_check',
        sql`document_type in ('ID_CARD', 'PASSPORT', 'DRIVERS', 'RESIDENCE_PERMIT')`,
      )
      .execute();
    await db.schema
      .createIndex('quick_kyc_offers_user_idx')
      .on('quick_kyc_offers')
      .columns(['user_id', 'expires_at'])
      .execute();

    await db.schema
      .createTable('provider_routes')
      .addColumn('country', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('percentage', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('provider_routes_provider_check', PROVIDERS)
      .addCheckConstraint('provider_routes_percentage_check', sql`percentage between 0 and 100`)
      .execute();

    await db.schema
      .createTable('kyc_announcement_acks')
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('announcement_id', 'text', (c) => c.notNull())
      .addColumn('acknowledged_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('kyc_announcement_acks_pk', ['user_id', 'announcement_id'])
      .execute();

    const now = Date.now();
    await db
      .insertInto('vendor_id_types')
      .values(
        SEED_VENDOR_ID_TYPES.map((v) => ({
          id_type: v.idType,
          country: v.country,
          enabled: 1,
          updated_at: now,
        })),
      )
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('kyc_announcement_acks').execute();
    await db.schema.dropTable('provider_routes').execute();
    await db.schema.dropTable('quick_kyc_offers').execute();
    await db.schema.dropTable('vendor_sessions').execute();
    await db.schema.dropTable('vendor_id_types').execute();
  },
});
