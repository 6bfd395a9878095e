import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';

/**
 * Issue 17: the verification queue's waiting work as a table (`verification_queue`), one row per PENDING
 * submission with everything the queue filters and sorts on — the person's site and country beside the
 * submission's level, kind, pending-since and proposed final rejection — so that every filter is a range
 * of one index. Before it, site and country lived on the person and were checked row by row along the
 * pending index: at a million people a site's first page read ~80 000 pending rows for its capped count
 * (0.6–0.9 s; docs/backoffice-at-volume.md).
 *
 * Triggers keep it in the same statement as each change, whichever code path makes it:
 * - a submission inserted or updated rewrites its row: present while PENDING, gone once it leaves;
 * - a person's country (applicants) or site (users) changed updates their rows;
 * - a deleted submission or user takes its rows with it (foreign keys, cascade).
 * `pending_since` is the submission's `created_at`, so an item keeps its place in the keyset order.
 */
const FROM_SUBMISSION = (row: string) => `
  delete from verification_queue where submission_id = ${row}.id;
  insert into verification_queue (submission_id, user_id, site, country, level, kind, pending_since,
    final_proposed_at)
  select ${row}.id, ${row}.user_id, u.site, coalesce(a.country, ''), ${row}.level, ${row}.kind,
    ${row}.created_at, ${row}.final_proposed_at
  from users u left join applicants a on a.user_id = u.id
  where u.id = ${row}.user_id and ${row}.status = 'PENDING';`;

const FROM_APPLICANT = `
  update verification_queue set country = coalesce(new.country, '')
  where user_id = new.user_id and country <> coalesce(new.country, '');`;

const FROM_USER = `
  update verification_queue set site = new.site where user_id = new.id and site <> new.site;`;

const INDEXES: readonly [string, string][] = [
  ['verification_queue_order_idx', '(pending_since, submission_id)'],
  ['verification_queue_site_idx', '(site, pending_since, submission_id)'],
  ['verification_queue_country_idx', '(country, pending_since, submission_id)'],
  ['verification_queue_level_idx', '(level, pending_since, submission_id)'],
  ['verification_queue_kind_idx', '(kind, pending_since, submission_id)'],
  [
    'verification_queue_final_idx',
    '(final_proposed_at, pending_since, submission_id) where final_proposed_at is not null',
  ],
  ['verification_queue_user_idx', '(user_id)'],
];

/** [name, table, events, body]: the events as each dialect names them (PostgreSQL takes the `or`s). */
const TRIGGERS: readonly [string, string, readonly string[], string][] = [
  ['verification_queue_from_submission', 'kyc_submissions', ['insert', 'update'], FROM_SUBMISSION('new')],
  ['verification_queue_from_applicant', 'applicants', ['insert', 'update of country'], FROM_APPLICANT],
  ['verification_queue_from_user', 'users', ['update of site'], FROM_USER],
];

const sqliteName = (name: string, event: string) => `${name}_${event.split(' ')[0]}`;

export const m054VerificationQueue: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('verification_queue')
      .addColumn('submission_id', 'bigint', (c) =>
        c.primaryKey().references('kyc_submissions.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('site', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('pending_since', 'bigint', (c) => c.notNull())
      .addColumn('final_proposed_at', 'bigint')
      .execute();
    for (const [name, definition] of INDEXES)
      await sql.raw(`create index ${name} on verification_queue ${definition}`).execute(db);

    for (const [name, table, events, body] of TRIGGERS) {
      if (dialect === 'postgres') {
        await sql
          .raw(
            `create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger ${name} after ${events.join(' or ')} on ${table} for each row execute function ${name}()`,
          )
          .execute(db);
      } else {
        for (const event of events)
          await sql
            .raw(`create trigger ${sqliteName(name, event)} after ${event} on ${table} begin ${body} end`)
            .execute(db);
      }
    }
    // The work waiting already.
    await sql
      .raw(
        `insert into verification_queue (submission_id, user_id, site, country, level, kind, pending_since,
          final_proposed_at)
        select s.id, s.user_id, u.site, coalesce(a.country, ''), s.level, s.kind, s.created_at,
          s.final_proposed_at
        from kyc_submissions s join users u on u.id = s.user_id left join applicants a on a.user_id = s.user_id
        where s.status = 'PENDING'`,
      )
      .execute(db);
  },
  async down(db: MigrationDb) {
    for (const [name, table, events] of TRIGGERS) {
      if (dialect === 'postgres') {
        await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
        await sql.raw(`drop function ${name}()`).execute(db);
      } else {
        for (const event of events) await sql.raw(`drop trigger ${sqliteName(name, event)}`).execute(db);
      }
    }
    await db.schema.dropTable('verification_queue').execute();
  },
});
