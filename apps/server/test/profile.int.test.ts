import { describe, expect, it } from 'vitest';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { TestClient, signedUpClient } from './support/test-app.ts';
import { usersRepo } from '../src/data/repositories/users-repo.ts';

describe.each(testDatabases())('profile, member info and tags on $name', (testDb) => {
  const fixture = useAppFixture(testDb, { seed: false });

  it('when not signed in, then every private endpoint answers HTTP 200 with ret_code 10007 (spec §8)', async () => {
    const client = new TestClient(fixture.app);
    for (const url of ['/v2/private/user/profile', '/user/private/member/info']) {
      const { response, envelope } = await client.get(url);
      expect(response.statusCode).toBe(200);
      expect(envelope).toEqual({ ret_code: 10007, ret_msg: 'not logged in', result: null });
    }
    await client.visit();
    const tag = await client.post('/v3/private/user/member/tagmember', {
      tagName: 'registered_member_type',
      value: 'individual',
    });
    expect(tag.envelope?.ret_code).toBe(10007);
  });

  it('when two users are signed in, then each sees only their own account (no id is ever taken from the request)', async () => {
    const mia = await signedUpClient(fixture.app, 'mia@example.com');
    const ned = await signedUpClient(fixture.app, 'ned@example.com');
    const miaProfile = (await mia.get('/v2/private/user/profile?id=1&user_id=2')).envelope?.result as {
      id: number;
      email: string;
    };
    const nedProfile = (await ned.get('/v2/private/user/profile')).envelope?.result as {
      id: number;
      email: string;
    };
    expect(miaProfile.email).toBe('mi***@example.com');
    expect(nedProfile.email).toBe('ne***@example.com');
    expect(miaProfile.id).not.toBe(nedProfile.id);
  });

  it('when the stored currency_code is empty it answers USD, and a stored one is kept (spec §3)', async () => {
    const client = await signedUpClient(fixture.app, 'olga@example.com');
    const id = ((await client.get('/v2/private/user/profile')).envelope?.result as { id: number }).id;
    expect((await client.get('/v2/private/user/profile')).envelope?.result).toMatchObject({
      currency_code: 'USD',
    });
    await usersRepo(fixture.database.db).update(
      id,
      { currency_code: 'EUR', sub_attribute: 'retail' },
      Date.now(),
    );
    expect((await client.get('/v2/private/user/profile')).envelope?.result).toMatchObject({
      currency_code: 'EUR',
      sub_attribute: 'retail',
    });
  });

  it('when member info is read, then it holds the masked email, site, tags and last sign-in', async () => {
    const client = await signedUpClient(fixture.app, 'pete@example.com');
    const { envelope } = await client.get('/user/private/member/info');
    expect(envelope?.result).toMatchObject({
      email: 'pe***@example.com',
      site: 'GLOBAL',
      registered_member_type: '',
      member_tag: { KYC: '' },
    });
    expect(typeof (envelope?.result as { last_login_at: string }).last_login_at).toBe('string');
  });

  it('when tagmember sets registered_member_type to a known value, then member info shows it', async () => {
    const client = await signedUpClient(fixture.app, 'quinn@example.com');
    const { envelope } = await client.post('/v3/private/user/member/tagmember', {
      tagName: 'registered_member_type',
      value: 'institution',
    });
    expect(envelope).toEqual({ ret_code: 0, ret_msg: 'OK', result: null });
    expect((await client.get('/user/private/member/info')).envelope?.result).toMatchObject({
      registered_member_type: 'institution',
    });
  });

  it('when tagmember names an unknown tag or value, then 20006 answers and the saved value stays', async () => {
    const client = await signedUpClient(fixture.app, 'rosa@example.com');
    await client.post('/v3/private/user/member/tagmember', {
      tagName: 'registered_member_type',
      value: 'individual',
    });
    const badTag = await client.post('/v3/private/user/member/tagmember', {
      tagName: 'vip_level',
      value: 'individual',
    });
    const badValue = await client.post('/v3/private/user/member/tagmember', {
      tagName: 'registered_member_type',
      value: 'robot',
    });
    expect(badTag.envelope?.ret_code).toBe(20006);
    expect(badValue.envelope?.ret_code).toBe(20006);
    expect((await client.get('/user/private/member/info')).envelope?.result).toMatchObject({
      registered_member_type: 'individual',
    });
  });
});
