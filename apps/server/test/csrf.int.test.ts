import { describe, expect, it } from 'vitest';
import { DEMO_STAFF, seedDemoData } from '../src/seed/demo.ts';
import { CSRF_COOKIE, RET_CODES } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { TestClient, signedUpClient } from './support/test-app.ts';
import { staffClient } from './support/kyc-flows.ts';

describe.each(testDatabases())('CSRF protection on $name', (testDb) => {
  const fixture = useAppFixture(testDb, { seed: false });

  const tag = { tagName: 'registered_member_type', value: 'individual' };

  it('when a signed-in POST has no CSRF header, then it is refused with HTTP 403 and 10011 and changes nothing', async () => {
    const client = await signedUpClient(fixture.app, 'ivy@example.com');
    const { response, envelope } = await client.post('/v3/private/user/member/tagmember', tag, {
      noCsrf: true,
    });
    expect(response.statusCode).toBe(403);
    expect(envelope?.ret_code).toBe(RET_CODES.CSRF_TOKEN_INVALID.code);
    expect((await client.get('/user/private/member/info')).envelope?.result).toMatchObject({
      registered_member_type: '',
    });
  });

  it("when the header carries another session's token, then the request is refused", async () => {
    const victim = await signedUpClient(fixture.app, 'jack@example.com');
    const attacker = await signedUpClient(fixture.app, 'kate@example.com');
    const { response } = await victim.post('/v3/private/user/member/tagmember', tag, {
      headers: { 'x-csrf-token': attacker.cookies.get(CSRF_COOKIE) ?? '' },
      noCsrf: true,
    });
    expect(response.statusCode).toBe(403);
  });

  it('when an anonymous token is forged without the server secret, then sign-in is refused before any check', async () => {
    const client = new TestClient(fixture.app);
    client.cookies.set(CSRF_COOKIE, 'forged.token');
    const { response, envelope } = await client.post('/user/public/login', {
      email: 'x@example.com',
      password: 'whatever123',
    });
    expect(response.statusCode).toBe(403);
    expect(envelope?.ret_code).toBe(10011);
  });

  it('when the Origin header names another site, then the request is refused even with a valid token', async () => {
    const client = await signedUpClient(fixture.app, 'leo@example.com');
    const { response } = await client.post('/v3/private/user/member/tagmember', tag, {
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    const same = await client.post('/v3/private/user/member/tagmember', tag, {
      headers: { origin: 'http://localhost:8080' },
    });
    expect(same.envelope?.ret_code).toBe(0);
  });

  it('when the session has expired, then a POST with the stale CSRF token answers 10007, not a CSRF refusal (issue 11)', async () => {
    const client = await signedUpClient(fixture.app, 'mia@example.com');
    const stale = client.cookies.get(CSRF_COOKIE) ?? '';
    await fixture.database.db.deleteFrom('sessions').execute(); // the session ended (idle, absolute, elsewhere)
    const { response, envelope } = await client.post('/v3/private/user/member/tagmember', tag);
    expect(response.statusCode).toBe(200);
    expect(envelope?.ret_code).toBe(RET_CODES.NOT_LOGGED_IN.code);
    // Without the header too: nothing the request could do needs a CSRF token once no session exists.
    const bare = await client.post('/v3/private/user/member/tagmember', tag, { noCsrf: true });
    expect(bare.envelope?.ret_code).toBe(RET_CODES.NOT_LOGGED_IN.code);
    // The Origin check still comes first.
    const foreign = await client.post('/v3/private/user/member/tagmember', tag, {
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.response.statusCode).toBe(403);
    expect(foreign.envelope?.ret_code).toBe(RET_CODES.CSRF_TOKEN_INVALID.code);
    // The answer mended the CSRF cookie (a fresh anonymous token) for the sign-in that follows…
    expect(client.cookies.get(CSRF_COOKIE)).not.toBe(stale);
    // …while a public route (sign-in) keeps its signed double-submit check: the stale token is refused.
    client.cookies.set(CSRF_COOKIE, stale);
    const signIn = await client.post('/user/public/login', { email: 'mia@example.com', password: 'x' });
    expect(signIn.envelope?.ret_code).toBe(RET_CODES.CSRF_TOKEN_INVALID.code);
  });

  it("when a staff member's session has expired, then a back-office POST answers 10007 too", async () => {
    await seedDemoData(fixture.database);
    const staff = await staffClient(fixture.app, DEMO_STAFF[0]?.email ?? '');
    await fixture.database.db.deleteFrom('sessions').execute();
    const { envelope } = await staff.post('/backoffice/api/cases/1/decisions', { decision: 'approve' });
    expect(envelope?.ret_code).toBe(RET_CODES.NOT_LOGGED_IN.code);
  });

  it('when the session is live, then a wrong CSRF token is still refused with 403 and 10011', async () => {
    const client = await signedUpClient(fixture.app, 'ned@example.com');
    const { response, envelope } = await client.post('/v3/private/user/member/tagmember', tag, {
      headers: { 'x-csrf-token': 'not-the-token' },
      noCsrf: true,
    });
    expect(response.statusCode).toBe(403);
    expect(envelope?.ret_code).toBe(RET_CODES.CSRF_TOKEN_INVALID.code);
  });
});

/** Issuing the anonymous CSRF cookie with a page reads no database: SQLite only. */
describe('CSRF cookie of a page', () => {
  const fixture = useAppFixture(testDatabases()[0] as ReturnType<typeof testDatabases>[number], {
    seed: false,
  });

  it('when a page is fetched without a CSRF cookie, then one is issued, script-readable and SameSite=Strict', async () => {
    const client = new TestClient(fixture.app);
    const { response } = await client.get('/user/accounts/en/auth/personal');
    const cookie = response.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(cookie).toMatchObject({ sameSite: 'Strict', path: '/' });
    expect(cookie?.httpOnly).toBeFalsy();
  });
});
