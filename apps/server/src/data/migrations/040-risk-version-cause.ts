import type { MigrationDb, MigrationFactory } from './helpers.ts';

/**
 * Issue 18 "Risk score", the country lists' admin (docs/screening.md "Country lists", D93): a version of
 * `risk_weights` is the risk configuration the `risk` job keys on, and a change of the country lists is
 * saved as a new version with the same weights. `cause` says which of the two a version changed:
 * `weights` (an admin's weights, and the shipped version 1) or `country_lists`.
 */
export const m040RiskVersionCause: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .alterTable('risk_weights')
      .addColumn('cause', 'text', (c) => c.notNull().defaultTo('weights'))
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.alterTable('risk_weights').dropColumn('cause').execute();
  },
});
