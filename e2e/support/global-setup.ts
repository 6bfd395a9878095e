/**
 * Starts the real server (built front ends, a fresh SQLite file, demo data) on a free loopback port
 * for the end-to-end run, and stops it afterwards. The build itself is `npm test`'s build stage.
 * One server per Vitest worker: the files of a worker run one at a time against their own server and
 * data dir (support/browser.ts picks it by VITEST_POOL_ID), so two files never share a database, a
 * staff member's TOTP steps or the per-address limits, just as when every file ran on one server in turn.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { demoVendorEnv } from '../../scripts/demo-vendors.mjs';
import { watchlistFile, writeWatchlist } from './watchlist.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The loopback ports of the servers, one per worker (VITEST_POOL_ID 1 takes the first). */
    ports: number[];
    /** The servers' data directories, in the same order (a failing test may read its server's database). */
    dataDirs: string[];
    /** A folder of this run where staff sessions signed in by one file are kept for the next (kyc.ts). */
    staffSessions: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready within 60 s:\n${output()}`);
}

interface Server {
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

/** How many workers run the e2e files: the project's maxWorkers, else the run's (--maxWorkers). */
function workerCount(project: TestProject): number {
  const configured = project.config.maxWorkers || project.vitest.config.maxWorkers;
  return Math.max(1, Number(configured) || 1);
}

export default async function setup(project: TestProject) {
  for (const dist of [
    'apps/web/dist/index.html',
    'apps/web/dist/login.html',
    'apps/backoffice/dist/index.html',
  ]) {
    if (!existsSync(path.join(ROOT, dist)))
      throw new Error(`${dist} is missing: run \`npm run build\` (npm test builds before e2e)`);
  }
  // Ports one after another (two probes at once could be handed the same one), servers at once.
  const ports: number[] = [];
  for (let i = 0; i < workerCount(project); i++) ports.push(await freePort());
  const started = await Promise.allSettled(ports.map(startServer));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  project.provide('ports', ports);
  // Every server started (a failure threw above), in the order of `ports`.
  project.provide(
    'dataDirs',
    servers.map((server) => server.dataDir),
  );
  const staffSessions = mkdtempSync(path.join(tmpdir(), 'kyc-e2e-staff-'));
  project.provide('staffSessions', staffSessions);
  return async () => {
    await stopAll();
    rmSync(staffSessions, { recursive: true, force: true });
  };
}

/** The demo lists (as config.ts loads them in demo mode) and this server's operator watchlist (watchlist.ts). */
const screeningLists = (port: number) =>
  [
    ...['ofac-sdn.xml', 'un-consolidated.xml', 'eu-fsf.xml', 'uk-sanctions-list.xml', 'operator.csv'].map(
      (name) => path.join(ROOT, 'apps/server/src/domain/screening/fixtures', name),
    ),
    watchlistFile(port),
  ].join(',');

/**
 * The server's data directory: in memory where the machine has a tmpfs (its SQLite commits and blob writes
 * sync to disk otherwise, ~1.5 ms each here; the directory is thrown away after the run).
 */
const dataDirBase = () => (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());

async function startServer(port: number): Promise<Server> {
  const dataDir = mkdtempSync(path.join(dataDirBase(), 'kyc-e2e-'));
  writeWatchlist(port);
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      // Every browser context of the run (people, staff, partner apps) comes from 127.0.0.1: the global
      // per-address limit (600 a minute) is meant for one client, not for a whole test population.
      RATE_LIMIT_PER_MINUTE: '6000',
      // Likewise the per-address sign-in and sign-up limits: the run signs up and signs in far more people
      // than one person would from one address. The per-account lock after five failures stays.
      SIGN_IN_LIMIT_PER_15_MINUTES: '1000',
      SIGN_UP_LIMIT_PER_HOUR: '1000',
      // The run signs up and signs in hundreds of people: scrypt's smallest cost (test runs only).
      PASSWORD_HASH_COST: '4',
      // An identity transfer completes at its approval (no 24-hour cooling-off) so a journey ends in the run.
      TRANSFER_COOLING_OFF_HOURS: '0',
      // The vendors are the simulator mounted at /simulator, as in `npm start` (docs/providers.md).
      ...demoVendorEnv({ PUBLIC_ORIGIN: `http://127.0.0.1:${port}` }),
      VENDOR_RECONCILE_MINUTES: '1',
      // Issue 19 (D103): every automatic approval is sampled for quality review, so the queue has one to show.
      AUTO_DECISION_REVIEW_PERCENT: '100',
      // The jobs at their production interval: every 2 s, their writes disturbed the fake-clock timing
      // of app-platform's profile timeout; vendors.e2e.ts waits up to 90 s for a partner delivery instead.
      JOB_INTERVAL_SECONDS: '60',
      // Issue 18: the demo lists and a watchlist a test changes (a list change turns a person into an alert).
      SCREENING_LISTS: screeningLists(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    if (log.includes('"level":50') || log.includes('"level":60'))
      console.warn(`server on port ${port} logged errors during e2e:\n${log}`);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(watchlistFile(port), { force: true });
  };
  try {
    await waitForReady(`http://127.0.0.1:${port}/readyz`, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, dataDir, stop };
}
