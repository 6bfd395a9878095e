/**
 * `npm run bench -- --only retention` (issue 20): the erasure job's throughput, people redacted per
 * minute, over a generated database of closed people whose periods have all run (the worst day: a backlog
 * of erasures). Each person has what a verified person has: a sealed data key, an applicant, a submission
 * with two documents (small encrypted blobs in the file store), a decision, a vendor event, a screening
 * hit, a questionnaire submission, a partner link with a webhook, security-log entries; a tenth of them
 * on legal hold. The job runs in process through its use-case (no HTTP), to the end.
 *   --people N                       people generated (default 2 000)
 *   BENCH_RETENTION_DATABASE_URL     a PostgreSQL database to use (emptied: migrated); default SQLite in a temp dir
 * Budget: at least 600 people a minute (the daily job then clears 864 000 a day on one instance).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../apps/server/src/data/db.ts';
import { repositories } from '../apps/server/src/data/repositories/index.ts';
import { retentionUseCases } from '../apps/server/src/domain/retention/retention-service.ts';
import { cutoffFor } from '../apps/server/src/domain/retention/due-rules.ts';
import { createFileBlobStore } from '../apps/server/src/lib/uploads/blob-store.ts';

export const RETENTION_BUDGETS = { minPeoplePerMinute: 600 };

export interface RetentionReport {
  database: string;
  people: number;
  held: number;
  seconds: number;
  peoplePerMinute: number;
  records: number;
  blobsLeft: number;
  met: boolean;
}

const CHUNK = 200;

async function generate(database: Database, people: number, dataDir: string): Promise<void> {
  const db = database.db;
  const blobs = createFileBlobStore(dataDir);
  const now = Date.now();
  const closedAt = cutoffFor(now, 'P10Y') - 86_400_000; // past every site's period
  await db
    .insertInto('sdk_businesses')
    .values({
      id: 'bench-partner',
      name: 'Bench',
      allowed_origins: '[]',
      api_key_hash: 'x',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('partner_webhooks')
    .values({
      business_id: 'bench-partner',
      url: 'https://partner.bench.test/hook',
      secret_sealed: 'x',
      secret_fingerprint: '00000000',
      enabled: 1,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('business_id').doNothing())
    .execute();
  const sites = ['GLOBAL', 'EU', 'HKG', 'TUR', 'ARE', 'KAZ', 'GEO', 'IDN'];
  for (let start = 0; start < people; start += CHUNK) {
    const n = Math.min(CHUNK, people - start);
    const users = await db
      .insertInto('users')
      .values(
        Array.from({ length: n }, (_, i) => ({
          email: `bench-retention-${start + i}@bench.test`,
          password_hash: 'x',
          site: sites[(start + i) % sites.length] ?? 'GLOBAL',
          created_at: closedAt - 1_000_000,
          updated_at: closedAt,
          last_login_at: closedAt,
        })),
      )
      .returning('id')
      .execute();
    const ids = users.map((u) => Number(u.id));
    const docBlobs = await Promise.all(
      ids.flatMap(() => [blobs.put(randomBytes(2048)), blobs.put(randomBytes(2048))]),
    );
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('user_data_keys')
        .values(
          ids.map((id) => ({ user_id: id, wrapped_key: randomBytes(65), key_id: 1, created_at: closedAt })),
        )
        .execute();
      await trx
        .insertInto('applicants')
        .values(
          ids.map((id) => ({
            user_id: id,
            first_name: 'pd1:x',
            last_name: 'pd1:y',
            date_of_birth: 'pd1:z',
            created_at: closedAt,
            updated_at: closedAt,
          })),
        )
        .execute();
      const submissions = await trx
        .insertInto('kyc_submissions')
        .values(
          ids.map((id) => ({
            user_id: id,
            level: 1,
            document_type: 'PASSPORT',
            issuing_country: 'DE',
            status: 'APPROVED' as const,
            idempotency_key: `bench-${id}`,
            created_at: closedAt,
            details_enc: randomBytes(64),
          })),
        )
        .returning(['id', 'user_id'])
        .execute();
      await trx
        .insertInto('kyc_documents')
        .values(
          submissions.flatMap((s, i) =>
            (['front', 'selfie'] as const).map((side, j) => ({
              id: randomBytes(16).toString('hex'),
              user_id: Number(s.user_id),
              submission_id: Number(s.id),
              side,
              mime: 'image/jpeg',
              sha256: 'x',
              blob_id: docBlobs[i * 2 + j] ?? '',
              size: 2048,
              created_at: closedAt,
            })),
          ),
        )
        .execute();
      await trx
        .insertInto('kyc_decisions')
        .values(
          ids.map((id) => ({
            user_id: id,
            level: 1,
            decision: 'approve',
            staff_id: 1,
            at: closedAt,
            user_message: 'ok',
          })),
        )
        .execute();
      await trx
        .insertInto('vendor_events')
        .values(
          ids.map((id) => ({
            provider: 'sumsub' as const,
            event_key: `bench-${id}`,
            user_id: id,
            vendor_applicant_id: `a-${id}`,
            event_type: 'applicantReviewed',
            source: 'webhook' as const,
            level: 1,
            occurred_at: closedAt,
            received_at: closedAt,
            outcome: 'approved',
            effect: 'applied',
            payload_enc: randomBytes(256),
          })),
        )
        .execute();
      await trx
        .insertInto('partner_links')
        .values(
          ids.map((id) => ({
            business_id: 'bench-partner',
            partner_ref: `ref-${id}`,
            user_id: id,
            consent_version: 'v1',
            consented_at: closedAt,
            revoked_at: closedAt,
            revoked_by: 'user',
          })),
        )
        .execute();
      await trx
        .insertInto('user_security_events')
        .values(
          ids.flatMap((id) =>
            [0, 1].map(() => ({
              user_id: id,
              kind: 'sign_in' as const,
              at: closedAt,
              network: '',
              browser: '',
              system: '',
            })),
          ),
        )
        .execute();
      await trx
        .insertInto('account_closures')
        .values(
          ids.map((id) => ({
            user_id: id,
            closed_at: closedAt,
            closed_by: 'self' as const,
            staff_id: null,
            erased_at: null,
          })),
        )
        .execute();
      const held = ids.filter((_, i) => (start + i) % 10 === 9);
      if (held.length > 0)
        await trx
          .insertInto('legal_holds')
          .values(
            held.map((id) => ({
              user_id: id,
              reason: 'investigation' as const,
              note: 'bench',
              review_at: now + 86_400_000,
              created_by: 1,
              created_at: now,
            })),
          )
          .execute();
    });
  }
}

export async function measureRetention(people: number): Promise<RetentionReport> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-bench-retention-'));
  const url = process.env.BENCH_RETENTION_DATABASE_URL ?? path.join(dataDir, 'bench.sqlite');
  const database = openDatabase(url);
  try {
    if (database.dialect === 'postgres') {
      await sql`drop schema public cascade`.execute(database.db);
      await sql`create schema public`.execute(database.db);
    }
    await database.migrate();
    await generate(database, people, dataDir);
    const repos = repositories(database.db);
    const retention = retentionUseCases({ repos, blobs: createFileBlobStore(dataDir) });
    const started = performance.now();
    // The scheduled job, budget unlimited: one run to the end.
    await retention.runScheduled(Number.MAX_SAFE_INTEGER);
    const seconds = (performance.now() - started) / 1000;
    const erased = await database.db
      .selectFrom('account_closures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('erased_at', 'is not', null)
      .executeTakeFirstOrThrow();
    const records = await database.db
      .selectFrom('retention_redactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const left = await database.db
      .selectFrom('kyc_documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const done = Number(erased.n);
    const peoplePerMinute = (done / seconds) * 60;
    return {
      database: database.dialect,
      people: done,
      held: people - done,
      seconds,
      peoplePerMinute,
      records: Number(records.n),
      blobsLeft: Number(left.n),
      met: peoplePerMinute >= RETENTION_BUDGETS.minPeoplePerMinute,
    };
  } finally {
    await database.close();
  }
}
