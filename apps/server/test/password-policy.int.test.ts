/**
 * Issue 11 "Low": the password policy of new accounts: at least 12 characters (ASVS 2.1.1; runs of
 * spaces count once), not one of the 100 000 most common passwords (any case), not the account's own
 * email or its local part. Each refusal has its own ret_code and message.
 */
import { describe, expect, it } from 'vitest';
import { RET_CODES } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { TestClient } from './support/test-app.ts';
import { usersRepo } from '../src/data/repositories/users-repo.ts';
import { isCommonPassword } from '../src/domain/accounts/password-policy.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';

describe.each(testDatabases())('password policy on $name', (testDb) => {
  const fixture = useAppFixture(testDb, { seed: false });

  it('when a sign-up password is short, common or contains the email, then it is refused with that reason and no account exists', async () => {
    const client = new TestClient(fixture.app);
    await client.visit();
    const register = (email: string, password: string) =>
      client.post('/user/public/register', { email, password }).then((answer) => answer.envelope);
    const cases: Array<[string, string, keyof typeof RET_CODES, string]> = [
      ['hana@example.com', 'iloveyou1', 'PASSWORD_TOO_SHORT', 'password must be at least 12 characters'],
      ['hana@example.com', ' '.repeat(12), 'PASSWORD_TOO_SHORT', 'password must be at least 12 characters'],
      ['hana@example.com', 'a  b  c  d  e', 'PASSWORD_TOO_SHORT', 'password must be at least 12 characters'],
      ['hana@example.com', 'password1234', 'PASSWORD_TOO_COMMON', 'password is too common'],
      ['hana@example.com', 'PassWord1234', 'PASSWORD_TOO_COMMON', 'password is too common'],
      ['hana@example.com', 'qwertyuiopasdfgh', 'PASSWORD_TOO_COMMON', 'password is too common'],
      [
        'hana.k@example.com',
        'Hana.K@Example.com!',
        'PASSWORD_CONTAINS_EMAIL',
        'password must not contain your email address',
      ],
      [
        'hana.k@example.com',
        'my name is hana.k ok',
        'PASSWORD_CONTAINS_EMAIL',
        'password must not contain your email address',
      ],
      ['hana@example.com', 'x'.repeat(129), 'WEAK_PASSWORD', 'password must be at most 128 characters'],
    ];
    for (const [email, password, code, message] of cases)
      expect(await register(email, password), `${code} for ${JSON.stringify(password)}`).toEqual({
        ret_code: RET_CODES[code].code,
        ret_msg: message,
        result: null,
      });
    expect(await usersRepo(fixture.database.db).findByEmail('hana@example.com')).toBeUndefined();
    expect(await usersRepo(fixture.database.db).findByEmail('hana.k@example.com')).toBeUndefined();

    expect((await register('hana@example.com', 'twelve chars'))?.ret_code).toBe(0);
  });

  it('when an account was made under the old rules, then it still signs in with its short password', async () => {
    // Signing in never applies the policy: a stricter policy locks nobody out.
    await usersRepo(fixture.database.db).insert({
      email: 'old@example.com',
      password_hash: await (await import('../src/lib/passwords.ts')).hashPassword('oldpass1'),
      created_at: Date.now(),
      updated_at: Date.now(),
      last_login_at: null,
    });
    const client = new TestClient(fixture.app);
    await client.visit();
    const answer = await client.post('/user/public/login', {
      email: 'old@example.com',
      password: 'oldpass1',
    });
    expect(answer.envelope?.ret_code).toBe(0);
  });
});

describe('the shipped list of common passwords', () => {
  it('holds the 100 000 entries, compared without regard to case, and not the demo password', () => {
    expect(isCommonPassword('123456')).toBe(true);
    expect(isCommonPassword('PASSWORD1234')).toBe(true);
    expect(isCommonPassword('iloveyou1')).toBe(true);
    expect(isCommonPassword('070162')).toBe(true); // the list's last line
    expect(isCommonPassword(DEMO_PASSWORD)).toBe(false);
    expect(isCommonPassword('correct horse battery')).toBe(false);
  });
});
