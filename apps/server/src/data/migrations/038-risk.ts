import { sql } from 'kysely';
import { SHIPPED_COUNTRY_LISTS } from '../reference/risk-country-lists.ts';
import { SHIPPED_RISK_WEIGHTS } from '../reference/risk-weights.ts';
import { withIdColumn, type MigrationFactory, type MigrationDb } from './helpers.ts';

/**
 * Issue 18 "Risk score" (docs/screening.md "Risk score", D90–D91):
 * - `risk_country_entries`: one row per list and country (FATF call for action, FATF increased
 *   monitoring, EU high-risk third countries), with the date it was listed since when known, the date
 *   of the publication it was read from and that publication's URL; shipped as of the latest
 *   publication this code knows (data/reference/risk-country-lists.ts).
 * - `risk_weights`: each version of the factors' points and the low/medium/high thresholds (JSON),
 *   who made it (null: shipped) and when; the highest version is in force.
 * - `risk_assessments`: each person's assessments as history (level, points, factors JSON, the weights
 *   version, the trigger); the highest `seq` of a person is current. `(user_id, seq)` is unique, so two
 *   recomputations that both read the same current row cannot both append: the second fails and
 *   re-reads (the compare-and-set of D90).
 */
export const m038Risk: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('risk_country_entries')
      .addColumn('list', 'text', (c) =>
        c
          .notNull()
          .check(
            sql`${sql.ref('list')} in ('fatf_call_for_action', 'fatf_increased_monitoring', 'eu_high_risk')`,
          ),
      )
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('listed_since', 'text')
      .addColumn('published', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('risk_country_entries_pk', ['list', 'country'])
      .execute();
    await db.schema
      .createIndex('risk_country_entries_country_idx')
      .on('risk_country_entries')
      .column('country')
      .execute();
    await db.schema
      .createTable('risk_weights')
      .addColumn('version', 'integer', (c) => c.primaryKey())
      .addColumn('weights', 'text', (c) => c.notNull())
      .addColumn('created_by', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await withIdColumn(db.schema.createTable('risk_assessments'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('level', 'text', (c) =>
        c.notNull().check(sql`${sql.ref('level')} in ('low', 'medium', 'high')`),
      )
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('factors', 'text', (c) => c.notNull())
      .addColumn('weights_version', 'integer', (c) => c.notNull())
      .addColumn('trigger', 'text', (c) => c.notNull())
      .addColumn('computed_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('risk_assessments_user_seq_idx')
      .on('risk_assessments')
      .columns(['user_id', 'seq'])
      .unique()
      .execute();
    await db.schema
      .createIndex('risk_assessments_user_time_idx')
      .on('risk_assessments')
      .columns(['user_id', 'computed_at'])
      .execute();

    const at = Date.now();
    await db
      .insertInto('risk_country_entries')
      .values(
        SHIPPED_COUNTRY_LISTS.map((e) => ({
          list: e.list,
          country: e.country,
          listed_since: e.listedSince,
          published: e.published,
          source: e.source,
          updated_by: null,
          updated_at: at,
        })),
      )
      .execute();
    await db
      .insertInto('risk_weights')
      .values({ version: 1, weights: JSON.stringify(SHIPPED_RISK_WEIGHTS), created_by: null, created_at: at })
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('risk_assessments').execute();
    await db.schema.dropTable('risk_weights').execute();
    await db.schema.dropTable('risk_country_entries').execute();
  },
});
