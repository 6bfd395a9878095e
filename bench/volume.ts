/**
 * `npm run bench -- --only volume` (issue 17): every back-office list page — first page, 50 cursors
 * deep, each filter — timed on the demo database and on a volume database (`npm run seed:volume`) in the
 * same run, both PostgreSQL, through the real app (`inject`, no network), as an admin; then the first
 * queue page under autocannon load (20 connections) on the volume database. Budgets (issue 17): median
 * ≤ 50 ms and ≤ 3× the demo's per page, ≥ 200 req/s for the first queue page. Reported, not enforced.
 *   BENCH_DEMO_DATABASE_URL   a PostgreSQL database for the demo data (emptied: migrated and seeded)
 *   BENCH_VOLUME_DATABASE_URL the database `npm run seed:volume` filled
 *   SESSION_SECRET, DATA_MASTER_KEY   the same as seed:volume was given
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { boot } from '../apps/server/src/boot.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/data/db.ts';
import { seedDemoData } from '../apps/server/src/seed/demo.ts';
import { benchPaths } from './front-end-build.ts';
import { startServer } from './kyc.ts';

export const VOLUME_BUDGETS = { medianMs: 50, ratioToDemo: 3, firstPageMinRps: 200 };

interface Page {
  name: string;
  url: string;
}

/** The UTC day `n` days before today (YYYY-MM-DD). */
function daysAgo(n: number): string {
  return new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
}

const PAGES: Page[] = [
  { name: 'queue, first page', url: '/backoffice/api/queue' },
  { name: 'queue, 50 pages deep', url: '/backoffice/api/queue' + '#deep' },
  { name: 'queue by site (TUR)', url: '/backoffice/api/queue?site=TUR' },
  { name: 'queue by country (NG)', url: '/backoffice/api/queue?country=NG' },
  { name: 'queue by level 2', url: '/backoffice/api/queue?level=2' },
  { name: 'queue by kind (reverification)', url: '/backoffice/api/queue?kind=reverification' },
  { name: 'queue waiting ≥ 24 h', url: '/backoffice/api/queue?minAgeHours=24' },
  { name: 'queue past due', url: '/backoffice/api/queue?breached=true' },
  { name: 'queue, my cases', url: '/backoffice/api/queue?assignedTo=me' },
  { name: 'audit log, first page', url: '/backoffice/api/audit' },
  { name: 'audit log, 50 pages deep', url: '/backoffice/api/audit' + '#deep' },
  { name: 'audit log by action', url: '/backoffice/api/audit?action=decision.approve' },
  { name: 'questionnaire queue', url: '/backoffice/api/questionnaires/queue' },
  { name: 'questionnaire queue by site', url: '/backoffice/api/questionnaires/queue?site=TUR' },
  // The dashboard (issue 17, D87): every figure over the period's range of the decided index.
  { name: 'dashboard, last 30 days', url: '/backoffice/api/dashboard' },
  { name: 'dashboard, last 7 days', url: `/backoffice/api/dashboard?from=${daysAgo(6)}` },
];

async function appOn(url: string, seed: boolean) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-bench-volume-'));
  const env = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    PORT: '0',
    DATABASE_URL: url,
    DEMO_STAFF_TOTP: 'optional',
    // PostgreSQL needs both, shared with seed:volume (the names it sealed open under this master key).
    ...(process.env.SESSION_SECRET ? { SESSION_SECRET: process.env.SESSION_SECRET } : {}),
    ...(process.env.DATA_MASTER_KEY ? { DATA_MASTER_KEY: process.env.DATA_MASTER_KEY } : {}),
  };
  const config = loadConfig(env);
  const database = openDatabase(url, { poolSize: 20 });
  if (seed) {
    await database.migrate();
    await seedDemoData(database);
  }
  await boot(config, database);
  const app = await buildApp({ config, database, logger: false, paths: benchPaths });
  return { app, database };
}

async function signIn(app: FastifyInstance): Promise<string> {
  const first = await app.inject({ method: 'GET', url: '/backoffice/' });
  const cookies = new Map<string, string>();
  const absorb = (headers: Record<string, unknown>) => {
    const set = headers['set-cookie'];
    for (const c of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair] = String(c).split(';');
      const [k, v] = (pair ?? '').split('=');
      if (k) cookies.set(k, v ?? '');
    }
  };
  absorb(first.headers);
  const csrf = [...cookies].find(([k]) => k.includes('csrf'))?.[1] ?? '';
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const login = await app.inject({
    method: 'POST',
    url: '/backoffice/api/login',
    headers: { cookie: cookie(), 'x-csrf-token': csrf, 'content-type': 'application/json' },
    payload: JSON.stringify({ email: 'admin@demo.test', password: 'Demo-Pass-2026' }),
  });
  absorb(login.headers);
  return cookie();
}

/** The demo admin signed in over HTTP (the back office's own CSRF cookie, then the login). */
async function staffCookie(origin: string): Promise<string> {
  const cookies = new Map<string, string>();
  const absorb = (response: Response) => {
    for (const c of response.headers.getSetCookie()) {
      const [k, v] = (c.split(';')[0] ?? '').split('=');
      if (k) cookies.set(k, v ?? '');
    }
  };
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  absorb(await fetch(`${origin}/backoffice/`));
  const csrf = [...cookies].find(([k]) => k.includes('csrf'))?.[1] ?? '';
  const login = await fetch(`${origin}/backoffice/api/login`, {
    method: 'POST',
    headers: { cookie: cookie(), 'x-csrf-token': csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo-Pass-2026' }),
  });
  if (!login.ok) throw new Error(`bench: the demo admin's sign-in answered ${login.status}`);
  absorb(login);
  return cookie();
}

/** The cursor 50 pages into a list (20 a page). */
async function deepUrl(app: FastifyInstance, cookie: string, base: string): Promise<string> {
  let cursor: string | null = null;
  for (let i = 0; i < 50; i += 1) {
    const response: { body: string } = await app.inject({
      method: 'GET',
      url: `${base}${cursor ? `?cursor=${cursor}` : ''}`,
      headers: { cookie },
    });
    cursor =
      (JSON.parse(response.body) as { result: { nextCursor: string | null } | null }).result?.nextCursor ??
      null;
    if (!cursor) break;
  }
  return cursor ? `${base}?cursor=${cursor}` : base;
}

async function timePages(app: FastifyInstance, cookie: string, runs: number) {
  const medians = new Map<string, { ms: number; code: number }>();
  for (const page of PAGES) {
    const url = page.url.endsWith('#deep')
      ? await deepUrl(app, cookie, page.url.replace('#deep', ''))
      : page.url;
    const times: number[] = [];
    let code = -1;
    for (let i = 0; i < runs + 2; i += 1) {
      const started = process.hrtime.bigint();
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
      code = (JSON.parse(response.body) as { ret_code: number }).ret_code;
      if (i >= 2) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    medians.set(page.name, { ms: times[Math.floor(times.length / 2)] ?? NaN, code });
  }
  return medians;
}

/** Prints each page's figures against the budgets; answers whether every one was met (skipped: true). */
export async function measureVolume(seconds: number, print: (line: string) => void): Promise<boolean> {
  const demoUrl = process.env.BENCH_DEMO_DATABASE_URL;
  const volumeUrl = process.env.BENCH_VOLUME_DATABASE_URL;
  if (!demoUrl || !volumeUrl) {
    print(
      '  skipped: set BENCH_DEMO_DATABASE_URL and BENCH_VOLUME_DATABASE_URL (npm run seed:volume fills the latter)',
    );
    return true;
  }
  let met = true;
  const demo = await appOn(demoUrl, true);
  const volume = await appOn(volumeUrl, false);
  try {
    const demoTimes = await timePages(demo.app, await signIn(demo.app), 15);
    const volumeCookie = await signIn(volume.app);
    const volumeTimes = await timePages(volume.app, volumeCookie, 15);
    print(`  ${'page'.padEnd(34)} ${'demo'.padStart(9)} ${'volume'.padStart(9)}  ratio  budget`);
    for (const page of PAGES) {
      const d = demoTimes.get(page.name);
      const v = volumeTimes.get(page.name);
      if (!d || !v) continue;
      const ratio = v.ms / d.ms;
      const ok = v.code === 0 && v.ms <= VOLUME_BUDGETS.medianMs && ratio <= VOLUME_BUDGETS.ratioToDemo;
      met &&= ok;
      print(
        `  ${(ok ? 'ok  ' : 'MISS') + ' ' + page.name.padEnd(29)} ${d.ms.toFixed(1).padStart(7)} ms ${v.ms.toFixed(1).padStart(7)} ms  ${ratio.toFixed(1).padStart(4)}×${v.code === 0 ? '' : `  ret_code ${v.code}`}`,
      );
    }
    // The load runs against a server in its own process (serve.ts), as the kyc-info bench does: the
    // load generator and the server under test must not share one event loop.
    const server = await startServer('portal', mkdtempSync(path.join(tmpdir(), 'kyc-bench-volume-')), {
      databaseUrl: volumeUrl,
      env: { DEMO_STAFF_TOTP: 'optional' },
    });
    let result: autocannon.Result;
    try {
      result = await autocannon({
        url: `${server.origin}/backoffice/api/queue`,
        connections: 20,
        duration: seconds,
        headers: { cookie: await staffCookie(server.origin) },
      });
    } finally {
      await server.stop();
    }
    const rps = result.requests.average;
    met &&= rps >= VOLUME_BUDGETS.firstPageMinRps && result.non2xx === 0;
    print(
      `  ${rps >= VOLUME_BUDGETS.firstPageMinRps ? 'ok  ' : 'MISS'} queue first page at volume, 20 connections, ${seconds} s: ${rps.toFixed(0)} req/s (budget ≥ ${VOLUME_BUDGETS.firstPageMinRps}), median ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
    );
  } finally {
    await demo.app.close();
    await volume.app.close();
    await demo.database.close();
    await volume.database.close();
  }
  return met;
}
