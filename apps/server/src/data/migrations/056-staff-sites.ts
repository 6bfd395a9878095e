import type { MigrationFactory, MigrationDb } from './helpers.ts';

/**
 * Issue 17, automatic assignment of verification cases (D121; docs/backoffice-at-volume.md "Automatic
 * assignment"):
 *
 * - `staff_sites`: the sites a member works, set by an admin (no rows: every site). The automatic
 *   assignment gives a member only cases of these sites.
 * - `staff_users.sites_version`: moved by every change of a member's sites, the compare-and-set of the
 *   admin's edit (of two admins editing at once, one wins; the other answers 55015).
 * - `staff_users.auto_assigned_at`: when the automatic assignment last gave the member a case (null:
 *   never). The member given a case least recently is next (round robin); each assignment moves it by
 *   compare-and-set, so two assigners at once never give one member two cases from the same read.
 */
export const m056StaffSites: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('staff_sites')
      .addColumn('staff_id', 'bigint', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
      .addColumn('site', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('staff_sites_pk', ['staff_id', 'site'])
      .execute();
    await db.schema
      .alterTable('staff_users')
      .addColumn('sites_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('staff_users').addColumn('auto_assigned_at', 'bigint').execute();
  },
  async down(db: MigrationDb) {
    await db.schema.alterTable('staff_users').dropColumn('auto_assigned_at').execute();
    await db.schema.alterTable('staff_users').dropColumn('sites_version').execute();
    await db.schema.dropTable('staff_sites').execute();
  },
});
