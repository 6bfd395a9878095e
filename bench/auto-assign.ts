/**
 * `npm run bench -- --only auto-assign` (issue 17, D121): the automatic case assignment on the volume
 * database (`npm run seed:volume`, BENCH_VOLUME_DATABASE_URL; the same SESSION_SECRET and DATA_MASTER_KEY).
 * 24 reviewers are added with a live session (4 on each of the four sites with most waiting, 4 on those
 * four by name, 4 on every site; the demo's staff signed out), then: the job's reads one by one (median of 15), a run that tops everybody up
 * to CASE_ASSIGN_MAX_OPEN (5: 120 cases, one transaction each) and a run with nobody's room left. Then the
 * members, their sessions and their claims are removed again; the `case.assign` audit entries stay (the
 * audit log is append-only). Reported, not enforced: no budget was set for it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { boot } from '../apps/server/src/boot.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/data/db.ts';
import { repositories } from '../apps/server/src/data/repositories/index.ts';
import { AUTO_ASSIGN_ROLES } from '../apps/server/src/domain/backoffice/work/auto-assignment.ts';
import { benchPaths } from './front-end-build.ts';

/** 4 reviewers on each of the four sites with most waiting, 4 on all four by name, 4 on every site. */
function membersOf(sites: string[]): (string[] | null)[] {
  return [
    ...sites.flatMap((site) => Array.from({ length: 4 }, () => [site])),
    ...Array.from({ length: 4 }, () => sites),
    ...Array.from({ length: 4 }, () => null),
  ];
}

async function median(run: () => Promise<unknown>, times = 15): Promise<number> {
  const took: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  return took[Math.floor(took.length / 2)] ?? 0;
}

export async function measureAutoAssign(log: (line: string) => void): Promise<void> {
  const url = process.env.BENCH_VOLUME_DATABASE_URL;
  if (!url) {
    log('  skipped: set BENCH_VOLUME_DATABASE_URL to a database `npm run seed:volume` filled');
    return;
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kyc-bench-assign-')),
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    CASE_AUTO_ASSIGN: 'round_robin',
    ...(process.env.SESSION_SECRET ? { SESSION_SECRET: process.env.SESSION_SECRET } : {}),
    ...(process.env.DATA_MASTER_KEY ? { DATA_MASTER_KEY: process.env.DATA_MASTER_KEY } : {}),
  });
  const database = openDatabase(url, { poolSize: 10 });
  const db = database.db;
  await boot(config, database);
  const app = await buildApp({ config, database, logger: false, paths: benchPaths });
  const job = app.jobs.find((j) => j.name === 'case-auto-assignment');
  const ids: number[] = [];
  try {
    const now = Date.now();
    const busiest = await db
      .selectFrom('verification_queue')
      .select(['site', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('site')
      .orderBy('n', 'desc')
      .limit(4)
      .execute();
    for (const [i, sites] of membersOf(busiest.map((b) => b.site)).entries()) {
      const row = await db
        .insertInto('staff_users')
        .values({
          email: `bench-assign-${now}-${i}@staff.test`,
          display_name: `Bench ${i}`,
          role: 'reviewer',
          password_hash: 'x',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      ids.push(id);
      if (sites)
        await db
          .insertInto('staff_sites')
          .values(sites.map((site) => ({ staff_id: id, site })))
          .execute();
      await db
        .insertInto('sessions')
        .values({
          id: `bench-assign-${now}-${i}`,
          audience: 'staff',
          subject_id: id,
          csrf_token: 'c',
          created_at: now,
          last_seen_at: now,
          expires_at: now + 3_600_000,
        })
        .execute();
    }
    const waiting = await db
      .selectFrom('verification_queue')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    log(`  ${Number(waiting.n)} waiting submissions; ${ids.length} active reviewers added`);
    const repo = repositories(db).caseAutoAssign;
    const one = busiest[0]?.site ?? 'GLOBAL';
    const two = busiest.slice(1, 3).map((b) => b.site);
    const at = Date.now();
    const firstRows = await repo.unclaimedWaiting({ now: at, sites: null, after: null, limit: 200 });
    const reads: [string, () => Promise<unknown>][] = [
      ['active members (3 statements)', () => repo.activeMembers(AUTO_ASSIGN_ROLES, at - 15 * 60_000, at)],
      [
        'unclaimed waiting, first 200',
        () => repo.unclaimedWaiting({ now: at, sites: null, after: null, limit: 200 }),
      ],
      [
        `unclaimed waiting, first 200 of ${one}`,
        () => repo.unclaimedWaiting({ now: at, sites: [one], after: null, limit: 200 }),
      ],
      [
        'unclaimed waiting, 200 of two sites',
        () => repo.unclaimedWaiting({ now: at, sites: two, after: null, limit: 200 }),
      ],
      ['final proposers of 200 people', () => repo.finalProposals(firstRows.map((r) => r.userId))],
    ];
    for (const [name, read] of reads) log(`  ${name.padEnd(40)} ${(await median(read)).toFixed(1)} ms`);
    if (!job) throw new Error('no case-auto-assignment job');
    let started = performance.now();
    const given = await job.run();
    const fill = performance.now() - started;
    log(
      `  a run topping everybody up to 5: ${given} cases in ${fill.toFixed(0)} ms (${(fill / Math.max(given, 1)).toFixed(1)} ms a case)`,
    );
    started = performance.now();
    const none = await job.run();
    log(`  a run with nobody's room left: ${none} cases in ${(performance.now() - started).toFixed(1)} ms`);
  } finally {
    if (ids.length > 0) {
      await db.deleteFrom('case_claims').where('staff_id', 'in', ids).execute();
      await db
        .deleteFrom('sessions')
        .where('audience', '=', 'staff')
        .where('subject_id', 'in', ids)
        .execute();
      await db.deleteFrom('staff_users').where('id', 'in', ids).execute();
    }
    await app.close();
    await database.close();
  }
}
