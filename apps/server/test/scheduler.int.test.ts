/**
 * Issue 14 "Scheduled work runs once across instances" (lib/scheduler.ts, D50): on PostgreSQL, two
 * schedulers (as two instances) ticking the same task run it once per interval between them, and when
 * one stops the other carries on; on SQLite each scheduler runs its own timers, as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/data/db.ts';
import { inProcessScheduler, postgresScheduler, type Scheduler } from '../src/lib/scheduler.ts';
import { testDatabases } from './support/databases.ts';

const INTERVAL_MS = 200;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases())('scheduled work on $name', (testDb) => {
  const started: Scheduler[] = [];
  afterEach(async () => {
    for (const scheduler of started.splice(0)) await scheduler.stop();
  });

  const schedulerOn = (database: Database, instance: string) => {
    const errors: unknown[] = [];
    const onError = (_task: string, error: unknown) => errors.push(error);
    const scheduler =
      database.dialect === 'postgres'
        ? postgresScheduler(database.db, onError, instance)
        : inProcessScheduler(onError);
    started.push(scheduler);
    return { scheduler, errors };
  };

  it('when two instances schedule one task, then it runs once per interval across them (PostgreSQL) or on each (SQLite)', async () => {
    const database = await testDb.open();
    const runs: string[] = [];
    const instances = ['one', 'two'].map((name) => {
      const { scheduler, errors } = schedulerOn(database, name);
      scheduler.every('count', INTERVAL_MS, async () => {
        runs.push(name);
      });
      return { scheduler, errors };
    });
    await instances[0]?.scheduler.start();
    await sleep(INTERVAL_MS / 2); // the second instance's timers half an interval later
    await instances[1]?.scheduler.start();
    const since = Date.now();
    runs.length = 0;
    await sleep(10 * INTERVAL_MS);
    const intervals = (Date.now() - since) / INTERVAL_MS;
    for (const { errors } of instances) expect(errors).toEqual([]);
    if (database.dialect === 'postgres') {
      expect(runs.length).toBeGreaterThanOrEqual(Math.floor(intervals) - 2);
      expect(runs.length).toBeLessThanOrEqual(Math.ceil(intervals) + 1);
    } else {
      // One instance per SQLite file: each scheduler runs its own timer.
      expect(runs.length).toBeGreaterThanOrEqual(2 * Math.floor(intervals) - 3);
    }
  });

  it('when the instance that ran a task stops, then the other runs it', async () => {
    const database = await testDb.open();
    if (database.dialect !== 'postgres') return;
    const runs: string[] = [];
    const [first, second] = ['one', 'two'].map((name) => {
      const { scheduler } = schedulerOn(database, name);
      scheduler.every('count', INTERVAL_MS, async () => {
        runs.push(name);
      });
      return scheduler;
    });
    await first?.start();
    await second?.start();
    await sleep(3 * INTERVAL_MS);
    await first?.stop();
    runs.length = 0;
    await sleep(4 * INTERVAL_MS);
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(new Set(runs)).toEqual(new Set(['two']));
    const row = await database.db
      .selectFrom('scheduled_tasks' as never)
      .select(['last_run_by' as never])
      .executeTakeFirst();
    expect(row).toEqual({ last_run_by: 'two' });
  });
});
