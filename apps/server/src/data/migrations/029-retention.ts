import { sql } from 'kysely';
import type { MigrationDb, MigrationFactory } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

const CLOSED_BY = sql`closed_by in ('self', 'staff')`;
const HOLD_REASONS = sql`reason in ('investigation', 'suspicious_activity_report', 'court_order')`;

/**
 * Issue 20, the data lifecycle (docs/data-lifecycle.md, D71–D73):
 *
 * - `account_closures`: the end of a person's relationship with us (one row per person: who closed it,
 *   when, why). The `relationship_end` clock of the retention policies reads `closed_at`; the closing
 *   flows (another slice) write it through `accountClosuresRepo`.
 * - `retention_policy_versions`: every version of the whole policy set (JSON), never changed after it is
 *   written; the newest is in force. The version number is the primary key, so two admins saving over the
 *   same version cannot both win (compare-and-set by insert).
 * - `legal_holds`: a person (and optionally a case of theirs) held with a reason and a review date until
 *   lifted; nothing of a person with an active hold is erased.
 * - `retention_redactions`: what the erasure job redacted, when, under which policy version. One row per
 *   person and kind at most (a partial unique index: the job's compare-and-set), or a batch of rolling
 *   rows of several people (`user_id` null).
 * - `retention_runs` and `retention_lock` (one row): the job's runs, and the lease that keeps two from
 *   running at once across instances.
 * - `partner_webhook_deliveries.user_id`: whom a delivery is about, so the deliveries follow the person's
 *   site policy and legal holds; filled here for the deliveries already made (from the partner's reference).
 */
export const m029Retention: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('account_closures')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('closed_at', 'bigint', (c) => c.notNull())
      .addColumn('closed_by', 'text', (c) => c.notNull())
      .addColumn('staff_id', 'bigint')
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      /** Set once every person-level kind of theirs is redacted: the job no longer looks at them. */
      .addColumn('erased_at', 'bigint')
      .addCheckConstraint('account_closures_closed_by_check', CLOSED_BY)
      .execute();
    // The erasure job's scan: closures not erased yet, oldest closed first.
    await db.schema
      .createIndex('account_closures_pending_idx')
      .on('account_closures')
      .columns(['closed_at', 'user_id'])
      .where(sql.ref('erased_at'), 'is', null)
      .execute();

    await db.schema
      .createTable('retention_policy_versions')
      .addColumn('version', 'integer', (c) => c.primaryKey())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('created_by', 'bigint')
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('policies', 'text', (c) => c.notNull())
      .execute();

    await withIdColumn(db.schema.createTable('legal_holds'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('case_ref', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull())
      .addColumn('review_at', 'bigint', (c) => c.notNull())
      .addColumn('created_by', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('lifted_at', 'bigint')
      .addColumn('lifted_by', 'bigint')
      .addColumn('lift_reason', 'text')
      .addCheckConstraint('legal_holds_reason_check', HOLD_REASONS)
      .execute();
    // Is this person held (every erasure asks), and the list of active holds, newest first.
    await db.schema
      .createIndex('legal_holds_active_user_idx')
      .on('legal_holds')
      .columns(['user_id'])
      .where(sql.ref('lifted_at'), 'is', null)
      .execute();
    await db.schema
      .createIndex('legal_holds_active_idx')
      .on('legal_holds')
      .columns(['id'])
      .where(sql.ref('lifted_at'), 'is', null)
      .execute();
    await db.schema
      .createIndex('legal_holds_lifted_idx')
      .on('legal_holds')
      .columns(['id'])
      .where(sql.ref('lifted_at'), 'is not', null)
      .execute();
    await db.schema
      .createIndex('legal_holds_user_idx')
      .on('legal_holds')
      .columns(['user_id', 'id'])
      .execute();

    await withIdColumn(db.schema.createTable('retention_runs'), dialect)
      .addColumn('trigger', 'text', (c) => c.notNull())
      .addColumn('started_by', 'bigint')
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .addColumn('policy_version', 'integer', (c) => c.notNull())
      .addColumn('counts', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema
      .createTable('retention_lock')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('run_id', 'bigint')
      .addColumn('held_until', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.insertInto('retention_lock').values({ id: 1, run_id: null, held_until: 0 }).execute();

    await withIdColumn(db.schema.createTable('retention_redactions'), dialect)
      .addColumn('user_id', 'bigint')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('site', 'text', (c) => c.notNull())
      .addColumn('policy_version', 'integer', (c) => c.notNull())
      .addColumn('clock', 'text', (c) => c.notNull())
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      .addColumn('redacted_at', 'bigint', (c) => c.notNull())
      .addColumn('run_id', 'bigint', (c) => c.notNull())
      .addColumn('counts', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    // The compare-and-set of the erasure: one record per person and kind, whoever writes it first.
    await db.schema
      .createIndex('retention_redactions_person_kind_unique')
      .on('retention_redactions')
      .columns(['user_id', 'kind'])
      .unique()
      .where(sql.ref('user_id'), 'is not', null)
      .execute();
    await db.schema
      .createIndex('retention_redactions_user_idx')
      .on('retention_redactions')
      .columns(['user_id', 'id'])
      .execute();
    await db.schema
      .createIndex('retention_redactions_kind_idx')
      .on('retention_redactions')
      .columns(['kind', 'id'])
      .execute();

    await db.schema.alterTable('partner_webhook_deliveries').addColumn('user_id', 'bigint').execute();
    await db.schema
      .createIndex('partner_webhook_deliveries_user_idx')
      .on('partner_webhook_deliveries')
      .columns(['user_id', 'id'])
      .execute();
    await backfillDeliveryUsers(db);
  },
  async down(db: MigrationDb) {
    await db.schema.dropIndex('partner_webhook_deliveries_user_idx').execute();
    await db.schema.alterTable('partner_webhook_deliveries').dropColumn('user_id').execute();
    for (const table of [
      'retention_redactions',
      'retention_lock',
      'retention_runs',
      'legal_holds',
      'retention_policy_versions',
      'account_closures',
    ])
      await db.schema.dropTable(table).execute();
  },
});

/**
 * The person of each delivery already made, from its body's `userRef` (the partner's own reference) and
 * the partner's link; a delivery whose reference no link names keeps null (docs/data-lifecycle.md says
 * how those are retained). In pages of 500, by id.
 */
async function backfillDeliveryUsers(db: MigrationDb): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: { id: number | string; business_id: string; body: string }[] = await db
      .selectFrom('partner_webhook_deliveries')
      .select(['id', 'business_id', 'body'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    if (rows.length === 0) return;
    after = Number(rows[rows.length - 1]?.id ?? after);
    for (const row of rows) {
      let ref: unknown;
      try {
        ref = (JSON.parse(row.body) as { userRef?: unknown }).userRef;
      } catch {
        continue;
      }
      if (typeof ref !== 'string') continue;
      const link: { user_id: number | string } | undefined = await db
        .selectFrom('partner_links')
        .select('user_id')
        .where('business_id', '=', row.business_id)
        .where('partner_ref', '=', ref)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (link)
        await db
          .updateTable('partner_webhook_deliveries')
          .set({ user_id: Number(link.user_id) })
          .where('id', '=', Number(row.id))
          .execute();
    }
  }
}
