import { alpha3Of } from '@kyc/contracts';
import { DEFAULT_COVERAGE, defaultCoverage } from '../reference/country-coverage.ts';
import type { MigrationDb, MigrationFactory } from './helpers.ts';
import { SEED_COUNTRIES } from './003-kyc.ts';

/**
 * Every ISO 3166-1 country (docs/countries.md): `countries` gains `alpha3`, `closed_reason` (why a
 * closed country is closed) and `version` (compare-and-set of the back office's coverage edits), and
 * the 249 countries are upserted from data/reference/country-coverage.ts. Idempotent and keeping what
 * operators changed: a row that exists keeps its state and documents; only an empty alpha-3 and a
 * closed row without a reason are filled in.
 */
export const m010Countries: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .alterTable('countries')
      .addColumn('alpha3', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('countries')
      .addColumn('closed_reason', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('countries')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createIndex('countries_kyc_disabled_idx')
      .on('countries')
      .column('kyc_disabled')
      .execute();
    await upsertCountries(db, Date.now());
  },
  async down(db: MigrationDb) {
    const seeded = SEED_COUNTRIES.map((c) => c.code);
    await db.deleteFrom('countries').where('code', 'not in', seeded).execute();
    await db.schema.dropIndex('countries_kyc_disabled_idx').execute();
    await db.schema.alterTable('countries').dropColumn('version').execute();
    await db.schema.alterTable('countries').dropColumn('closed_reason').execute();
    await db.schema.alterTable('countries').dropColumn('alpha3').execute();
  },
});

/** Inserts the countries that are missing, then completes the rows that existed before (see above). */
export async function upsertCountries(db: MigrationDb, now: number): Promise<void> {
  await db
    .insertInto('countries')
    .values(
      DEFAULT_COVERAGE.map((c) => ({
        code: c.code,
        name_key: `country.${c.code}`,
        alpha3: alpha3Of(c.code) ?? '',
        kyc_disabled: c.closedReason ? 1 : 0,
        closed_reason: c.closedReason,
        document_types: JSON.stringify(c.documentTypes),
        version: 1,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const incomplete = (await db
    .selectFrom('countries')
    .select(['code', 'alpha3', 'kyc_disabled', 'closed_reason'])
    .where((eb) =>
      eb.or([eb('alpha3', '=', ''), eb.and([eb('kyc_disabled', '=', 1), eb('closed_reason', '=', '')])]),
    )
    .execute()) as { code: string; alpha3: string; kyc_disabled: number; closed_reason: string }[];
  for (const row of incomplete) {
    // An operator's closure without a known reason is recorded as the business decision it was.
    const reason =
      row.kyc_disabled === 1 && !row.closed_reason
        ? defaultCoverage(row.code).closedReason || 'NOT_SERVED_BUSINESS'
        : row.closed_reason;
    await db
      .updateTable('countries')
      .set({ alpha3: row.alpha3 || (alpha3Of(row.code) ?? ''), closed_reason: reason })
      .where('code', '=', row.code)
      .execute();
  }
}
