import type { MigrationFactory, MigrationDb } from './helpers.ts';

/**
 * Issue 14, `GET /metrics`: decisions of the last hour are counted at every scrape, so `kyc_decisions`
 * gets an index on its time (`at`); without it the count reads the whole table. The other figures of a
 * scrape have theirs already: pending submissions (status, created_at), due partner deliveries (status,
 * next_attempt_at), the undispatched status outbox and vendor applicants awaiting reconciliation (partial).
 */
export const m021DecisionTimeIndex: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema.createIndex('kyc_decisions_at_idx').on('kyc_decisions').column('at').execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropIndex('kyc_decisions_at_idx').execute();
  },
});
