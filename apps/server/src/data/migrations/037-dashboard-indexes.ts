import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';

/**
 * Issue 17, the dashboard (docs/backoffice-at-volume.md "The dashboard", D87): the figures of a period
 * read the period's decided submissions from one index, and the backlog reads the waiting ones from
 * another; neither touches the table's rows.
 *
 * - `kyc_submissions_decided_idx`: decided submissions by decision time, carrying every column a figure
 *   reads (outcome, kind, level, submission time, decider, reject reason), so each figure is a range read
 *   of the index only (PostgreSQL: index-only scan once the visibility map is set; SQLite: a covering
 *   index). Partial: pending rows (decided_at null) are not in it.
 * - `kyc_submissions_pending_work_idx`: waiting submissions by kind and level (the kind of work) and age,
 *   for the backlog's age bands and the overdue count.
 * Same SQL on both databases.
 */
const INDEXES: readonly [name: string, definition: string][] = [
  [
    'kyc_submissions_decided_idx',
    'kyc_submissions (decided_at, status, kind, level, created_at, decided_by, reject_reason_code) where decided_at is not null',
  ],
  ['kyc_submissions_pending_work_idx', "kyc_submissions (kind, level, created_at) where status = 'PENDING'"],
];

export const m037DashboardIndexes: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    for (const [name, definition] of INDEXES)
      await sql.raw(`create index ${name} on ${definition}`).execute(db);
  },
  async down(db: MigrationDb) {
    for (const [name] of INDEXES) await sql.raw(`drop index ${name}`).execute(db);
  },
});
