import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';

/**
 * Issue 17: the questionnaire review queue as a table (`questionnaire_queue`), so a page is a range read
 * on an index instead of a UNION ALL of responses and SATOS verifications sorted on a computed column.
 *
 * One row per staff-reviewed response and per SATOS verification, with what the queue filters and sorts
 * on (site, kind, template, status, waiting, pending_since). Triggers keep it: every insert or update of
 * `questionnaire_responses` or `satos_verifications` rewrites the item's row in the same statement, so in
 * the same transaction as the change, whichever code path made it; a deleted response, verification or
 * user takes its row with it (foreign keys, cascade). `item_key` is stable (response id × 2, verification
 * id × 2 + 1), so an item keeps its place in the keyset order when its row is rewritten.
 */
const FROM_RESPONSE = (row: string) => `
  delete from questionnaire_queue where item_key = ${row}.id * 2;
  insert into questionnaire_queue (item_key, response_id, satos_id, type, user_id, site, template_code,
    template_version, kind, status, waiting, deposit_ref, pending_since)
  select ${row}.id * 2, ${row}.id, null,
    case when ${row}.template_code = 'edd' then 'edd' else 'questionnaire' end,
    ${row}.user_id, u.site, ${row}.template_code, ${row}.template_version, t.kind, ${row}.status,
    case when ${row}.status in ('PENDING', 'PENDING_NO_EDIT') then 1 else 0 end, null,
    coalesce((select s.created_at from questionnaire_submissions s where s.id = ${row}.last_submission_id), ${row}.updated_at)
  from users u
  join questionnaire_templates t on t.code = ${row}.template_code and t.version = ${row}.template_version
  where u.id = ${row}.user_id and t.review = 'staff';`;

const FROM_SATOS = (row: string) => `
  delete from questionnaire_queue where item_key = ${row}.id * 2 + 1;
  insert into questionnaire_queue (item_key, response_id, satos_id, type, user_id, site, template_code,
    template_version, kind, status, waiting, deposit_ref, pending_since)
  select ${row}.id * 2 + 1, null, ${row}.id, 'satos', ${row}.user_id, u.site, s.template_code,
    s.template_version, t.kind, ${row}.status,
    case when ${row}.status in ('PENDING', 'PENDING_NO_EDIT') then 1 else 0 end, ${row}.deposit_ref,
    ${row}.updated_at
  from users u
  join questionnaire_submissions s on s.id = ${row}.submission_id
  join questionnaire_templates t on t.code = s.template_code and t.version = s.template_version
  where u.id = ${row}.user_id;`;

const INDEXES: readonly [string, string][] = [
  ['questionnaire_queue_waiting_idx', '(pending_since, item_key) where waiting = 1'],
  ['questionnaire_queue_site_idx', '(site, pending_since, item_key) where waiting = 1'],
  ['questionnaire_queue_kind_idx', '(kind, pending_since, item_key) where waiting = 1'],
  ['questionnaire_queue_template_idx', '(template_code, pending_since, item_key) where waiting = 1'],
  ['questionnaire_queue_status_idx', '(status, pending_since, item_key)'],
  ['questionnaire_queue_user_idx', '(user_id)'],
];

export const m025QuestionnaireQueue: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('questionnaire_queue')
      .addColumn('item_key', 'bigint', (c) => c.primaryKey())
      .addColumn('response_id', 'bigint', (c) =>
        c.unique().references('questionnaire_responses.id').onDelete('cascade'),
      )
      .addColumn('satos_id', 'bigint', (c) =>
        c.unique().references('satos_verifications.id').onDelete('cascade'),
      )
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('site', 'text', (c) => c.notNull())
      .addColumn('template_code', 'text', (c) => c.notNull())
      .addColumn('template_version', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('waiting', 'integer', (c) => c.notNull())
      .addColumn('deposit_ref', 'text')
      .addColumn('pending_since', 'bigint', (c) => c.notNull())
      .execute();
    for (const [name, definition] of INDEXES)
      await sql.raw(`create index ${name} on questionnaire_queue ${definition}`).execute(db);

    if (dialect === 'postgres') {
      for (const [fn, table, body] of [
        ['questionnaire_queue_from_response', 'questionnaire_responses', FROM_RESPONSE('new')],
        ['questionnaire_queue_from_satos', 'satos_verifications', FROM_SATOS('new')],
      ] as const) {
        await sql
          .raw(
            `create function ${fn}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger ${fn} after insert or update on ${table} for each row execute function ${fn}()`,
          )
          .execute(db);
      }
    } else {
      for (const [name, table, body] of [
        ['questionnaire_queue_from_response', 'questionnaire_responses', FROM_RESPONSE('new')],
        ['questionnaire_queue_from_satos', 'satos_verifications', FROM_SATOS('new')],
      ] as const) {
        for (const event of ['insert', 'update'])
          await sql
            .raw(`create trigger ${name}_${event} after ${event} on ${table} begin ${body} end`)
            .execute(db);
      }
    }
    // The items that exist already.
    await sql
      .raw(
        FROM_RESPONSE('r')
          .replace(/delete from[^;]*;/, '')
          .replace('from users u', 'from questionnaire_responses r join users u on u.id = r.user_id')
          .replace('where u.id = r.user_id and', 'where'),
      )
      .execute(db);
    await sql
      .raw(
        FROM_SATOS('v')
          .replace(/delete from[^;]*;/, '')
          .replace('from users u', 'from satos_verifications v join users u on u.id = v.user_id')
          .replace('where u.id = v.user_id;', ';'),
      )
      .execute(db);
  },
  async down(db: MigrationDb) {
    if (dialect === 'postgres') {
      await sql.raw('drop trigger questionnaire_queue_from_response on questionnaire_responses').execute(db);
      await sql.raw('drop trigger questionnaire_queue_from_satos on satos_verifications').execute(db);
      await sql.raw('drop function questionnaire_queue_from_response()').execute(db);
      await sql.raw('drop function questionnaire_queue_from_satos()').execute(db);
    } else {
      for (const name of ['questionnaire_queue_from_response', 'questionnaire_queue_from_satos'])
        for (const event of ['insert', 'update']) await sql.raw(`drop trigger ${name}_${event}`).execute(db);
    }
    await db.schema.dropTable('questionnaire_queue').execute();
  },
});
