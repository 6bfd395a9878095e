import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testDatabases } from './support/databases.ts';
import { TestClient, signedUpClient, testApp } from './support/test-app.ts';
import type { Database } from '../src/data/db.ts';

/** Transport failures keep their HTTP status and still answer in the envelope (issue 2, docs/api.md). */
describe.each(testDatabases())('transport errors on $name', (testDb) => {
  let database: Database;
  let app: FastifyInstance;

  beforeEach(async () => {
    database = await testDb.open();
    app = await testApp(database);
  });
  afterAll(() => testDb.cleanup());

  const url = '/v3/private/user/member/tagmember';

  it('when the JSON is malformed, then HTTP 400 with 10012', async () => {
    const client = await signedUpClient(app, 'sue@example.com');
    const { response, envelope } = await client.post(url, undefined, {
      payload: '{"tagName": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(envelope).toEqual({ ret_code: 10012, ret_msg: 'malformed request body', result: null });
    await app.close();
  });

  it('when a field has the wrong type, then HTTP 400 with 10001 naming the field', async () => {
    const client = await signedUpClient(app, 'tom@example.com');
    const { response, envelope } = await client.post(url, { tagName: 7, value: 'x' });
    expect(response.statusCode).toBe(400);
    expect(envelope?.ret_code).toBe(10001);
    expect(envelope?.ret_msg).toContain('tagName');
    await app.close();
  });

  it('when the content type is not JSON, then HTTP 415 with 10014', async () => {
    const client = await signedUpClient(app, 'uma@example.com');
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const { response, envelope } = await client.post(url, undefined, {
        payload: 'tagName=x',
        headers: { 'content-type': type },
      });
      expect(response.statusCode).toBe(415);
      expect(envelope?.ret_code).toBe(10014);
    }
    await app.close();
  });

  it('when the body is larger than the API accepts, then HTTP 413 with 10013', async () => {
    const client = await signedUpClient(app, 'vera@example.com');
    const big = JSON.stringify({ tagName: 'registered_member_type', value: 'x'.repeat(100_000) });
    const { response, envelope } = await client.post(url, undefined, {
      payload: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(envelope?.ret_code).toBe(10013);
    await app.close();
  });

  it('when the per-address rate limit is reached, then HTTP 429 with Retry-After and 10006', async () => {
    await app.close();
    app = await testApp(database, { env: { RATE_LIMIT_PER_MINUTE: '3' } });
    const client = new TestClient(app);
    const api = '/v2/private/user/profile';
    for (let i = 0; i < 3; i += 1) expect((await client.get(api)).response.statusCode).not.toBe(429);
    const { response, envelope } = await client.get(api);
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(envelope?.ret_code).toBe(10006);
    await app.close();
  });

  it('when one address has flooded the API into 429, then /healthz and /readyz still answer 200 (issue 11)', async () => {
    await app.close();
    app = await testApp(database, { env: { RATE_LIMIT_PER_MINUTE: '3' } });
    const client = new TestClient(app);
    for (let i = 0; i < 5; i += 1) await client.get('/v2/private/user/profile');
    expect((await client.get('/v2/private/user/profile')).response.statusCode).toBe(429);
    for (let i = 0; i < 10; i += 1) {
      expect((await client.get('/healthz')).response.statusCode).toBe(200);
      expect((await client.get('/readyz')).response.statusCode).toBe(200);
    }
    // Health checks do not count towards the address's budget either: the API stays limited, no more.
    expect((await client.get('/v2/private/user/profile')).response.statusCode).toBe(429);
    await app.close();
  });

  it('when the database is reachable, then /readyz is ready, and when it is closed, then 503 with 10018', async () => {
    const client = new TestClient(app);
    expect((await client.get('/readyz')).envelope?.result).toMatchObject({
      status: 'ready',
      database: testDb.name,
    });
    await database.close();
    const { response, envelope } = await client.get('/readyz');
    expect(response.statusCode).toBe(503);
    expect(envelope?.ret_code).toBe(10018);
    expect((await client.get('/healthz')).response.statusCode).toBe(200);
    await app.close();
  });
});

/** Transport answers that no database takes part in: SQLite only. */
describe('transport errors whatever the database', () => {
  const sqlite = testDatabases()[0] as ReturnType<typeof testDatabases>[number];
  let app: FastifyInstance;

  beforeEach(async () => {
    app = await testApp(await sqlite.open());
  });
  afterAll(() => sqlite.cleanup());

  it('when the API path is unknown, then HTTP 404 with 10017', async () => {
    const client = new TestClient(app);
    for (const path of ['/v3/private/kyc/nope', '/backoffice/api/nope']) {
      const { response, envelope } = await client.get(path);
      expect(response.statusCode).toBe(404);
      expect(envelope?.ret_code).toBe(10017);
    }
    await app.close();
  });

  it('when a handler fails unexpectedly, then HTTP 500 with 10016 and neither stack nor SQL leaks', async () => {
    app.get('/v3/private/test/boom', async () => {
      throw new Error('SELECT password_hash FROM users WHERE id = 1');
    });
    const { response, envelope } = await new TestClient(app).get('/v3/private/test/boom');
    expect(response.statusCode).toBe(500);
    expect(envelope).toEqual({ ret_code: 10016, ret_msg: 'internal error', result: null });
    expect(response.body).not.toMatch(/SELECT|password_hash|at .*\.ts/);
    await app.close();
  });

  it("when the request's headers are larger than Node accepts, then HTTP 431 in the envelope with 10001 (issue 11)", async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const raw = await rawExchange(
      port,
      `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(64 * 1024)}\r\n\r\n`,
    );
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head.toLowerCase()).toContain('content-type: application/json');
    expect(JSON.parse(body)).toEqual({ ret_code: 10001, ret_msg: 'request headers too large', result: null });
    // A request line Node cannot parse is a 400 in the envelope too.
    const garbage = await rawExchange(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(garbage.split('\r\n\r\n')[1] ?? '')).toMatchObject({ ret_code: 10001, result: null });
    await app.close();
  });
});

/** Sends raw bytes to the listening server and answers everything it sends back until it closes. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) =>
      chunks.length > 0 ? resolve(Buffer.concat(chunks).toString()) : reject(error),
    );
    socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
  });
}
