/**
 * Scheduled work (issue 14 "Scheduled work runs once across instances", D50): the sweeps and the jobs
 * (composition.ts) are registered with `every(name, intervalMs, run)` and run by one of two schedulers
 * of the same small interface, chosen by the database (server.ts):
 *
 * - SQLite (one instance): `inProcessScheduler`, a timer per task in this process, as before;
 * - PostgreSQL (any number of instances): `postgresScheduler`. Every instance keeps the same timers, but
 *   a tick runs its task only when it claims the task's row of `scheduled_tasks` (migration 020): one
 *   conditional UPDATE moves `due_at` one interval past the database's clock when it was due. Two
 *   instances ticking at once both try, PostgreSQL lets one UPDATE through and re-checks the other
 *   against the row it wrote (no longer due): each task runs once per interval across all instances.
 *   An instance that dies leaves its tasks due; another claims them on its next tick. The clock is the
 *   database's, so instances whose clocks differ agree.
 *
 * A run that outlasts its interval is not started again by the same instance (nor was it before); across
 * instances it could overlap with the next run, which every task here tolerates (each claims or updates
 * its own rows).
 */
import { hostname } from 'node:os';
import { sql, type Kysely } from 'kysely';

export interface Scheduler {
  /** 'in-process' or 'postgres': which one runs (the start-up log says). */
  readonly kind: 'in-process' | 'postgres';
  /** Runs `run` every `intervalMs` (once across all instances with `postgres`); before start(). */
  every(name: string, intervalMs: number, run: () => Promise<void>): void;
  start(): Promise<void>;
  /** Stops the timers and waits for the runs in progress. */
  stop(): Promise<void>;
}

interface Task {
  name: string;
  intervalMs: number;
  run: () => Promise<void>;
}

/** The timers and the in-progress bookkeeping both schedulers share; `tick` decides whether to run. */
function timerScheduler(
  kind: Scheduler['kind'],
  tick: (task: Task) => Promise<boolean>,
  prepare: (tasks: readonly Task[]) => Promise<void>,
  onError: (task: string, error: unknown) => void,
): Scheduler {
  const tasks: Task[] = [];
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  const fire = (task: Task) => {
    if (stopped || running.has(task.name)) return;
    const done = (async () => {
      try {
        if (await tick(task)) await task.run();
      } catch (error) {
        onError(task.name, error);
      } finally {
        running.delete(task.name);
      }
    })();
    running.set(task.name, done);
  };

  return {
    kind,
    every(name, intervalMs, run) {
      if (timers.length > 0) throw new Error('every() after start()');
      if (tasks.some((t) => t.name === name)) throw new Error(`task ${name} scheduled twice`);
      tasks.push({ name, intervalMs, run });
    },
    async start() {
      await prepare(tasks);
      for (const task of tasks) {
        const timer = setInterval(() => fire(task), task.intervalMs);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running.values()]);
    },
  };
}

/** SQLite, one instance: every task on its own timer in this process. */
export function inProcessScheduler(onError: (task: string, error: unknown) => void): Scheduler {
  return timerScheduler(
    'in-process',
    async () => true,
    async () => undefined,
    onError,
  );
}

/** This process, as `scheduled_tasks.last_run_by` records it. */
export function instanceName(): string {
  return `${hostname()}:${process.pid}`;
}

/**
 * A tick this close before `due_at` (a tenth of the interval, at most 5 s) still claims the task: timers
 * drift, and an instance that ticks a few milliseconds early would otherwise skip a whole interval.
 */
export function claimToleranceMs(intervalMs: number): number {
  return Math.min(Math.floor(intervalMs / 10), 5_000);
}

/** PostgreSQL, one or several instances: a task runs on the instance that claims its row. */
export function postgresScheduler(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- scheduled_tasks is the scheduler's own table
  db: Kysely<any>,
  onError: (task: string, error: unknown) => void,
  instance = instanceName(),
): Scheduler {
  const clock = sql<string>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;
  return timerScheduler(
    'postgres',
    async (task) => {
      const claimed = await sql<{ name: string }>`
        update scheduled_tasks
           set due_at = ${clock} + ${task.intervalMs}, runs = runs + 1,
               last_run_by = ${instance}, last_started_at = ${clock}
         where name = ${task.name} and due_at <= ${clock} + ${claimToleranceMs(task.intervalMs)}
     returning name`.execute(db);
      return claimed.rows.length === 1;
    },
    async (tasks) => {
      // Due at once: the first tick of any instance runs it (as the first timer did before).
      for (const task of tasks)
        await sql`insert into scheduled_tasks (name, due_at, runs) values (${task.name}, 0, 0)
          on conflict (name) do nothing`.execute(db);
    },
    onError,
  );
}
