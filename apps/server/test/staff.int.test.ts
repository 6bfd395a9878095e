import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE, STAFF_SESSION_COOKIE } from '@kyc/contracts';
import { testDatabases } from './support/databases.ts';
import { TestClient, signedUpClient, testApp } from './support/test-app.ts';
import { DEMO_PASSWORD, seedDemoData } from '../src/seed/demo.ts';
import type { Database } from '../src/data/db.ts';

describe.each(testDatabases())('back-office staff sessions on $name', (testDb) => {
  let database: Database;
  let app: FastifyInstance;

  beforeEach(async () => {
    database = await testDb.open();
    await seedDemoData(database);
    app = await testApp(database);
    return () => app.close();
  });
  afterAll(() => testDb.cleanup());

  async function staffClient(email: string) {
    const client = new TestClient(app);
    await client.get('/backoffice/');
    const { envelope } = await client.post('/backoffice/api/login', { email, password: DEMO_PASSWORD });
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
    const user = await signedUpClient(app, 'walt@example.com');
    const userToken = user.cookies.get(SESSION_COOKIE) ?? '';
    const forged = new TestClient(app);
    forged.cookies.set(STAFF_SESSION_COOKIE, userToken);
    expect((await forged.get('/backoffice/api/me')).envelope?.ret_code).toBe(10007);

    const { client: staff } = await staffClient('senior@demo.test');
    const staffAsUser = new TestClient(app);
    staffAsUser.cookies.set(SESSION_COOKIE, staff.cookies.get(STAFF_SESSION_COOKIE) ?? '');
    expect((await staffAsUser.get('/v2/private/user/profile')).envelope?.ret_code).toBe(10007);
  });

  it('when an end-user account tries the staff sign-in, then it gets the generic 20001', async () => {
    const { envelope } = await staffClient('new@demo.test');
    expect(envelope?.ret_code).toBe(20001);
  });

  it('when demo data is seeded twice, then nothing is duplicated', async () => {
    expect((await seedDemoData(database)).created).toBe(0);
  });
});
