/**
 * Issue 14 "Limits are per instance": two instances of the app (two apps in this process, one database)
 * behind one Redis count the global per-address limit, the per-account sign-in delay and the SDK limit
 * together; without REDIS_URL each counts alone, as before. With Redis gone (a TCP proxy in front of it
 * killed, or a closed port) requests are still answered on local limits, /readyz says `degraded` within
 * 1 s and the log says so loudly once; with Redis back the limits are shared again. Cache invalidation
 * (the country catalogue) reaches the other instance through Redis's pub/sub.
 *
 * Every key of this run starts with its own prefix (REDIS_KEY_PREFIX), deleted at the end. Limits do not
 * depend on the database, so SQLite only. Where Redis is unreachable the run says so in one loud line,
 * and fails in CI (support/global-setup.ts).
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { RET_CODES, type CountryCoverageList, type CountryEntry } from '@kyc/contracts';
import type { Database } from '../src/data/db.ts';
import { DOWN_MESSAGE } from '../src/lib/shared-state/connection.ts';
import { createSharedState } from '../src/lib/shared-state/index.ts';
import { seedDemoData } from '../src/seed/demo.ts';
import { testDatabases } from './support/databases.ts';
import { kycInfo, staffClient } from './support/kyc-flows.ts';
import { TestClient, signedInClient, signedUpClient, testApp } from './support/test-app.ts';

const redisUrl = inject('redisUrl');
const sqlite = testDatabases().find((db) => db.name === 'sqlite');
if (!sqlite) throw new Error('no SQLite test database');

/** This run's keys and channel (so that concurrent runs on one Redis never meet). */
const PREFIX = `kyc-test:${randomBytes(6).toString('hex')}:`;
/** Low enough to reach in a few requests, high enough for each test's own set-up requests. */
const PER_MINUTE = 20;

const page = (app: FastifyInstance, address: string) =>
  app.inject({ method: 'GET', url: '/v2/public/country-list', remoteAddress: address });

/** How many of `count` requests from `address` each app answered with 429. */
async function refusedOf(apps: FastifyInstance[], address: string, count: number): Promise<number[]> {
  const refused: number[] = [];
  for (const app of apps) {
    let n = 0;
    for (let i = 0; i < count; i += 1) if ((await page(app, address)).statusCode === 429) n += 1;
    refused.push(n);
  }
  return refused;
}

function login(client: TestClient, email: string, password: string) {
  return client.post('/user/public/login', { email, password });
}

/** A TCP proxy to Redis that can be killed (connections cut, port closed) and restored on its port. */
class RedisProxy {
  private readonly sockets = new Set<net.Socket>();
  private server: net.Server | undefined;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => {
          this.sockets.delete(socket);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async kill(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async restore(): Promise<void> {
    if (!this.server) await this.start();
  }
}

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(redisUrl)('limits shared by two instances through Redis (issue 14)', () => {
  let database: Database;
  /** This test's own connection: reads and cleans this run's keys. */
  let admin: Redis;
  const apps: FastifyInstance[] = [];
  const started = async (env: Record<string, string>, logger?: Writable) => {
    const app = await testApp(database, {
      env: { RATE_LIMIT_PER_MINUTE: String(PER_MINUTE), REDIS_KEY_PREFIX: PREFIX, ...env },
      ...(logger ? { logger: { level: 'warn', stream: logger } } : {}),
    });
    apps.push(app);
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    database = await sqlite.open();
    await seedDemoData(database);
    admin = new Redis(redisUrl ?? '');
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await sqlite.cleanup();
    // This run's keys, gone.
    const keys = await admin.keys(`${PREFIX}*`);
    if (keys.length > 0) await admin.del(...keys);
    admin.disconnect();
  });

  describe('with REDIS_URL', () => {
    let a: FastifyInstance;
    let b: FastifyInstance;
    beforeAll(async () => {
      a = await started({ REDIS_URL: redisUrl ?? '' });
      b = await started({ REDIS_URL: redisUrl ?? '' });
    });
    // The clients of these tests all come from 127.0.0.1: each test starts with the global limit unused.
    beforeEach(async () => {
      const keys = await admin.keys(`${PREFIX}limit:requests-per-address:*`);
      if (keys.length > 0) await admin.del(...keys);
    });

    it('when one address spreads its requests over both instances, then the global limit counts them together', async () => {
      // 12 + 12 from one address against 20 a minute: the second instance refuses the last four.
      expect(await refusedOf([a, b], '198.51.100.1', 12)).toEqual([0, 4]);
      const refused = await page(a, '198.51.100.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ ret_code: RET_CODES.TOO_MANY_REQUESTS.code });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('when five wrong passwords are spread over both instances, then the account waits its delay on both, the right password included', async () => {
      const owner = await signedUpClient(a, 'spread@example.com', 'owner passphrase 1');
      const onA = new TestClient(a);
      const onB = new TestClient(b);
      await onA.visit();
      await onB.visit();
      for (const [client, n] of [
        [onA, 0],
        [onB, 1],
        [onA, 2],
        [onB, 3],
        [onA, 4],
      ] as const)
        expect((await login(client, 'spread@example.com', `guess ${n} guess`)).envelope?.ret_code).toBe(
          20001,
        );
      for (const client of [onA, onB, owner]) {
        const refused = await login(client, 'spread@example.com', 'owner passphrase 1');
        expect(refused.response.statusCode).toBe(429);
        expect(refused.envelope?.ret_code).toBe(RET_CODES.TOO_MANY_REQUESTS.code);
        expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(25);
      }
    });

    it('when a user asks for SDK access tokens on both instances, then the 10 in 10 minutes are counted together', async () => {
      const onA = await signedUpClient(a, 'sdk-spread@example.com');
      // The session is in the shared database: the same cookies work on the other instance.
      const onB = new TestClient(b);
      for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
      const access = (client: TestClient) => client.post('/v3/private/kyc/sdk-access', { level: 1 });
      for (let i = 0; i < 5; i += 1) {
        expect((await access(onA)).response.statusCode).not.toBe(429);
        expect((await access(onB)).response.statusCode).not.toBe(429);
      }
      for (const client of [onA, onB]) {
        const { response, envelope } = await access(client);
        expect(response.statusCode).toBe(429);
        expect(envelope?.ret_code).toBe(RET_CODES.TOO_MANY_REQUESTS.code);
      }
    });

    it("when an admin closes a country on one instance, then the other's cached country list sees it at once", async () => {
      const belgium = async (app: FastifyInstance) => {
        const { envelope } = await new TestClient(app).get('/v2/public/country-list?is_disable=1');
        return (envelope?.result as { list: CountryEntry[] }).list.find((c) => c.code === 'BE');
      };
      expect(await belgium(b)).toMatchObject({ isDisabled: false }); // b's catalogue is now filled
      const staff = await staffClient(a, 'admin@demo.test');
      const listed = (await staff.get('/backoffice/api/countries?q=BE')).envelope
        ?.result as CountryCoverageList;
      const before = listed.items.find((c) => c.code === 'BE');
      const { envelope } = await staff.send('PATCH', '/backoffice/api/countries/be', {
        version: before?.version,
        state: 'closed',
        closedReason: 'NOT_SERVED_BUSINESS',
        documentTypes: before?.documentTypes,
      });
      expect(envelope?.ret_code).toBe(0);
      // Without REDIS_URL b would keep its copy for up to a minute (CATALOGUE_TTL_MS).
      await until(async () => (await belgium(b))?.isDisabled === true, 2000);
    });

    it('when Redis answers, then /readyz says ready and names it', async () => {
      const ready = await b.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ ret_code: 0, result: { status: 'ready', redis: 'up' } });
    });
  });

  describe('reference data in memory (quotas, provider routes, template versions; issue 14)', () => {
    /** The BTC limit of level 1 as kyc-info on `app` answers it to a signed-in person. */
    const btcLimit = async (app: FastifyInstance) => {
      const info = await kycInfo(await signedInClient(app, 'l1@demo.test'), { obtain_quotas: true });
      return info.quotas?.find((q) => q.level === 1)?.coinLimit.find((c) => c.coin === 'BTC')?.limit;
    };
    const setBtcLimit = async (staff: TestClient, limit: number) => {
      const { envelope } = await staff.send('PATCH', '/backoffice/api/quotas', {
        quotas: [{ scope: 'KYC', level: 1, coin: 'BTC', limit: String(limit) }],
      });
      expect(envelope?.ret_code).toBe(0);
    };

    it('when an admin changes a daily limit on one instance with REDIS_URL, then kyc-info on the other answers it at once', async () => {
      const a = await started({ REDIS_URL: redisUrl ?? '' });
      const b = await started({ REDIS_URL: redisUrl ?? '' });
      const before = (await btcLimit(b)) ?? 0; // b's copy is now filled
      const staff = await staffClient(a, 'admin@demo.test');
      await setBtcLimit(staff, before + 7);
      // Without REDIS_URL b would keep its copy for up to a minute (REFERENCE_TTL_MS).
      await until(async () => (await btcLimit(b)) === before + 7, 2000);
      await setBtcLimit(staff, before);
    });

    it('when an admin changes a daily limit without REDIS_URL, then the same instance answers it at once and another keeps its copy until it expires', async () => {
      const a = await started({});
      const b = await started({});
      const before = (await btcLimit(a)) ?? 0;
      expect(await btcLimit(b)).toBe(before);
      const staff = await staffClient(a, 'admin@demo.test');
      await setBtcLimit(staff, before + 3);
      expect(await btcLimit(a)).toBe(before + 3);
      // Documented (docs/operations.md "Reference data in memory"): several instances need REDIS_URL.
      expect(await btcLimit(b)).toBe(before);
      await setBtcLimit(staff, before);
    });
  });

  describe('without REDIS_URL (one instance, as before)', () => {
    it('when two instances run, then each counts alone: the global limit and the sign-in delay', async () => {
      const a = await started({});
      const b = await started({});
      expect(await refusedOf([a, b], '198.51.100.2', 12)).toEqual([0, 0]);
      await signedUpClient(a, 'alone@example.com', 'owner passphrase 2');
      const onA = new TestClient(a);
      const onB = new TestClient(b);
      await onA.visit();
      await onB.visit();
      for (let n = 0; n < 3; n += 1)
        for (const client of [onA, onB])
          expect((await login(client, 'alone@example.com', `guess ${n} guess`)).envelope?.ret_code).toBe(
            20001,
          );
      const ready = await a.inject({ method: 'GET', url: '/readyz' });
      expect(ready.json()).toMatchObject({ result: { status: 'ready' } });
      expect(ready.json().result).not.toHaveProperty('redis');
    });
  });

  describe('cache invalidation', () => {
    it('when one instance invalidates a topic, then the handlers of the other run', async () => {
      const subscribers = async () =>
        Number(((await admin.pubsub('NUMSUB', `${PREFIX}invalidate`)) as [string, number])[1]);
      const before = await subscribers();
      const one = createSharedState({ url: redisUrl ?? '', keyPrefix: PREFIX });
      const two = createSharedState({ url: redisUrl ?? '', keyPrefix: PREFIX });
      try {
        await Promise.all([one.start(), two.start()]);
        const heard: string[] = [];
        one.onInvalidate('countries', () => heard.push('one'));
        two.onInvalidate('countries', () => heard.push('two'));
        two.onInvalidate('other', () => heard.push('two: other'));
        // Subscribed once its own connection is ready.
        await until(async () => (await subscribers()) >= before + 2, 2000);
        one.invalidate('countries');
        await until(async () => heard.length >= 2, 2000);
        expect(heard).toEqual(['one', 'two']);
      } finally {
        await one.close();
        await two.close();
      }
    });
  });

  describe('Redis going away', () => {
    let proxy: RedisProxy;
    let a: FastifyInstance;
    let b: FastifyInstance;
    const lines: { level: number; msg: string; event?: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
        done();
      },
    });

    beforeAll(async () => {
      const url = new URL(redisUrl ?? '');
      proxy = new RedisProxy({ host: url.hostname, port: Number(url.port || 6379) });
      await proxy.start();
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      a = await started({ REDIS_URL: proxied.toString() }, stream);
      b = await started({ REDIS_URL: proxied.toString() });
    });

    afterAll(() => proxy.kill());

    const readyz = async (app: FastifyInstance) => {
      const at = performance.now();
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      return { response, ms: performance.now() - at };
    };

    it('when Redis dies, then requests are answered on local limits, /readyz says degraded within 1 s and the log says it loudly once; back, the limits are shared again', async () => {
      expect((await readyz(a)).response.json()).toMatchObject({ result: { status: 'ready' } });
      lines.length = 0;

      await proxy.kill();
      // Answered, counted per instance: 12 + 12 against 20 a minute passes on both.
      expect(await refusedOf([a, b], '198.51.100.3', 12)).toEqual([0, 0]);
      const signUp = await signedUpClient(a, 'outage@example.com');
      expect((await signUp.get('/v2/private/user/profile')).envelope?.ret_code).toBe(0);

      for (const app of [a, b]) {
        const { response, ms } = await readyz(app);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          ret_code: 0,
          result: { status: 'degraded', redis: 'down', degraded: ['redis'] },
        });
        expect(ms).toBeLessThan(1000);
      }
      const down = lines.filter((line) => line.event === 'redis.down');
      expect(down).toHaveLength(1);
      expect(down[0]).toMatchObject({ level: 50, msg: DOWN_MESSAGE });

      await proxy.restore();
      await until(async () => (await readyz(a)).response.json().result.status === 'ready', 5000);
      await until(async () => (await readyz(b)).response.json().result.status === 'ready', 5000);
      expect(lines.filter((line) => line.event === 'redis.up')).toHaveLength(1);
      expect(await refusedOf([a, b], '198.51.100.4', 12)).toEqual([0, 4]);
    });

    it('when REDIS_URL points at a closed port, then the app starts within the connect timeout, answers, and /readyz says degraded', async () => {
      const closed = net.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
      const port = (closed.address() as net.AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));

      const at = performance.now();
      const app = await started({ REDIS_URL: `redis://127.0.0.1:${port}` });
      expect((await page(app, '198.51.100.5')).statusCode).toBe(200);
      expect(performance.now() - at).toBeLessThan(3000);
      const { response, ms } = await readyz(app);
      expect(response.json()).toMatchObject({ result: { status: 'degraded', degraded: ['redis'] } });
      expect(ms).toBeLessThan(1000);
    });
  });
});
