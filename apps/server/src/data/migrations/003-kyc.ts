import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

/**
 * Identity verification (docs/kyc.md): the applicant per user, the step state per level, the quotas
 * per level, the country list and the re-verification state. Reference data (quotas, countries) is
 * seeded here because every deployment needs it; an admin edits it later.
 */

/** spec §9 "Default quota BTC with limit 0"; daily withdrawal limits per level (decimal strings). */
export const SEED_QUOTAS: { scope: 'KYC' | 'KYB'; level: number; coin: string; limit: string }[] = [
  { scope: 'KYC', level: 0, coin: 'BTC', limit: '0' },
  { scope: 'KYC', level: 0, coin: 'USDT', limit: '0' },
  { scope: 'KYC', level: 1, coin: 'BTC', limit: '2' },
  { scope: 'KYC', level: 1, coin: 'USDT', limit: '100000' },
  { scope: 'KYC', level: 2, coin: 'BTC', limit: '100' },
  { scope: 'KYC', level: 2, coin: 'USDT', limit: '5000000' },
  { scope: 'KYB', level: 0, coin: 'BTC', limit: '0' },
  { scope: 'KYB', level: 1, coin: 'BTC', limit: '50' },
  { scope: 'KYB', level: 2, coin: 'BTC', limit: '500' },
];

const ID = 'ID_CARD';
const PP = 'PASSPORT';
const DL = 'DRIVERS';
const RP = 'RESIDENCE_PERMIT';

/**
 * ISO code, documents a person from that country can verify with, closed (1) or not. Closed: countries
 * under comprehensive sanctions (FATF "call for action": KP, IR, MM) and a few the exchange does not serve.
 */
export const SEED_COUNTRIES: { code: string; documents: string[]; disabled: 0 | 1 }[] = [
  { code: 'AE', documents: [ID, PP, RP], disabled: 0 },
  { code: 'AR', documents: [ID, PP, DL], disabled: 0 },
  { code: 'AU', documents: [PP, DL], disabled: 0 },
  { code: 'AT', documents: [ID, PP, DL, RP], disabled: 0 },
  { code: 'BR', documents: [ID, PP, DL], disabled: 0 },
  { code: 'CA', documents: [PP, DL], disabled: 0 },
  { code: 'CH', documents: [ID, PP, DL, RP], disabled: 0 },
  { code: 'CU', documents: [ID, PP], disabled: 1 },
  { code: 'DE', documents: [ID, PP, DL, RP], disabled: 0 },
  { code: 'EG', documents: [ID, PP], disabled: 0 },
  { code: 'ES', documents: [ID, PP, DL, RP], disabled: 0 },
  { code: 'FR', documents: [ID, PP, DL, RP], disabled: 0 },
  { code: 'GB', documents: [PP, DL, RP], disabled: 0 },
  { code: 'GE', documents: [ID, PP, DL], disabled: 0 },
  { code: 'GH', documents: [ID, PP, DL], disabled: 0 },
  { code: 'HK', documents: [ID, PP], disabled: 0 },
  { code: 'ID', documents: [ID, PP, DL], disabled: 0 },
  { code: 'IN', documents: [ID, PP, DL], disabled: 0 },
  { code: 'IR', documents: [ID, PP], disabled: 1 },
  { code: 'IT', documents: [ID, PP, DL, RP], disabled: 0 },
  { code: 'JP', documents: [PP, DL, RP], disabled: 0 },
  { code: 'KE', documents: [ID, PP, DL], disabled: 0 },
  { code: 'KP', documents: [PP], disabled: 1 },
  { code: 'KR', documents: [ID, PP, DL], disabled: 0 },
  { code: 'KZ', documents: [ID, PP, DL, RP], disabled: 0 },
  { code: 'MM', documents: [ID, PP], disabled: 1 },
  { code: 'MX', documents: [ID, PP, DL], disabled: 0 },
  { code: 'MY', documents: [ID, PP, DL], disabled: 0 },
  { code: 'NG', documents: [ID, PP, DL], disabled: 0 },
  { code: 'NL', documents: [ID, PP, DL, RP], disabled: 0 },
  { code: 'PH', documents: [ID, PP, DL], disabled: 0 },
  { code: 'PL', documents: [ID, PP, DL, RP], disabled: 0 },
  { code: 'PT', documents: [ID, PP, DL, RP], disabled: 0 },
  { code: 'RU', documents: [ID, PP], disabled: 0 },
  { code: 'SA', documents: [ID, PP, RP], disabled: 0 },
  { code: 'SG', documents: [ID, PP, DL, RP], disabled: 0 },
  { code: 'SY', documents: [ID, PP], disabled: 1 },
  { code: 'TH', documents: [ID, PP, DL], disabled: 0 },
  { code: 'TR', documents: [ID, PP, DL, RP], disabled: 0 },
  { code: 'TW', documents: [ID, PP, DL, RP], disabled: 0 },
  { code: 'UA', documents: [ID, PP, DL], disabled: 0 },
  { code: 'VN', documents: [ID, PP, DL], disabled: 0 },
  { code: 'ZA', documents: [ID, PP, DL], disabled: 0 },
];

export const m003Kyc: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withIdColumn(db.schema.createTable('applicants'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
      .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('date_of_birth', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('residence_country', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('provider', 'text', (c) => c.notNull().defaultTo('default'))
      .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('kyc_opened', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('limitation', 'text', (c) => c.notNull().defaultTo('LIMITATION_DEFAULT'))
      .addColumn('limitation_reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('custody', 'text', (c) => c.notNull().defaultTo('CUSTODY_UNSPECIFIED'))
      .addColumn('second_identity_state', 'text', (c) => c.notNull().defaultTo('UNDEFINED'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('applicants_level_check', sql`level in (0, 1, 2)`)
      .addCheckConstraint('applicants_kyc_opened_check', sql`kyc_opened in (0, 1)`)
      .addCheckConstraint(
        'applicants_provider_check',
        sql`provider in ('sumsub', 'jumio', 'aai', 'onfido', 'default')`,
      )
      .execute();

    await db.schema
      .createTable('kyc_level_states')
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull().defaultTo('INDIVIDUAL'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reject_reason_code', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('kyc_level_states_pk', ['user_id', 'level'])
      .addCheckConstraint('kyc_level_states_level_check', sql`level in (1, 2)`)
      .addCheckConstraint(
        'kyc_level_states_status_check',
        sql`status in ('ALLOW', 'NOT_ALLOW', 'PENDING', 'SUCCESS', 'FAILED_AND_CAN_RETRY', 'FAILED_AND_CAN_NOT_RETRY', 'CERTIFICATION_DISABLED')`,
      )
      .execute();

    await db.schema
      .createTable('kyc_quotas')
      .addColumn('scope', 'text', (c) => c.notNull().defaultTo('KYC'))
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('coin', 'text', (c) => c.notNull())
      .addColumn('limit_amount', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('kyc_quotas_pk', ['scope', 'level', 'coin'])
      .addCheckConstraint('kyc_quotas_scope_check', sql`scope in ('KYC', 'KYB')`)
      .execute();

    await db.schema
      .createTable('countries')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('name_key', 'text', (c) => c.notNull())
      .addColumn('kyc_disabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('document_types', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('countries_kyc_disabled_check', sql`kyc_disabled in (0, 1)`)
      .execute();

    await db.schema
      .createTable('reverification')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('deadline', 'bigint')
      .addColumn('site', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    const now = Date.now();
    await db
      .insertInto('kyc_quotas')
      .values(
        SEED_QUOTAS.map((q) => ({
          scope: q.scope,
          level: q.level,
          coin: q.coin,
          limit_amount: q.limit,
          updated_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('countries')
      .values(
        SEED_COUNTRIES.map((c) => ({
          code: c.code,
          name_key: `country.${c.code}`,
          kyc_disabled: c.disabled,
          document_types: JSON.stringify(c.documents),
          updated_at: now,
        })),
      )
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('reverification').execute();
    await db.schema.dropTable('countries').execute();
    await db.schema.dropTable('kyc_quotas').execute();
    await db.schema.dropTable('kyc_level_states').execute();
    await db.schema.dropTable('applicants').execute();
  },
});
