import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';

/**
 * Issue 17, the dashboard at volume (D119, superseding D87's reads): the verification decisions rolled up
 * per UTC day, kept by triggers on `kyc_submissions` in the same statement as each change, so a figure of a
 * period sums a few thousand rows instead of reading ~450 000 index entries (30 days at a million people:
 * 0.97 s before, docs/backoffice-at-volume.md).
 *
 * - `decision_counts`: decisions per (day, kind, level, status, reject reason, deciding member): the
 *   decisions a day, outcomes, top reasons and each reviewer's throughput.
 * - `decision_durations`: decisions per (day, kind, level, time-to-decision bucket): the median and 90th
 *   percentile (within a bucket's width) and the breaches of today's service levels (exactly: service
 *   levels are whole hours and every bucket above an hour ends on a whole hour).
 *
 * A bucket is named by its upper bound in minutes: time to decision rounded up to the minute up to an hour
 * (1..60), to the hour beyond (120, 180, …). A submission counts while it is decided (decided_at set,
 * status APPROVED, REJECTED_RETRY or REJECTED_FINAL); an update that changes any column of its grain
 * moves it (the old grain down one, the new one up one), a deleted one takes its count with it.
 */
/** The grain of `row` in decision_counts, in COUNTS_KEY's order. */
const COUNTS = (row: string) =>
  `${row}.decided_at / 86400000, ${row}.kind, ${row}.level, ${row}.status,
   coalesce(${row}.reject_reason_code, ''), coalesce(${row}.decided_by, 0)`;

const BUCKET = (row: string) => `case
    when ${row}.decided_at - ${row}.created_at <= 0 then 0
    when ${row}.decided_at - ${row}.created_at <= 3600000 then (${row}.decided_at - ${row}.created_at + 59999) / 60000
    else ((${row}.decided_at - ${row}.created_at + 3599999) / 3600000) * 60 end`;

/** The grain of `row` in decision_durations, in DURATIONS_KEY's order. */
const DURATIONS = (row: string) => `${row}.decided_at / 86400000, ${row}.kind, ${row}.level, ${BUCKET(row)}`;

const COUNTS_KEY = 'decided_at_day, kind, level, status, reason, decided_by';
const DURATIONS_KEY = 'decided_at_day, kind, level, bucket_minutes';

/** Add one decision of `row` to both roll-ups. */
const ADD = (row: string) => `
  insert into decision_counts (${COUNTS_KEY}, n) values (${COUNTS(row)}, 1)
    on conflict (${COUNTS_KEY}) do update set n = decision_counts.n + 1;
  insert into decision_durations (${DURATIONS_KEY}, n) values (${DURATIONS(row)}, 1)
    on conflict (${DURATIONS_KEY}) do update set n = decision_durations.n + 1;`;

/** Take one decision of `row` out of both roll-ups. */
const REMOVE = (row: string) => `
  update decision_counts set n = n - 1 where (${COUNTS_KEY}) = (${COUNTS(row)});
  update decision_durations set n = n - 1 where (${DURATIONS_KEY}) = (${DURATIONS(row)});`;

const COUNTS_AS = (row: string) =>
  `${row}.decided_at is not null and ${row}.status in ('APPROVED', 'REJECTED_RETRY', 'REJECTED_FINAL')`;

const GRAIN = ['status', 'decided_at', 'created_at', 'kind', 'level', 'reject_reason_code', 'decided_by'];
/** An update that moves the row between grains (or in or out of the roll-ups). */
const MOVED = GRAIN.map((c) => `old.${c} is not new.${c}`).join(' or ');
const MOVED_PG = GRAIN.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');

const TABLES = ['decision_counts', 'decision_durations'] as const;
const SQLITE_TRIGGERS = [
  ['decision_rollups_insert', `after insert on kyc_submissions when ${COUNTS_AS('new')}`, ADD('new')],
  ['decision_rollups_delete', `after delete on kyc_submissions when ${COUNTS_AS('old')}`, REMOVE('old')],
  [
    'decision_rollups_update_old',
    `after update on kyc_submissions when ${COUNTS_AS('old')} and (${MOVED})`,
    REMOVE('old'),
  ],
  [
    'decision_rollups_update_new',
    `after update on kyc_submissions when ${COUNTS_AS('new')} and (${MOVED})`,
    ADD('new'),
  ],
] as const;

export const m055DecisionRollups: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('decision_counts')
      .addColumn('decided_at_day', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('decided_by', 'bigint', (c) => c.notNull())
      .addColumn('n', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('decision_counts_pk', [
        'decided_at_day',
        'kind',
        'level',
        'status',
        'reason',
        'decided_by',
      ])
      .execute();
    await db.schema
      .createTable('decision_durations')
      .addColumn('decided_at_day', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('bucket_minutes', 'bigint', (c) => c.notNull())
      .addColumn('n', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('decision_durations_pk', ['decided_at_day', 'kind', 'level', 'bucket_minutes'])
      .execute();

    if (dialect === 'postgres') {
      await sql
        .raw(
          `create function decision_rollups() returns trigger language plpgsql as $$ begin
            if tg_op in ('UPDATE', 'DELETE') and ${COUNTS_AS('old')}
              and (tg_op = 'DELETE' or ${MOVED_PG}) then ${REMOVE('old')} end if;
            if tg_op in ('INSERT', 'UPDATE') and ${COUNTS_AS('new')}
              and (tg_op = 'INSERT' or ${MOVED_PG}) then ${ADD('new')} end if;
            return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          'create trigger decision_rollups after insert or update or delete on kyc_submissions for each row execute function decision_rollups()',
        )
        .execute(db);
    } else {
      for (const [name, when, body] of SQLITE_TRIGGERS)
        await sql.raw(`create trigger ${name} ${when} begin ${body} end`).execute(db);
    }

    // The decisions taken already.
    const s = 's';
    await sql
      .raw(
        `insert into decision_counts (${COUNTS_KEY}, n)
        select ${COUNTS(s)}, count(*)
        from kyc_submissions ${s} where ${COUNTS_AS(s)}
        group by 1, 2, 3, 4, 5, 6`,
      )
      .execute(db);
    await sql
      .raw(
        `insert into decision_durations (${DURATIONS_KEY}, n)
        select ${DURATIONS(s)}, count(*)
        from kyc_submissions ${s} where ${COUNTS_AS(s)}
        group by 1, 2, 3, 4`,
      )
      .execute(db);
  },
  async down(db: MigrationDb) {
    if (dialect === 'postgres') {
      await sql.raw('drop trigger decision_rollups on kyc_submissions').execute(db);
      await sql.raw('drop function decision_rollups()').execute(db);
    } else {
      for (const [name] of SQLITE_TRIGGERS) await sql.raw(`drop trigger ${name}`).execute(db);
    }
    for (const table of TABLES) await db.schema.dropTable(table).execute();
  },
});
