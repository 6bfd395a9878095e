import { sql } from 'kysely';
import type { MigrationDb, MigrationFactory } from './helpers.ts';
import { DOCUMENT_CHECK_WEIGHTS } from '../reference/risk-weights.ts';

const UNRESOLVED = sql`('open', 'pending_confirmation')`;

/**
 * Issue 18, the alerts queue and removed list entries (docs/screening.md "The alerts queue",
 * "Removed lists and entries"):
 *
 * - `screening_hits_assignee_idx`: the queue's "assigned to me" filter, keyset on (raised_at, id) among
 *   the hits still to resolve of one assignee.
 * - `screening_alert_rotation`: one row, the member the automatic assignment gave the last alert to (the
 *   round-robin's place, moved by compare-and-set).
 * - `screening_hits.entry_removed_at`: when the hit's list entry was found no longer on its list (the
 *   entry delisted, or the list no longer configured); null while it is there. The hit is kept as it was.
 * - `risk_weights`: the document checks become risk factors ("Risk score"). When the version in force
 *   lacks their points (a database made before them), the next version is written with the same weights
 *   plus theirs, shipped (created_by null), so the `risk` job recomputes everyone (D91). A database made
 *   after has them in version 1 already and gets no new version.
 */
export const m045ScreeningAlerts: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .createIndex('screening_hits_assignee_idx')
      .on('screening_hits')
      .columns(['assignee_id', 'raised_at', 'id'])
      .where(sql.ref('state'), 'in', UNRESOLVED)
      .execute();
    await db.schema
      .createTable('screening_alert_rotation')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('last_staff_id', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db
      .insertInto('screening_alert_rotation')
      .values({ id: 1, last_staff_id: null, updated_at: 0 })
      .execute();
    await db.schema.alterTable('screening_hits').addColumn('entry_removed_at', 'bigint').execute();

    const latest = await db
      .selectFrom('risk_weights')
      .select(['version', 'weights'])
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (latest) {
      const weights = JSON.parse(String(latest.weights)) as { factors: Record<string, number> };
      const missing = Object.entries(DOCUMENT_CHECK_WEIGHTS).filter(([code]) => !(code in weights.factors));
      if (missing.length > 0)
        await db
          .insertInto('risk_weights')
          .values({
            version: Number(latest.version) + 1,
            weights: JSON.stringify({
              ...weights,
              factors: { ...weights.factors, ...Object.fromEntries(missing) },
            }),
            created_by: null,
            created_at: Date.now(),
            cause: 'weights',
          })
          .execute();
    }
  },
  async down(db: MigrationDb) {
    await db.schema.alterTable('screening_hits').dropColumn('entry_removed_at').execute();
    await db.schema.dropTable('screening_alert_rotation').execute();
    await db.schema.dropIndex('screening_hits_assignee_idx').execute();
  },
});
