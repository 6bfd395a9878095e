/**
 * `npm run seed:volume -- --people N` (issue 17, docs/backoffice-at-volume.md "Volume"): fills the
 * configured PostgreSQL database (migrated first, demo data and templates as at start-up) with data
 * shaped like a mid-size exchange: N people over the eight sites and twelve countries, registered over
 * 60 days; one submission each, 10 % waiting for review (the rest decided); five audit entries each; a
 * fifth with a staff-reviewed questionnaire response (a quarter of those waiting); the names of the
 * people a list shows (the waiting ones) sealed under their own data keys as the app does.
 *
 * Bulk rows are written with `insert … select from generate_series` in chunks (seconds per 100 000).
 * The audit rows bypass the hash chain (the chain head is moved past them so the app keeps appending):
 * `npm run audit:verify` reports the seeded range as broken, by design, on a volume database only.
 */
import { sql } from 'kysely';
import { SITE_CODES } from '@kyc/contracts';
import { boot } from '../boot.ts';
import { loadConfig } from '../config.ts';
import { databaseOptionsOf, openDatabase } from '../data/db.ts';
import type { Db } from '../data/db.ts';
import { sealFields } from '../domain/kyc/personal-data.ts';
import {
  createKeyring,
  generateDataKey,
  wrapDataKey,
  wrappingKeyId,
  type MasterKeyring,
} from '../lib/crypto/envelope.ts';
import { seedDemoData } from '../seed/demo.ts';

const COUNTRIES = ['DE', 'NG', 'TR', 'KZ', 'FR', 'ID', 'GB', 'BR', 'IN', 'VN', 'AE', 'ES'];
const DAY_MS = 86_400_000;
const CHUNK = 50_000;
const SEAL_BATCH = 2_000;

export async function seedVolume(env: NodeJS.ProcessEnv, people: number, print: (line: string) => void) {
  const config = loadConfig(env);
  if (!config.databaseUrl.startsWith('postgres'))
    throw new Error('seed:volume needs DATABASE_URL=postgres://…');
  // A bulk load: its statements (50 000 rows through the waiting-work and roll-up triggers) run as long
  // as they need, so no statement timeout here (DB_STATEMENT_TIMEOUT_MS is the app's, per request).
  const database = openDatabase(config.databaseUrl, {
    connectTimeoutMs: databaseOptionsOf(config).connectTimeoutMs,
    poolSize: 8,
  });
  const db = database.db;
  const started = Date.now();
  try {
    await database.migrate();
    await seedDemoData(database);
    await boot(config, database);
    const existing = await sql<{
      n: number;
    }>`select count(*)::int as n from users where email like 'vol-%'`.execute(db);
    const from = (existing.rows[0]?.n ?? 0) + 1;
    const now = Date.now();
    const sites = sql.raw(`array[${SITE_CODES.map((s) => `'${s}'`).join(',')}]`);
    const countries = sql.raw(`array[${COUNTRIES.map((c) => `'${c}'`).join(',')}]`);
    const [template] = (
      await sql<{ code: string; version: number }>`select code, version from questionnaire_templates
        where review = 'staff' order by code, version limit 1`.execute(db)
    ).rows;
    for (let first = from; first < from + people; first += CHUNK) {
      const last = Math.min(from + people - 1, first + CHUNK - 1);
      await db.transaction().execute(async (trx) => {
        await sql`insert into users (email, password_hash, site, created_at, updated_at)
          select 'vol-' || n || '@volume.test', 'seeded:no-sign-in', (${sites})[1 + n % ${SITE_CODES.length}],
            ${now}::bigint - (n * 7919) % ${60 * DAY_MS}::bigint, ${now}::bigint
          from generate_series(${first}::bigint, ${last}::bigint) n`.execute(trx);
        await sql`insert into applicants (user_id, country, level, created_at, updated_at)
          select u.id, (${countries})[1 + u.id % ${COUNTRIES.length}], case when u.id % 10 = 0 then 0 else 1 + u.id % 2 end,
            u.created_at, u.created_at
          from users u where u.email like 'vol-%' and u.id > (select coalesce(max(user_id), 0) from applicants)`.execute(
          trx,
        );
        await sql`insert into kyc_submissions (user_id, level, document_type, issuing_country, status, idempotency_key,
            created_at, decided_at, decided_by, kind)
          select u.id, 1 + u.id % 2, 'PASSPORT', (${countries})[1 + u.id % ${COUNTRIES.length}],
            case when u.id % 10 = 0 then 'PENDING' when u.id % 9 = 0 then 'REJECTED_RETRY' else 'APPROVED' end,
            'vol-' || u.id, u.created_at + 60000,
            case when u.id % 10 = 0 then null else u.created_at + 3600000 + (u.id % 48) * 3600000 end,
            case when u.id % 10 = 0 then null else 1 + u.id % 3 end,
            case when u.id % 13 = 0 then 'reverification' when u.id % 17 = 0 then 'update_id' else 'level' end
          from users u where u.email like 'vol-%'
            and not exists (select 1 from kyc_submissions s where s.user_id = u.id)`.execute(trx);
        await sql`insert into audit_log (id, at, staff_id, action, subject_user_id, case_ref, details, prev_hash, hash)
          select (select coalesce(max(id), 0) from audit_log) + g, ${now}::bigint - (g * 7919) % ${60 * DAY_MS}::bigint,
            1 + g % 3, (array['case.view','document.view','decision.approve','decision.reject_retry','staff.sign_in'])[1 + g % 5],
            (select min(id) from users where email like 'vol-%') + (g % ${people}), '', '{}', 'seeded', 'seeded'
          from generate_series(1::bigint, ${(last - first + 1) * 5}::bigint) g`.execute(trx);
        if (template)
          await sql`insert into questionnaire_responses (user_id, template_code, status, template_version, created_at, updated_at)
            select u.id, ${template.code}, case when u.id % 20 = 0 then 'PENDING' else 'APPROVED' end, ${template.version},
              u.created_at, u.created_at + 120000
            from users u where u.email like 'vol-%' and u.id % 5 = 0
              and not exists (select 1 from questionnaire_responses r where r.user_id = u.id and r.template_code = ${template.code})`.execute(
            trx,
          );
      });
      print(`seed:volume: people ${first}–${last} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    await sql`update audit_chain_head set last_id = (select max(id) from audit_log) where id = 1`.execute(db);

    // The names a list shows, sealed under each person's own data key with the app's own functions
    // (generate, wrap, seal), written a batch at a time: one insert of keys and one update of names.
    const keyring = createKeyring(config.dataMasterKey);
    const waiting = await sql<{ user_id: number }>`select s.user_id from kyc_submissions s
      join applicants a on a.user_id = s.user_id
      where s.status = 'PENDING' and a.first_name = ''
        and not exists (select 1 from user_data_keys k where k.user_id = s.user_id)
      order by s.user_id`.execute(db);
    const ids = waiting.rows.map((r) => Number(r.user_id));
    for (let i = 0; i < ids.length; i += SEAL_BATCH) {
      await sealNames(db, keyring, ids.slice(i, i + SEAL_BATCH), now);
      if (Math.floor((i + SEAL_BATCH) / 10_000) > Math.floor(i / 10_000))
        print(`seed:volume: sealed names of ${Math.min(ids.length, i + SEAL_BATCH)} waiting people`);
    }
    // As autovacuum would by now: statistics, and the visibility map that lets counts read indexes only.
    await sql`vacuum analyze`.execute(db);
    const counts = await sql<Record<string, number>>`select
      (select count(*)::int from users) as users,
      (select count(*)::int from kyc_submissions where status = 'PENDING') as waiting,
      (select count(*)::int from kyc_submissions where status <> 'PENDING') as decided,
      (select count(*)::int from audit_log) as audit,
      (select count(*)::int from questionnaire_responses) as responses,
      (select count(*)::int from questionnaire_queue where waiting = 1) as questionnaires_waiting,
      pg_size_pretty(pg_database_size(current_database()))::text as size`.execute(db);
    print(
      `seed:volume: done in ${((Date.now() - started) / 1000).toFixed(0)} s: ${JSON.stringify(counts.rows[0])}`,
    );
  } finally {
    await database.close();
  }
}

/**
 * A batch of people's data keys (fresh, wrapped under the master key) and their names sealed under them,
 * in one transaction: a name is never stored without the key that opens it.
 */
async function sealNames(db: Db, keyring: MasterKeyring, userIds: readonly number[], at: number) {
  const wrapped: Buffer[] = [];
  const keyIds: number[] = [];
  const first: string[] = [];
  const last: string[] = [];
  const born: string[] = [];
  for (const userId of userIds) {
    const key = generateDataKey();
    try {
      const sealed = sealFields(key, userId, {
        first_name: `Person${userId}`,
        last_name: 'Volume',
        date_of_birth: '1990-01-01',
      });
      const w = wrapDataKey(keyring, userId, key);
      wrapped.push(w);
      keyIds.push(wrappingKeyId(w));
      first.push(sealed.first_name ?? '');
      last.push(sealed.last_name ?? '');
      born.push(sealed.date_of_birth ?? '');
    } finally {
      key.fill(0);
    }
  }
  await db.transaction().execute(async (trx) => {
    await sql`insert into user_data_keys (user_id, wrapped_key, key_id, created_at)
      select k.user_id, k.wrapped_key, k.key_id, ${at}::bigint
      from unnest(${[...userIds]}::int[], ${wrapped}::bytea[], ${keyIds}::bigint[]) as k(user_id, wrapped_key, key_id)`.execute(
      trx,
    );
    await sql`update applicants a set first_name = v.first_name, last_name = v.last_name,
        date_of_birth = v.date_of_birth, updated_at = ${at}::bigint
      from unnest(${[...userIds]}::int[], ${first}::text[], ${last}::text[], ${born}::text[])
        as v(user_id, first_name, last_name, date_of_birth)
      where a.user_id = v.user_id`.execute(trx);
  });
}
