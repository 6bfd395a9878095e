/**
 * Issue 14, the database going away (D47): a TCP proxy written here (node:net) stands between the app
 * and PostgreSQL, and breaks the way production broke.
 *  - kill: every proxied socket destroyed and new connections refused (PostgreSQL down, a failover);
 *  - freeze: sockets kept open but no byte forwarded (a network partition), then released.
 * Either way the process lives, requests answer 503 with ret_code 10018 in the envelope within the
 * configured timeouts (short ones here), /readyz answers "not ready" within 1 s, and once the proxy
 * forwards again the next requests succeed without a restart.
 *
 * PostgreSQL only (SQLite has no connection to lose). Where PostgreSQL is unreachable the run says so in
 * one loud line and fails in CI (support/global-setup.ts), as every PostgreSQL test here.
 */
import net from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RET_CODES } from '@kyc/contracts';
import { databaseOptionsOf, openDatabase, type Database } from '../src/data/db.ts';
import { databaseUnavailable } from '../src/data/db-errors.ts';
import { testDatabases } from './support/databases.ts';
import { signedUpClient, testApp, testConfig, TestClient } from './support/test-app.ts';

const postgres = testDatabases().find((db) => db.name === 'postgres');

/**
 * Short timeouts, so that the whole file takes a few seconds; both longer than /readyz's 1 s, so that a
 * ping during the freeze outlasts the probe's deadline whichever timeout ends it.
 */
const CONNECT_TIMEOUT_MS = 1200;
const STATEMENT_TIMEOUT_MS = 1000;
/** What a request may take on top of the timeouts on a loaded 2-core machine. */
const SLACK_MS = 1000;

type Pair = readonly [net.Socket, net.Socket];

/** A TCP proxy to PostgreSQL that can be killed (refusing) and frozen (silent), then restored. */
class FaultyProxy {
  private readonly pairs = new Set<Pair>();
  private frozen = false;
  private held: [net.Socket, Buffer][] = [];
  private server: net.Server | undefined;
  port = 0;
  /** Connections the proxy accepted since it started. */
  accepted = 0;

  /** Connections open through the proxy now. */
  get open(): number {
    return this.pairs.size;
  }

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  private accept(client: net.Socket): void {
    this.accepted += 1;
    const upstream = net.connect(this.target.port, this.target.host);
    const pair: Pair = [client, upstream];
    this.pairs.add(pair);
    const end = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of pair) {
      socket.on('error', end);
      socket.on('close', end);
    }
    // While frozen, bytes are held (in order) rather than forwarded; a socket closed meanwhile is still
    // seen, so that `open` tells what the app keeps open.
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk: Buffer) => {
        if (this.frozen) this.held.push([to, chunk]);
        else to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
  }

  /** PostgreSQL gone: every connection cut, new ones refused (nothing listens on the port). */
  async kill(): Promise<void> {
    this.held = [];
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** A partition: connections stay open (new ones are accepted too) but no byte gets through. */
  freeze(): void {
    this.frozen = true;
  }

  /** Forwarding again, on the same port: held bytes are delivered, as TCP does after a partition. */
  async restore(): Promise<void> {
    this.frozen = false;
    for (const [to, chunk] of this.held.splice(0)) if (!to.destroyed) to.write(chunk);
    if (!this.server) await this.start();
  }

  async close(): Promise<void> {
    await this.kill();
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe.runIf(postgres)('the database going away on postgres (issue 14)', () => {
  let proxy: FaultyProxy;
  let database: Database;
  let app: FastifyInstance;
  let client: TestClient;
  const lines: string[] = [];

  beforeAll(async () => {
    if (!postgres) throw new Error('runs only with PostgreSQL');
    const url = new URL(inject('postgresUrl') ?? '');
    // A fresh migrated database of this run; the app reaches it only through the proxy.
    const direct = await postgres.open();
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(direct.db);
    proxy = new FaultyProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.start();
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    proxied.pathname = `/${rows[0]?.name ?? ''}`;

    const env = {
      DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    };
    database = openDatabase(proxied.toString(), {
      poolSize: 4,
      ...databaseOptionsOf(testConfig(env)),
      onConnectionError: () => undefined,
    });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await testApp(database, { env, logger: { level: 'warn', stream } });
    client = await signedUpClient(app, 'outage@example.com');
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
    await postgres?.cleanup();
  });

  const profile = () => client.get('/v2/private/user/profile');
  const readyz = () => app.inject({ method: 'GET', url: '/readyz' });

  it('when PostgreSQL is killed, then requests answer 503 / 10018 in the envelope and /readyz says not ready at once; restored, the same app answers again', async () => {
    expect((await profile()).envelope?.ret_code).toBe(0);
    expect((await readyz()).statusCode).toBe(200);
    const visitor = new TestClient(app);
    await visitor.visit();
    lines.length = 0;
    // A connection lent out between two statements of a transaction when its socket dies: unheard,
    // its 'error' event would end the process.
    let killed: () => void = () => undefined;
    const afterKill = new Promise<void>((resolve) => {
      killed = resolve;
    });
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const held = database.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      entered();
      await afterKill;
      await new Promise((resolve) => setTimeout(resolve, 50));
      await sql`select 1`.execute(trx);
    });
    await inside;

    await proxy.kill();
    killed();
    const failed = await held.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(databaseUnavailable(failed)).toBeDefined();

    const read = await timed(profile);
    expect(read.value.response.statusCode).toBe(503);
    expect(read.value.envelope).toEqual({
      ret_code: RET_CODES.SERVICE_UNAVAILABLE.code,
      ret_msg: expect.any(String),
      result: null,
    });
    expect(read.ms).toBeLessThan(CONNECT_TIMEOUT_MS + SLACK_MS);
    // A public write path too: a sign-in.
    const signIn = await visitor.post('/user/public/login', {
      email: 'outage@example.com',
      password: 'correct horse battery',
    });
    expect(signIn.response.statusCode).toBe(503);
    expect(signIn.envelope?.ret_code).toBe(RET_CODES.SERVICE_UNAVAILABLE.code);

    const ready = await timed(readyz);
    expect(ready.value.statusCode).toBe(503);
    expect(ready.value.json()).toMatchObject({ ret_code: RET_CODES.SERVICE_UNAVAILABLE.code, result: null });
    expect(ready.ms).toBeLessThan(1000);

    // Logged once per request at warn with its reason: no error line, no stack.
    const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; reason?: string });
    const warnings = logged.filter((line) => line.msg === 'database unavailable');
    expect(warnings).toHaveLength(2);
    expect(warnings.every((line) => line.level === 40 && typeof line.reason === 'string')).toBe(true);
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.join('\n')).not.toMatch(/\bat .+\.ts:\d+/);

    await proxy.restore();

    expect((await profile()).envelope?.ret_code).toBe(0);
    expect((await readyz()).statusCode).toBe(200);
    const again = await visitor.post('/user/public/login', {
      email: 'outage@example.com',
      password: 'correct horse battery',
    });
    expect(again.envelope?.ret_code).toBe(0);
  });

  it('when the network to PostgreSQL freezes, then requests answer 503 within the timeouts instead of hanging, /readyz within 1 s with one check at a time; when it thaws, the same app answers again', async () => {
    expect((await profile()).envelope?.ret_code).toBe(0);
    lines.length = 0;

    proxy.freeze();
    const openBefore = proxy.open;

    // A pooled connection: its statement gets no answer, and the client gives up after query_timeout.
    const read = await timed(profile);
    expect(read.value.response.statusCode).toBe(503);
    expect(read.value.envelope?.ret_code).toBe(RET_CODES.SERVICE_UNAVAILABLE.code);
    expect(read.ms).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS);
    expect(read.ms).toBeLessThan(STATEMENT_TIMEOUT_MS + 500 + SLACK_MS);
    // That connection, its statement still pending, is closed rather than lent to the next request.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(proxy.open).toBe(openBefore - 1);

    // Probes every 100 ms for a second: each answered "not ready" within 1 s, one ping at a time.
    const acceptedBefore = proxy.accepted;
    const probes: Promise<{ value: Awaited<ReturnType<typeof readyz>>; ms: number }>[] = [];
    for (let n = 0; n < 10; n += 1) {
      probes.push(timed(readyz));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answered = await Promise.all(probes);
    for (const { value, ms } of answered) {
      expect(value.statusCode).toBe(503);
      expect(value.json()).toMatchObject({ ret_code: RET_CODES.SERVICE_UNAVAILABLE.code });
      expect(ms).toBeLessThan(1000);
    }
    // Ten probes over a second, pings lasting up to the connect or statement timeout: a few connections
    // at most (a ping that gives up discards its connection), never one per probe.
    expect(proxy.accepted - acceptedBefore).toBeLessThanOrEqual(4);

    // Requests in parallel while frozen: none hangs past the timeouts.
    const many = await timed(() => Promise.all([profile(), profile(), profile(), profile(), profile()]));
    for (const { response, envelope } of many.value) {
      expect(response.statusCode).toBe(503);
      expect(envelope?.ret_code).toBe(RET_CODES.SERVICE_UNAVAILABLE.code);
    }
    expect(many.ms).toBeLessThan(CONNECT_TIMEOUT_MS + STATEMENT_TIMEOUT_MS + 500 + SLACK_MS);
    const logged = lines.map((line) => JSON.parse(line) as { level: number });
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);

    await proxy.restore();

    expect((await profile()).envelope?.ret_code).toBe(0);
    expect((await readyz()).statusCode).toBe(200);
  });
});
