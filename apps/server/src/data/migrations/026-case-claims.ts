import type { MigrationFactory, MigrationDb } from './helpers.ts';

/**
 * Issue 17, "Working a queue together" (docs/backoffice-at-volume.md):
 *
 * - `case_claims`: who works a verification case (`user:<id>`) until when. A reviewer claims it, a lead
 *   assigns or reassigns it; while the claim lasts only the assignee decides. Every change is a
 *   compare-and-set on the row (`version`), so of two reviewers claiming at once one wins.
 * - `service_levels`: the service level (hours to a decision) per kind of work, edited by admins with a
 *   compare-and-set on `updated_at`; the queue's due time is the pending time plus the level's hours.
 */
const DEFAULT_LEVELS: readonly [string, number][] = [
  ['level_1', 48],
  ['level_2', 72],
  ['reverification', 72],
  ['update', 48],
  ['questionnaire', 120],
];

export const m026CaseClaims: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('case_claims')
      .addColumn('case_ref', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('staff_id', 'bigint', (c) => c.notNull())
      .addColumn('assigned_by', 'bigint', (c) => c.notNull())
      .addColumn('claimed_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createIndex('case_claims_staff_idx')
      .on('case_claims')
      .columns(['staff_id', 'expires_at'])
      .execute();
    await db.schema.createIndex('case_claims_user_idx').on('case_claims').column('user_id').execute();
    await db.schema
      .createTable('service_levels')
      .addColumn('work_kind', 'text', (c) => c.primaryKey())
      .addColumn('hours', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_by', 'bigint')
      .execute();
    await db
      .insertInto('service_levels')
      .values(
        DEFAULT_LEVELS.map(([work_kind, hours]) => ({ work_kind, hours, updated_at: 0, updated_by: null })),
      )
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('service_levels').execute();
    await db.schema.dropTable('case_claims').execute();
  },
});
