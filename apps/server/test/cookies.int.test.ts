import { describe, expect, it, onTestFinished } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  CSRF_COOKIE,
  HOST_COOKIE_PREFIX,
  SESSION_COOKIE,
  STAFF_CSRF_COOKIE,
  STAFF_SESSION_COOKIE,
} from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { TestClient, testApp } from './support/test-app.ts';
import { demoTotpCode } from './support/kyc-flows.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';

const HTTPS = { COOKIE_SECURE: 'true', PUBLIC_ORIGIN: 'https://kyc.example.com' };
const PASSWORD = 'a long passphrase 1';
const tag = { tagName: 'registered_member_type', value: 'individual' };

/** A client that sends the CSRF header from whichever CSRF cookie the server set (prefixed or not). */
function post(client: TestClient, url: string, body: unknown, csrfName: string) {
  return client.post(url, body, { headers: { 'x-csrf-token': client.cookies.get(csrfName) ?? '' } });
}

/**
 * Issue 11: over https every credential cookie carries the __Host- prefix (Secure, Path=/, no Domain), so
 * a sibling subdomain or a plain-http response cannot plant or overwrite it; over plain http (local
 * development, the e2e server) the names stay as they were.
 */
describe.each(testDatabases())('cookie names on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  async function secureApp(): Promise<FastifyInstance> {
    const app = await testApp(fixture.database, { env: { ...HTTPS, DATA_DIR: fixture.dataDir } });
    onTestFinished(() => app.close());
    return app;
  }

  it('when the cookies are Secure, then the session and CSRF cookies are __Host- cookies and work', async () => {
    const client = new TestClient(await secureApp());
    const page = await client.visit();
    const csrfName = `${HOST_COOKIE_PREFIX}${CSRF_COOKIE}`;
    expect(page.response.cookies.map((c) => c.name)).toContain(csrfName);
    const { response, envelope } = await post(
      client,
      '/user/public/register',
      { email: 'hugo@example.com', password: PASSWORD },
      csrfName,
    );
    expect(envelope?.ret_code).toBe(0);
    for (const name of [`${HOST_COOKIE_PREFIX}${SESSION_COOKIE}`, csrfName]) {
      const cookie = response.cookies.find((c) => c.name === name);
      expect(cookie, name).toMatchObject({ secure: true, path: '/' });
      expect(cookie?.domain, name).toBeUndefined();
    }
    expect(response.cookies.map((c) => c.name)).not.toContain(SESSION_COOKIE);
    expect((await client.get('/v2/private/user/profile')).envelope?.ret_code).toBe(0);
    expect((await post(client, '/v3/private/user/member/tagmember', tag, csrfName)).envelope?.ret_code).toBe(
      0,
    );
  });

  it('when the cookies are Secure, then the staff cookies are __Host- cookies on Path=/', async () => {
    const client = new TestClient(await secureApp());
    await client.get('/backoffice/');
    const csrfName = `${HOST_COOKIE_PREFIX}${STAFF_CSRF_COOKIE}`;
    const { response, envelope } = await post(
      client,
      '/backoffice/api/login',
      { email: 'reviewer@demo.test', password: DEMO_PASSWORD, totpCode: demoTotpCode('reviewer@demo.test') },
      csrfName,
    );
    expect(envelope?.ret_code).toBe(0);
    for (const name of [`${HOST_COOKIE_PREFIX}${STAFF_SESSION_COOKIE}`, csrfName]) {
      const cookie = response.cookies.find((c) => c.name === name);
      expect(cookie, name).toMatchObject({ secure: true, path: '/' });
      expect(cookie?.domain, name).toBeUndefined();
    }
    expect((await client.get('/backoffice/api/me')).envelope?.result).toMatchObject({ role: 'reviewer' });
    expect((await post(client, '/backoffice/api/logout', undefined, csrfName)).envelope?.ret_code).toBe(0);
    expect((await client.get('/backoffice/api/me')).envelope?.ret_code).toBe(10007);
  });

  it('when a browser still holds the unprefixed session cookie of before, then it is read during the change, and sign-out clears both', async () => {
    // Signed in while the site still set kyc_sid / kyc_csrf (the same database, an http configuration).
    const before = new TestClient(fixture.app);
    await before.visit();
    await before.post('/user/public/register', { email: 'iris@example.com', password: PASSWORD });
    const legacySession = before.cookies.get(SESSION_COOKIE) ?? '';
    expect(legacySession).not.toBe('');

    const client = new TestClient(await secureApp());
    client.cookies.set(SESSION_COOKIE, legacySession);
    client.cookies.set(CSRF_COOKIE, before.cookies.get(CSRF_COOKIE) ?? '');
    expect((await client.get('/v2/private/user/profile')).envelope?.ret_code).toBe(0);
    // The answer handed out the prefixed CSRF cookie holding the session's token.
    const csrfName = `${HOST_COOKIE_PREFIX}${CSRF_COOKIE}`;
    expect(client.cookies.get(csrfName)).toBe(before.cookies.get(CSRF_COOKIE));
    expect((await post(client, '/v3/private/user/member/tagmember', tag, csrfName)).envelope?.ret_code).toBe(
      0,
    );

    const { response } = await post(client, '/logout', undefined, csrfName);
    const cleared = response.cookies.filter((c) => c.value === '' || c.maxAge === 0).map((c) => c.name);
    expect(cleared).toEqual(
      expect.arrayContaining([SESSION_COOKIE, `${HOST_COOKIE_PREFIX}${SESSION_COOKIE}`]),
    );
    client.cookies.set(SESSION_COOKIE, legacySession);
    expect((await client.get('/v2/private/user/profile')).envelope?.ret_code).toBe(10007);
  });

  it('when the cookies are not Secure (plain http), then the names and paths stay as they were', async () => {
    const client = new TestClient(fixture.app);
    await client.visit();
    const { response } = await client.post('/user/public/register', {
      email: 'jon@example.com',
      password: PASSWORD,
    });
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({ path: '/' });
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBeFalsy();
    expect(response.cookies.map((c) => c.name).some((n) => n.startsWith(HOST_COOKIE_PREFIX))).toBe(false);

    const staff = new TestClient(fixture.app);
    await staff.get('/backoffice/');
    const login = await staff.post('/backoffice/api/login', {
      email: 'reviewer@demo.test',
      password: DEMO_PASSWORD,
      totpCode: demoTotpCode('reviewer@demo.test'),
    });
    expect(login.response.cookies.find((c) => c.name === STAFF_SESSION_COOKIE)).toMatchObject({
      path: '/backoffice',
    });
  });
});
