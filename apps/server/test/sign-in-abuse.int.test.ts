/**
 * Issue 11 "Low": sign-in abuse. Five wrong passwords used to lock an account for 15 minutes even for
 * the right password (anyone could lock anyone out); now the account is slowed by a progressive delay
 * that the owner waits out, attempts inside the delay are refused without the password being checked,
 * and each attempt on an existing account lands in the person's security log.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RET_CODES } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { TestClient, signedUpClient } from './support/test-app.ts';
import { accountUseCases } from '../src/domain/accounts/accounts.ts';
import { securityLog } from '../src/domain/accounts/security-log.ts';
import { SIGN_IN_DELAY, createProgressiveDelay } from '../src/lib/progressive-delay.ts';
import { createRateLimiter } from '../src/lib/rate-limiter.ts';
import type { UsersRepo } from '../src/data/repositories/users-repo.ts';
import type { SecurityLogRepo } from '../src/data/repositories/security-log-repo.ts';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0';
const T0 = Date.UTC(2026, 10, 2, 9, 0, 0);

function login(client: TestClient, email: string, password: string) {
  return client.post('/user/public/login', { email, password }, { headers: { 'user-agent': FIREFOX } });
}

describe.each(testDatabases())('sign-in abuse on $name', (testDb) => {
  const fixture = useAppFixture(testDb, { seed: false });
  afterEach(() => vi.useRealTimers());

  it("when someone fails five times on another's account, then the owner's right password is refused only until the short delay has passed", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    await signedUpClient(fixture.app, 'erin@example.com', 'owner passphrase 1');
    const attacker = new TestClient(fixture.app);
    await attacker.visit();
    for (let i = 0; i < 5; i += 1)
      expect((await login(attacker, 'erin@example.com', `guess ${i} guess`)).envelope?.ret_code).toBe(20001);

    // Inside the delay: the same 10006 and Retry-After for a wrong and for the right password.
    const wrong = await login(attacker, 'erin@example.com', 'guess 6 guess');
    const owner = new TestClient(fixture.app);
    await owner.visit();
    const right = await login(owner, 'erin@example.com', 'owner passphrase 1');
    for (const refused of [wrong, right]) {
      expect(refused.response.statusCode).toBe(429);
      expect(refused.envelope?.ret_code).toBe(RET_CODES.TOO_MANY_REQUESTS.code);
      expect(refused.response.headers['retry-after']).toBe(String(SIGN_IN_DELAY.baseDelayMs / 1000));
    }
    expect(right.envelope).toEqual(wrong.envelope);

    // The attacker hammering inside the delay does not lengthen it: the owner gets in once it passed.
    vi.setSystemTime(T0 + 10_000);
    expect((await login(attacker, 'erin@example.com', 'guess 7 guess')).response.statusCode).toBe(429);
    vi.setSystemTime(T0 + SIGN_IN_DELAY.baseDelayMs + 1);
    expect((await login(owner, 'erin@example.com', 'owner passphrase 1')).envelope?.ret_code).toBe(0);
    // A success starts afresh: the next mistake is an ordinary 20001, not a pause.
    expect((await login(attacker, 'erin@example.com', 'guess 8 guess')).envelope?.ret_code).toBe(20001);
  });

  it('when an attacker keeps cycling passwords as fast as the answers allow, then it gets at most four tries an hour and the owner waits at most the cap', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    await signedUpClient(fixture.app, 'fay@example.com', 'owner passphrase 2');
    const attacker = new TestClient(fixture.app);
    await attacker.visit();
    let now = T0;
    const checkedAt: number[] = [];
    while (now < T0 + 2 * 60 * 60_000) {
      const answer = await login(attacker, 'fay@example.com', `try ${checkedAt.length} try`);
      if (answer.envelope?.ret_code === 20001) {
        checkedAt.push(now);
        continue;
      }
      expect(answer.response.statusCode).toBe(429);
      const wait = Number(answer.response.headers['retry-after']);
      expect(wait * 1000).toBeLessThanOrEqual(SIGN_IN_DELAY.maxDelayMs);
      now += wait * 1000;
      vi.setSystemTime(now);
    }
    const secondHour = checkedAt.filter((at) => at >= T0 + 60 * 60_000);
    expect(secondHour.length).toBeLessThanOrEqual(4);
    expect(checkedAt.length).toBeLessThanOrEqual(5 + 9 + 4);
    // The owner, arriving at any moment, waits no longer than the cap.
    const owner = new TestClient(fixture.app);
    await owner.visit();
    const refused = await login(owner, 'fay@example.com', 'owner passphrase 2');
    const wait = refused.response.statusCode === 429 ? Number(refused.response.headers['retry-after']) : 0;
    expect(wait * 1000).toBeLessThanOrEqual(SIGN_IN_DELAY.maxDelayMs);
    vi.setSystemTime(now + wait * 1000);
    expect((await login(owner, 'fay@example.com', 'owner passphrase 2')).envelope?.ret_code).toBe(0);
  });
});

describe('sign-in inside the delay, without a database', () => {
  it('when the account is in its delay, then the attempt is refused before the password hash is even read', async () => {
    let hashReads = 0;
    const user = {
      id: 7,
      email: 'gil@example.com',
      disabled: 0,
      get password_hash(): string {
        hashReads += 1;
        return 'scrypt$16384$8$1$AAAA$AAAA';
      },
    };
    const users = { findByEmail: async () => user } as unknown as UsersRepo;
    const recorded: string[] = [];
    const repo = {
      insert: async (event: { kind: string }) => void recorded.push(event.kind),
      newestKind: async () => recorded.at(-1),
    } as unknown as SecurityLogRepo;
    const accounts = accountUseCases(
      users,
      {
        failuresPerAccount: createProgressiveDelay(SIGN_IN_DELAY),
        attemptsPerAddress: createRateLimiter(1000, 60_000),
        signUpsPerAddress: createRateLimiter(1000, 60_000),
      },
      securityLog(repo),
    );
    const attempt = (password: string) =>
      accounts.signIn({ email: 'gil@example.com', password, address: '198.51.100.7' }, T0);
    for (let i = 0; i < 5; i += 1)
      await expect(attempt(`wrong ${i}`)).rejects.toMatchObject({ retCode: 20001 });
    expect(hashReads).toBe(5);
    await expect(attempt('anything at all')).rejects.toMatchObject({ retCode: 10006 });
    await expect(attempt('another guess')).rejects.toMatchObject({ retCode: 10006 });
    expect(hashReads).toBe(5);
    // Five failures and one "paused" entry, not one per refused attempt.
    expect(recorded).toEqual([...Array(5).fill('sign_in_failed'), 'sign_in_throttled']);
  });
});
