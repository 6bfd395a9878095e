/**
 * Issue 14 "several instances", end to end over HTTP: two real server processes (server.ts) on one
 * fresh PostgreSQL database and one Redis, as two instances behind a load balancer (docs/operations.md
 * "Two instances behind a load balancer"):
 *
 * - both started at the same moment on the empty database both start, and the demo data exists once
 *   (the start-up lock, data/startup-lock.ts);
 * - a session made on one is used on the other; a document a person uploads on one is opened by staff
 *   on the other (DOCUMENT_STORE=database);
 * - a rate limit is counted across both (Redis);
 * - an approval and a rejection of one case sent to both at once: one 200, one 409 / 30081;
 * - a scheduled job runs once per interval across both (lib/scheduler.ts, D50), and after one instance
 *   is killed (SIGKILL) the other keeps serving and takes the job over.
 *
 * Needs PostgreSQL and Redis: where either is unreachable the file is skipped with a loud line, and the
 * run fails in CI (support/global-setup.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CSRF_COOKIE, RET_CODES, STAFF_CSRF_COOKIE } from '@kyc/contracts';
import { DEMO_PASSWORD, DEMO_STAFF, DEMO_USERS } from '../src/seed/demo.ts';
import { base32Decode, totpAt } from '../src/lib/totp.ts';
import { ALL_INFO_FLAGS, jpeg, multipart, TEST_CONSENT } from './support/kyc-flows.ts';

const postgresUrl = inject('postgresUrl');
const redisUrl = inject('redisUrl');
const runId = inject('postgresRunId');
const ROOT = path.resolve(import.meta.dirname, '../../..');
/** The jobs' interval (JOB_INTERVAL_SECONDS) in this test. */
const JOB_SECONDS = 1;
/** The per-address limit (RATE_LIMIT_PER_MINUTE): the test's own clients each come from their own address. */
const PER_MINUTE = 30;

if (!postgresUrl || !redisUrl) {
  const line = `!!! two-instances.int.test.ts SKIPPED: it needs PostgreSQL and Redis (${postgresUrl ? '' : 'PostgreSQL '}${redisUrl ? '' : 'Redis '}unreachable) !!!`;
  console.warn(`\n${'!'.repeat(line.length)}\n${line}\n${'!'.repeat(line.length)}\n`);
}

interface Instance {
  name: string;
  base: string;
  child: ChildProcess;
  log: () => string;
  dataDir: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startInstance(name: string, port: number, env: Record<string, string>): Instance {
  const dataDir = mkdtempSync(path.join(tmpdir(), `kyc-two-${name}-`));
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  return { name, base: `http://127.0.0.1:${port}`, child, log: () => log, dataDir };
}

async function ready(instance: Instance, timeoutMs = 50_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null)
      throw new Error(`${instance.name} exited (${instance.child.exitCode}):\n${instance.log()}`);
    try {
      if ((await fetch(`${instance.base}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${instance.name} did not start within ${timeoutMs} ms:\n${instance.log()}`);
}

interface Answer {
  status: number;
  envelope: { ret_code: number; result?: unknown; ret_msg?: string } | undefined;
  body: Buffer;
}

/** A browser-like client over fetch: one cookie jar, sent to whichever instance a request goes to. */
class Client {
  readonly cookies = new Map<string, string>();
  constructor(private readonly address: string) {}

  async send(
    base: string,
    method: string,
    url: string,
    body?: unknown,
    extra: { headers?: Record<string, string>; payload?: Buffer } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.address, ...extra.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') {
      const csrf = this.cookies.get(url.startsWith('/backoffice') ? STAFF_CSRF_COOKIE : CSRF_COOKIE);
      if (csrf) headers['x-csrf-token'] = csrf;
    }
    let payload: Buffer | string | undefined = extra.payload;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${base}${url}`, { method, headers, body: payload });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    let envelope: Answer['envelope'];
    if ((response.headers.get('content-type') ?? '').includes('json'))
      envelope = JSON.parse(bytes.toString('utf8')) as Answer['envelope'];
    return { status: response.status, envelope, body: bytes };
  }

  get = (base: string, url: string) => this.send(base, 'GET', url);
  post = (base: string, url: string, body: unknown, headers?: Record<string, string>) =>
    this.send(base, 'POST', url, body, { headers });
}

const totp = (email: string) => {
  const member = DEMO_STAFF.find((m) => m.email === email);
  if (!member) throw new Error(`no demo staff ${email}`);
  return totpAt(base32Decode(member.totpSecret), Date.now());
};

describe.skipIf(!postgresUrl || !redisUrl)('two server processes on one PostgreSQL and one Redis', () => {
  const database = `kyc_${runId}_two_instances_${randomBytes(3).toString('hex')}`;
  const prefix = `kyc-two:${randomBytes(6).toString('hex')}:`;
  let admin: pg.Client;
  let data: pg.Client;
  let a: Instance;
  let b: Instance;

  const scheduled = async (name: string) =>
    (
      await data.query<{ runs: string; last_run_by: string | null }>(
        'select runs, last_run_by from scheduled_tasks where name = $1',
        [name],
      )
    ).rows[0];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: postgresUrl ?? '' });
    await admin.connect();
    await admin.query(`create database "${database}"`);
    const url = new URL(postgresUrl ?? '');
    url.pathname = `/${database}`;
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl ?? '',
      REDIS_KEY_PREFIX: prefix,
      DOCUMENT_STORE: 'database',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      DATA_MASTER_KEY: randomBytes(32).toString('base64'),
      DEMO_DATA: 'true',
      PASSWORD_HASH_COST: '4',
      TRUST_PROXY: 'true',
      RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
      JOB_INTERVAL_SECONDS: String(JOB_SECONDS),
    };
    const [portA, portB] = [await freePort(), await freePort()];
    // Both at the same moment on the empty database: migrations, demo data and boot work meet here.
    a = startInstance('A', portA, env);
    b = startInstance('B', portB, env);
    await Promise.all([ready(a), ready(b)]);
    data = new pg.Client({ connectionString: url.toString() });
    await data.connect();
  }, 60_000);

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (!instance) continue;
      if (instance.child.exitCode === null && instance.child.signalCode === null)
        instance.child.kill('SIGKILL');
      rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await data?.end().catch(() => undefined);
    if (admin) {
      await admin.query(`drop database if exists "${database}" with (force)`).catch(() => undefined);
      await admin.end();
    }
    const redis = new Redis(redisUrl ?? '');
    try {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });

  it('when both start at once on an empty database, then both serve and the demo data exists once', async () => {
    for (const instance of [a, b]) expect((await fetch(`${instance.base}/readyz`)).status).toBe(200);
    const users = await data.query<{ email: string; n: string }>(
      'select email, count(*) as n from users group by email',
    );
    expect(users.rows.map((r) => r.email).sort()).toEqual(DEMO_USERS.map((u) => u.email).sort());
    expect(users.rows.every((r) => r.n === '1')).toBe(true);
    const staff = await data.query<{ n: string }>('select count(*) as n from staff_users');
    expect(Number(staff.rows[0]?.n)).toBe(DEMO_STAFF.length);
    const migrations = await data.query<{ n: string }>('select count(*) as n from kysely_migration');
    expect(Number(migrations.rows[0]?.n)).toBeGreaterThanOrEqual(20);
  });

  it('when a person signs in and uploads on A, then the session works on B and staff signed in on B open the document on A', async () => {
    const person = new Client('198.51.100.1');
    await person.get(a.base, '/user/accounts/en/auth/personal');
    const login = await person.post(a.base, '/user/public/login', {
      email: 'new@demo.test',
      password: DEMO_PASSWORD,
    });
    expect(login.envelope?.ret_code).toBe(0);
    // The session made on A, used on B.
    const info = await person.post(b.base, '/v3/private/kyc/kyc-info', ALL_INFO_FLAGS);
    expect(info.status, info.body.toString()).toBe(200);
    expect(info.envelope?.ret_code).toBe(0);

    // The name and date of birth as on the document, as the level-1 flow asks: with DEMO_DATA the
    // instances screen against the fixtures, and a person with no name cannot be approved (61002, D65).
    const details = await person.post(b.base, '/v3/private/kyc/kyc-personal-info', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: '1990-12-10',
    });
    expect(details.envelope?.ret_code, details.body.toString()).toBe(0);

    const ids: string[] = [];
    for (const side of ['front', 'selfie']) {
      const part = multipart(side, await jpeg());
      const uploaded = await person.send(a.base, 'POST', '/v3/private/kyc/upload-document', undefined, {
        headers: part.headers,
        payload: part.payload,
      });
      expect(uploaded.envelope?.ret_code, uploaded.body.toString()).toBe(0);
      ids.push(String((uploaded.envelope?.result as { documentId: string }).documentId));
    }
    const submitted = await person.post(
      b.base,
      '/v3/private/kyc/submit',
      { level: 1, documentType: 'PASSPORT', country: 'DE', documentIds: ids, consent: TEST_CONSENT },
      { 'idempotency-key': 'two-instances-1' },
    );
    expect(submitted.envelope?.ret_code, submitted.body.toString()).toBe(0);
    const userId = Number(
      (await data.query<{ id: string }>("select id from users where email = 'new@demo.test'")).rows[0]?.id,
    );

    const reviewer = new Client('198.51.100.2');
    await reviewer.get(b.base, '/backoffice/');
    const staffLogin = await reviewer.post(b.base, '/backoffice/api/login', {
      email: 'reviewer@demo.test',
      password: DEMO_PASSWORD,
      totpCode: totp('reviewer@demo.test'),
    });
    expect(staffLogin.envelope?.ret_code, staffLogin.body.toString()).toBe(0);
    const document = await reviewer.get(a.base, `/backoffice/api/cases/${userId}/documents/${ids[0]}`);
    expect(document.status).toBe(200);
    expect(document.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    // Approve on A and reject with RETRY on B, at the same moment: one wins, the other is 30081.
    const decide = (base: string, body: unknown) =>
      reviewer.post(base, `/backoffice/api/cases/${userId}/decisions`, body);
    const answers = await Promise.all([
      decide(a.base, { decision: 'approve', level: 1 }),
      decide(b.base, { decision: 'reject_retry', level: 1, reasonCode: 'BLURRY', userMessage: 'Blurred.' }),
    ]);
    const outcome = answers.map((r) => `${r.status}/${r.envelope?.ret_code}`).sort();
    expect(outcome).toEqual([`200/0`, `409/${RET_CODES.CASE_ALREADY_DECIDED.code}`]);
    const decisions = await data.query<{ n: string }>(
      'select count(*) as n from kyc_decisions where user_id = $1',
      [userId],
    );
    expect(Number(decisions.rows[0]?.n)).toBe(1);
  });

  it('when one address calls both instances, then the per-address limit counts both together', async () => {
    const caller = new Client('203.0.113.7');
    const statuses: number[] = [];
    for (let i = 0; i < PER_MINUTE; i += 1)
      statuses.push((await caller.get(i % 2 === 0 ? a.base : b.base, '/v2/public/country-list')).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    // The limit is used up across both: the next call is refused on either.
    expect((await caller.get(a.base, '/v2/public/country-list')).status).toBe(429);
    expect((await caller.get(b.base, '/v2/public/country-list')).status).toBe(429);
  });

  it('when the jobs are due every second on both, then each runs once a second across both; with A killed, B runs them and keeps serving', async () => {
    const before = await scheduled('partner-webhooks');
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const after = await scheduled('partner-webhooks');
    const seconds = (Date.now() - started) / 1000;
    const runs = Number(after?.runs) - Number(before?.runs);
    // Each instance ticks once a second: unshared, that would be about twice `seconds`.
    expect(runs).toBeGreaterThanOrEqual(Math.floor(seconds / JOB_SECONDS) - 1);
    expect(runs).toBeLessThanOrEqual(Math.ceil(seconds / JOB_SECONDS) + 1);

    a.child.kill('SIGKILL');
    await new Promise((resolve) => a.child.once('exit', resolve));
    const killedAt = await scheduled('partner-webhooks');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const later = await scheduled('partner-webhooks');
    expect(Number(later?.runs)).toBeGreaterThan(Number(killedAt?.runs));
    expect(later?.last_run_by).toMatch(new RegExp(`:${b.child.pid}$`));

    expect((await fetch(`${b.base}/readyz`)).status).toBe(200);
    const person = new Client('198.51.100.3');
    await person.get(b.base, '/user/accounts/en/auth/personal');
    const login = await person.post(b.base, '/user/public/login', {
      email: 'l1@demo.test',
      password: DEMO_PASSWORD,
    });
    expect(login.envelope?.ret_code, login.body.toString()).toBe(0);
    expect((await person.post(b.base, '/v3/private/kyc/kyc-info', ALL_INFO_FLAGS)).envelope?.ret_code).toBe(
      0,
    );
  });
});
