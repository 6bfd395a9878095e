/**
 * Builds the real app against a test database, and a small client that keeps cookies like a browser
 * and sends the CSRF header from the CSRF cookie, as the SPA does.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE, HOST_COOKIE_PREFIX, STAFF_CSRF_COOKIE, type Envelope } from '@kyc/contracts';
import { buildApp, type BuildOptions } from '../../src/app.ts';
import { boot } from '../../src/boot.ts';
import { useAuditChainKey } from '../../src/lib/audit-chain-hash.ts';
import { takeFreshlyBooted } from './booted-databases.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/data/db.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo.ts';

export const TEST_SECRET = 'test-secret-0123456789-0123456789-abcdef';
/** A fixed DATA_MASTER_KEY (32 bytes, base64) so production-mode apps can start in tests. */
export const TEST_MASTER_KEY = Buffer.alloc(32, 7).toString('base64');

export function testConfig(env: Record<string, string> = {}) {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'kyc-cfg-'));
  return loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: TEST_SECRET,
    DATA_MASTER_KEY: TEST_MASTER_KEY,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_ORIGIN: 'http://localhost:8080',
    ...env,
  });
}

/**
 * The server's start on a test database: the start-up work (boot.ts: sealing what the seed wrote in
 * clear, publishing the questionnaire templates), then the app.
 */
const databases = new WeakMap<FastifyInstance, Database>();

/**
 * The database an app of testApp runs on (undefined for another app): state that lives in the database
 * rather than the app, such as the last TOTP step a staff member signed in with, is kept per database.
 */
export function databaseOf(app: FastifyInstance): Database | undefined {
  return databases.get(app);
}

export async function testApp(
  database: Database,
  options: Partial<BuildOptions> & { env?: Record<string, string> } = {},
): Promise<FastifyInstance> {
  const { env, ...rest } = options;
  const config = testConfig(env);
  // A database fresh from a seeded template was booted with the test keys: only the process-wide audit
  // chain key is set again (another test may have set another), unless this app brings keys of its own.
  const ownKeys = env?.DATA_MASTER_KEY !== undefined || env?.DATA_MASTER_KEY_PREVIOUS !== undefined;
  if (takeFreshlyBooted(database) && !ownKeys)
    useAuditChainKey(config.dataMasterKey, config.dataMasterKeyPrevious);
  else await boot(config, database);
  // Issue 19: the document checks (seconds of OCR) run only when a test runs their job.
  const app = await buildApp({ config, database, logger: false, documentChecks: 'job', ...rest });
  databases.set(app, database);
  return app;
}

/** Runs every sweep of the app once (as server.ts's timer does); answers the rows changed in all. */
export async function sweepAll(app: FastifyInstance): Promise<number> {
  let count = 0;
  for (const sweep of app.sweeps) count += await sweep.run();
  return count;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SendOptions {
  headers?: Record<string, string>;
  /** Raw payload instead of JSON. */
  payload?: string | Buffer;
  /** Leave out the X-CSRF-Token header. */
  noCsrf?: boolean;
}

export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  get(url: string, options: SendOptions = {}) {
    return this.send('GET', url, undefined, options);
  }

  post(url: string, body?: unknown, options: SendOptions = {}) {
    return this.send('POST', url, body, options);
  }

  /** Sends a request; answers the raw response and its parsed envelope (when the body is JSON). */
  async send(method: Method, url: string, body?: unknown, options: SendOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && !options.noCsrf) {
      const name = url.startsWith('/backoffice') ? STAFF_CSRF_COOKIE : CSRF_COOKIE;
      // The __Host- name when the app sets Secure cookies (issue 11), as the browser apps read it.
      const csrf = this.cookies.get(`${HOST_COOKIE_PREFIX}${name}`) ?? this.cookies.get(name);
      if (csrf) headers['x-csrf-token'] = csrf;
    }
    let payload = options.payload;
    if (payload === undefined && body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    this.absorb(response);
    return { response, envelope: parseEnvelope(response) };
  }

  /** Fetches a page first, as a browser does, so that the CSRF cookie exists. */
  async visit(url = '/user/accounts/en/auth/personal') {
    return this.get(url);
  }

  private absorb(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires instanceof Date && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

export function parseEnvelope(response: LightMyRequestResponse): Envelope | undefined {
  if (!String(response.headers['content-type'] ?? '').includes('json')) return undefined;
  try {
    return response.json() as Envelope;
  } catch {
    return undefined;
  }
}

/** Signs up a new user through the API and answers the client holding its session. */
export async function signedUpClient(
  app: FastifyInstance,
  email: string,
  password = 'correct horse battery',
) {
  const client = new TestClient(app);
  await client.visit();
  const { envelope } = await client.post('/user/public/register', { email, password });
  if (envelope?.ret_code !== 0) throw new Error(`sign-up failed: ${JSON.stringify(envelope)}`);
  return client;
}

/** A client signed in as an existing (e.g. seeded demo) account. */
export async function signedInClient(app: FastifyInstance, email: string, password = DEMO_PASSWORD) {
  const client = new TestClient(app);
  await client.visit();
  const { envelope } = await client.post('/user/public/login', { email, password });
  if (envelope?.ret_code !== 0) throw new Error(`sign-in failed: ${JSON.stringify(envelope)}`);
  return client;
}
