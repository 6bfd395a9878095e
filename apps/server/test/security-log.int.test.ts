/**
 * Issue 11 "Low": the end user's security log (migration 016) and its read, "Recent sign-ins":
 * sign-ups, sign-ins, failures and pauses on the person's own account, newest first, cursor-paged, the
 * address cut to its network and the browser to its name; failures for an unknown email stored against
 * no one; never another person's entries.
 */
import { describe, expect, it } from 'vitest';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { TestClient, signedUpClient } from './support/test-app.ts';
import { deviceOf, networkOf } from '../src/domain/accounts/security-log.ts';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const SIGN_INS = '/v3/private/user/security/sign-ins';

describe.each(testDatabases())('security log on $name', (testDb) => {
  const fixture = useAppFixture(testDb, { seed: false });

  it('when a person signs up, fails and signs in, then they read exactly those entries of their own, newest first and paged', async () => {
    const ivy = await signedUpClient(fixture.app, 'ivy@example.com', 'a long passphrase');
    const other = await signedUpClient(fixture.app, 'jon@example.com', 'a long passphrase');
    const stranger = new TestClient(fixture.app);
    await stranger.visit();
    const login = (password: string, userAgent: string) =>
      stranger.post(
        '/user/public/login',
        { email: 'ivy@example.com', password },
        { headers: { 'user-agent': userAgent } },
      );
    expect((await login('not the password', FIREFOX)).envelope?.ret_code).toBe(20001);
    expect((await login('a long passphrase', IPHONE)).envelope?.ret_code).toBe(0);
    // An unknown email is recorded against no one.
    const before = await countRows();
    await stranger.post('/user/public/login', { email: 'nobody@example.com', password: 'whatever it is' });
    expect(await countRows()).toBe(before);

    const first = await ivy.get(`${SIGN_INS}?limit=2`);
    expect(first.envelope?.ret_code).toBe(0);
    const page1 = first.envelope?.result as { items: Array<Record<string, unknown>>; next_cursor: number };
    expect(page1.items).toEqual([
      expect.objectContaining({ kind: 'sign_in', browser: 'Safari', system: 'iOS', network: '127.0.0.0/24' }),
      expect.objectContaining({ kind: 'sign_in_failed', browser: 'Firefox', system: 'Windows' }),
    ]);
    expect(typeof page1.items[0]?.at).toBe('string');
    expect(page1.next_cursor).toEqual(page1.items[1]?.id);

    const second = await ivy.get(`${SIGN_INS}?limit=2&cursor=${page1.next_cursor}`);
    expect(second.envelope?.result).toEqual({
      items: [expect.objectContaining({ kind: 'sign_up', browser: '', system: '' })],
      next_cursor: null,
    });

    // Jon sees only his own sign-up; signed out, nobody sees anything.
    const jons = (await other.get(SIGN_INS)).envelope?.result as { items: Array<{ kind: string }> };
    expect(jons.items.map((item) => item.kind)).toEqual(['sign_up']);
    expect((await new TestClient(fixture.app).get(SIGN_INS)).envelope?.ret_code).toBe(10007);
    expect((await ivy.get(`${SIGN_INS}?limit=21`)).envelope?.ret_code).toBe(10001);
  });

  async function countRows(): Promise<number> {
    const row = await fixture.database.db
      .selectFrom('user_security_events')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
});

describe('what the security log keeps of a client', () => {
  it('keeps only the network of an address and the names in a User-Agent', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(networkOf('2001:db8:1:2::5')).toBe('2001:db8:1::/48');
    expect(networkOf('2001:0db8:0000:0042:0000:8a2e:0370:7334')).toBe('2001:db8:0::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
    expect(networkOf('not an address')).toBe('');
    expect(deviceOf(FIREFOX)).toEqual({ browser: 'Firefox', system: 'Windows' });
    expect(deviceOf(undefined)).toEqual({ browser: '', system: '' });
    expect(deviceOf('curl/8.0')).toEqual({ browser: '', system: '' });
  });
});
