import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';

/**
 * Issue 17 (docs/backoffice-at-volume.md): an index for every filter and sort of the back-office lists,
 * each ending in the list's keyset order so a page is one range read.
 *
 * Verification queue (status PENDING, oldest first, then id): partial indexes on the pending rows only
 * (the 5 % of submissions waiting, not the 95 % decided), one per filter on the submission itself.
 * Audit log (newest first by id): one per filter (action, staff member, person), each with the id.
 * Partner webhook deliveries (a partner's, newest first by id): (business_id, id).
 * Same SQL on both databases (SQLite has partial indexes since 3.8).
 */
const INDEXES: readonly [name: string, definition: string][] = [
  ['kyc_submissions_pending_queue_idx', "kyc_submissions (created_at, id) where status = 'PENDING'"],
  ['kyc_submissions_pending_level_idx', "kyc_submissions (level, created_at, id) where status = 'PENDING'"],
  ['kyc_submissions_pending_kind_idx', "kyc_submissions (kind, created_at, id) where status = 'PENDING'"],
  ['audit_log_action_id_idx', 'audit_log (action, id)'],
  ['audit_log_staff_id_idx', 'audit_log (staff_id, id)'],
  ['audit_log_subject_id_idx', 'audit_log (subject_user_id, id)'],
  ['partner_webhook_deliveries_business_id_idx', 'partner_webhook_deliveries (business_id, id)'],
];

export const m024ListIndexes: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    for (const [name, definition] of INDEXES)
      await sql.raw(`create index ${name} on ${definition}`).execute(db);
  },
  async down(db: MigrationDb) {
    for (const [name] of INDEXES) await sql.raw(`drop index ${name}`).execute(db);
  },
});
