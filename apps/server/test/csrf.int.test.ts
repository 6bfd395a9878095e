import { describe, expect, it } from 'vitest';
import { CSRF_COOKIE, RET_CODES } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { TestClient, signedUpClient } from './support/test-app.ts';

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

  it('when a page is fetched without a CSRF cookie, then one is issued, script-readable and SameSite=Strict', async () => {
    const client = new TestClient(fixture.app);
    const { response } = await client.get('/user/accounts/en/auth/personal');
    const cookie = response.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(cookie).toMatchObject({ sameSite: 'Strict', path: '/' });
    expect(cookie?.httpOnly).toBeFalsy();
  });
});
