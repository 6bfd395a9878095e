import type { MigrationFactory, MigrationDb } from './helpers.ts';

/**
 * Scheduled work once across instances (issue 14, D50, lib/scheduler.ts): one row per scheduled task
 * (a sweep or a job), claimed by the instance whose conditional UPDATE moves `due_at` (milliseconds, the
 * database's clock) one interval on. `runs`, `last_run_by` and `last_started_at` say what ran where.
 * Used on PostgreSQL only; SQLite (one instance) keeps its timers in process, the table stays empty.
 */
export const m020ScheduledTasks: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('scheduled_tasks')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      .addColumn('runs', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('last_run_by', 'text')
      .addColumn('last_started_at', 'bigint')
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('scheduled_tasks').execute();
  },
});
