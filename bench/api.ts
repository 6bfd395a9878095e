/**
 * API throughput: autocannon against GET /v2/private/user/profile with a signed-in session (the real app,
 * a temporary SQLite file, session lookup and all), and against a bare Fastify hello-world started in
 * the same run on the same machine, so the ratio says what the portal's own work costs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { benchPaths } from './front-end-build.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { boot } from '../apps/server/src/boot.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/data/db.ts';

export const API_BUDGETS = { profileMinRps: 1500, profileMaxP99Ms: 50 };

export interface LoadResult {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<LoadResult> {
  const result = await autocannon({ url, headers, connections: 20, duration: seconds, pipelining: 1 });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export async function measureApi(
  seconds = 10,
): Promise<{ profile: LoadResult; hello: LoadResult; ok: boolean }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    PORT: '0',
  });
  const database = openDatabase(path.join(dataDir, 'bench.sqlite'));
  await database.migrate();
  await boot(config, database);
  const app = await buildApp({ config, database, logger: false, paths: benchPaths });
  const hello = Fastify({ logger: false });
  hello.get('/hello', async () => ({ hello: 'world' }));
  try {
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const helloOrigin = await hello.listen({ port: 0, host: '127.0.0.1' });

    // Sign up once, as a browser would: fetch a page for the CSRF cookie, then register.
    const page = await fetch(`${origin}/user/accounts/en/auth/personal`);
    const csrf = /kyc_csrf=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const signUp = await fetch(`${origin}/user/public/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `kyc_csrf=${csrf}` },
      body: JSON.stringify({ email: 'bench@example.com', password: 'steady runner phrase 1' }),
    });
    const sid = /kyc_sid=([^;]+)/.exec(signUp.headers.getSetCookie().join(';'))?.[1];
    if (!sid) throw new Error('bench sign-up failed');
    const check = (await (
      await fetch(`${origin}/v2/private/user/profile`, { headers: { cookie: `kyc_sid=${sid}` } })
    ).json()) as { ret_code: number };
    if (check.ret_code !== 0) throw new Error(`profile answered ${JSON.stringify(check)}`);

    const profile = await load(`${origin}/v2/private/user/profile`, { cookie: `kyc_sid=${sid}` }, seconds);
    const bare = await load(`${helloOrigin}/hello`, {}, seconds);
    const ok =
      profile.rps >= API_BUDGETS.profileMinRps &&
      profile.p99 <= API_BUDGETS.profileMaxP99Ms &&
      profile.errors === 0 &&
      profile.non2xx === 0;
    return { profile, hello: bare, ok };
  } finally {
    await app.close();
    await hello.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
