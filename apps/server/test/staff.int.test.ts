import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, STAFF_SESSION_COOKIE } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { TestClient, signedUpClient, testApp } from './support/test-app.ts';
import { DEMO_PASSWORD, DEMO_STAFF, seedDemoData } from '../src/seed/demo.ts';
import { freshDemoTotpCode } from './support/kyc-flows.ts';

describe.each(testDatabases())('back-office staff sessions on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  /** Signs in with the current code of a seeded demo member (DEMO_STAFF_TOTP=required by default). */
  async function staffClient(email: string, password = DEMO_PASSWORD) {
    const client = new TestClient(fixture.app);
    await client.get('/backoffice/');
    const known = DEMO_STAFF.some((m) => m.email === email);
    const totpCode = known ? await freshDemoTotpCode(fixture.app, email) : undefined;
    const { envelope } = await client.post('/backoffice/api/login', { email, password, totpCode });
    return { client, envelope };
  }

  it('when a reviewer signs in, then /me answers who they are, on a cookie scoped to /backoffice', async () => {
    const { client, envelope } = await staffClient('reviewer@demo.test');
    expect(envelope?.result).toMatchObject({
      email: 'reviewer@demo.test',
      role: 'reviewer',
      display_name: 'Riley Reviewer',
    });
    expect((await client.get('/backoffice/api/me')).envelope?.result).toMatchObject({ role: 'reviewer' });
  });

  it('when staff sign out, then /me answers 10007', async () => {
    const { client } = await staffClient('admin@demo.test');
    expect((await client.post('/backoffice/api/logout')).envelope?.ret_code).toBe(0);
    expect((await client.get('/backoffice/api/me')).envelope?.ret_code).toBe(10007);
  });

  it("when an end user's session is presented to the back office, then it grants nothing, and the other way round", async () => {
    const user = await signedUpClient(fixture.app, 'walt@example.com');
    const userToken = user.cookies.get(SESSION_COOKIE) ?? '';
    const forged = new TestClient(fixture.app);
    forged.cookies.set(STAFF_SESSION_COOKIE, userToken);
    expect((await forged.get('/backoffice/api/me')).envelope?.ret_code).toBe(10007);

    const { client: staff } = await staffClient('senior@demo.test');
    const staffAsUser = new TestClient(fixture.app);
    staffAsUser.cookies.set(SESSION_COOKIE, staff.cookies.get(STAFF_SESSION_COOKIE) ?? '');
    expect((await staffAsUser.get('/v2/private/user/profile')).envelope?.ret_code).toBe(10007);
  });

  it('when an end-user account tries the staff sign-in, then it gets the generic 20001', async () => {
    const { envelope } = await staffClient('new@demo.test');
    expect(envelope?.ret_code).toBe(20001);
  });

  it('when the password is right but no code is sent, then 20007 asks for it; a wrong password still gets 20001', async () => {
    const client = new TestClient(fixture.app);
    await client.get('/backoffice/');
    const login = (body: object) => client.post('/backoffice/api/login', body);
    const noCode = await login({ email: 'reviewer@demo.test', password: DEMO_PASSWORD });
    expect(noCode.envelope).toMatchObject({ ret_code: 20007, result: null });
    expect((await client.get('/backoffice/api/me')).envelope?.ret_code).toBe(10007);
    expect((await login({ email: 'reviewer@demo.test', password: 'wrong-pass' })).envelope?.ret_code).toBe(
      20001,
    );
    expect((await login({ email: 'nobody@demo.test', password: DEMO_PASSWORD })).envelope?.ret_code).toBe(
      20001,
    );
    const wrongCode = { email: 'reviewer@demo.test', password: DEMO_PASSWORD, totpCode: '000000' };
    expect((await login(wrongCode)).envelope?.ret_code).toBe(20001);
    expect((await staffClient('reviewer@demo.test')).envelope?.ret_code).toBe(0);
  });

  it('when DEMO_STAFF_TOTP=optional, then the seeded demo staff may leave the code out', async () => {
    const optional = await testApp(fixture.database, { env: { DEMO_STAFF_TOTP: 'optional' } });
    try {
      const client = new TestClient(optional);
      await client.get('/backoffice/');
      const { envelope } = await client.post('/backoffice/api/login', {
        email: 'reviewer@demo.test',
        password: DEMO_PASSWORD,
      });
      expect(envelope?.ret_code).toBe(0);
    } finally {
      await optional.close();
    }
  });

  it('when demo data is seeded twice, then nothing is duplicated', async () => {
    expect((await seedDemoData(fixture.database)).created).toBe(0);
  });
});
