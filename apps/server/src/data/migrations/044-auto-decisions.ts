import { sql } from 'kysely';
import { withIdColumn, type MigrationFactory, type MigrationDb } from './helpers.ts';

/**
 * Issue 19 "Automatic decisions" (docs/checks.md "Automatic decisions", D102–D103):
 * `auto_decisions`, one row per submission the in-house provider decided itself (`submission_id`
 * unique: a run stored twice cannot decide twice), written in the decision's transaction with the
 * decision row it names. `evidence` is JSON without personal data (check names and outcomes, screening
 * status, risk level). `review_state` is the quality-review queue's: null when the approval was not
 * sampled (and for hard-rule rejections), else waiting → reviewed, or reversal_proposed → reversed (a
 * second senior reviewer) or back to waiting. The queue pages by `(review_state, id)`.
 */
export const m044AutoDecisions: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withIdColumn(db.schema.createTable('auto_decisions'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('submission_id', 'bigint', (c) => c.notNull().unique())
      .addColumn('decision_id', 'bigint', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) =>
        c.notNull().check(sql`${sql.ref('outcome')} in ('approved', 'rejected')`),
      )
      .addColumn('evidence', 'text', (c) => c.notNull())
      .addColumn('review_state', 'text', (c) =>
        c.check(sql`${sql.ref('review_state')} in ('waiting', 'reviewed', 'reversal_proposed', 'reversed')`),
      )
      .addColumn('reviewed_by', 'bigint')
      .addColumn('reviewed_at', 'bigint')
      .addColumn('reversal_reason_code', 'text')
      .addColumn('reversal_message', 'text')
      .addColumn('reversed_by', 'bigint')
      .addColumn('reversed_at', 'bigint')
      .addColumn('decided_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('auto_decisions_review_idx')
      .on('auto_decisions')
      .columns(['review_state', 'id'])
      .execute();
    await db.schema
      .createIndex('auto_decisions_decision_idx')
      .on('auto_decisions')
      .columns(['decision_id'])
      .execute();
    await db.schema
      .createIndex('auto_decisions_user_idx')
      .on('auto_decisions')
      .columns(['user_id', 'id'])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('auto_decisions').execute();
  },
});
