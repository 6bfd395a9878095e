/**
 * `npm run bench -- --only retention` (issue 20): the erasure job's throughput, people redacted per
 * minute, over a generated database of closed people whose periods have all run (the worst day: a backlog
 * of erasures), inside a database of `--volume` people in all (the rest open accounts, nothing of theirs
 * due, so every table the erasure reads by person is as large as at volume). What each person has:
 * retention-data.ts. A tenth of the closed people are on legal hold. The job runs in process through its
 * use-case (no HTTP), to the end.
 *   --people N                       closed people past their periods (default 2 000)
 *   --volume M                       people in the database in all (default: N, no open accounts)
 *   BENCH_RETENTION_DATABASE_URL     a PostgreSQL database to use (emptied: migrated); default SQLite in a temp dir
 * Budget: at least 600 people a minute (the daily job then clears 864 000 a day on one instance).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/data/db.ts';
import { repositories } from '../apps/server/src/data/repositories/index.ts';
import { retentionUseCases } from '../apps/server/src/domain/retention/retention-service.ts';
import { cutoffFor } from '../apps/server/src/domain/retention/due-rules.ts';
import { createKeyring } from '../apps/server/src/lib/crypto/envelope.ts';
import { createFileBlobStore } from '../apps/server/src/lib/uploads/blob-store.ts';
import { generateDue, generateOpen } from './retention-data.ts';

export const RETENTION_BUDGETS = { minPeoplePerMinute: 600 };

export interface RetentionReport {
  database: string;
  people: number;
  held: number;
  seconds: number;
  peoplePerMinute: number;
  records: number;
  blobsLeft: number;
  /** People in the database in all, and the seconds it took to generate them. */
  volume: number;
  generateSeconds: number;
  /** Both sweeps of the rolling kinds once, after the run (nothing due): milliseconds. */
  sweepMs: number;
  met: boolean;
}

export async function measureRetention(
  people: number,
  volume = people,
  progress: (line: string) => void = () => undefined,
): Promise<RetentionReport> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-bench-retention-'));
  const url = process.env.BENCH_RETENTION_DATABASE_URL ?? path.join(dataDir, 'bench.sqlite');
  const database = openDatabase(url);
  try {
    if (database.dialect === 'postgres') {
      await sql`drop schema public cascade`.execute(database.db);
      await sql`create schema public`.execute(database.db);
    }
    await database.migrate();
    const generating = performance.now();
    const now = Date.now();
    const open = Math.max(0, volume - people);
    await generateOpen(database, open, now, (done) => progress(`    ${done} open accounts generated`));
    await generateDue(
      database,
      people,
      createFileBlobStore(dataDir),
      cutoffFor(now, 'P10Y') - 86_400_000,
      now,
    );
    const generateSeconds = (performance.now() - generating) / 1000;
    const repos = repositories(database.db);
    // The keyring only seals a closed-access reason (D110), which the bench never gives.
    const keyring = createKeyring(Buffer.alloc(32, 7));
    const retention = retentionUseCases({ repos, blobs: createFileBlobStore(dataDir), keyring });
    const started = performance.now();
    // The scheduled job, budget unlimited: one run to the end.
    await retention.runScheduled(Number.MAX_SAFE_INTEGER);
    const seconds = (performance.now() - started) / 1000;
    // The ten-minute sweeps (D106) over the same database, nothing left due: what they cost at rest.
    const sweeping = performance.now();
    await retention.sweepRolling(['unsubmitted_uploads', 'drafts']);
    await retention.sweepRolling(['sessions_security_log']);
    const sweepMs = performance.now() - sweeping;
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
      volume: open + people,
      generateSeconds,
      sweepMs,
      met: peoplePerMinute >= RETENTION_BUDGETS.minPeoplePerMinute,
    };
  } finally {
    await database.close();
    // A million people take about 2 GB: the temporary database and blobs go with the run.
    rmSync(dataDir, { recursive: true, force: true });
  }
}
