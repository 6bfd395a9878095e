/**
 * Sign-up, sign-in and the account views. Sign-in abuse (issue 11): the per-account limit is a progressive
 * delay (lib/progressive-delay.ts), not a lock-out, and every sign-in, failure and throttled attempt on an
 * existing account goes to the person's security log (security-log.ts); new passwords pass the policy of
 * password-policy.ts.
 */
import {
  TAGGABLE,
  checkEmail,
  normaliseEmail,
  type MemberInfo,
  type SiteCode,
  type UserProfile,
} from '@kyc/contracts';
import type { AccountClosuresRepo } from '../../data/repositories/retention-account-closures-repo.ts';
import type { UsersRepo } from '../../data/repositories/users-repo.ts';
import type { UserRow } from '../../data/schema/index.ts';
import { AppError, tooManyRequests } from '../../lib/app-error.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { maskEmail } from './mask.ts';
import { assertPasswordPolicy } from './password-policy.ts';
import type { ClientInfo, SecurityLog } from './security-log.ts';

export interface AccountLimits {
  /**
   * Per account (email): a progressive delay after a few failures (createProgressiveDelay). `consume` is
   * one attempt, refused inside the delay; `reset` after a right password.
   */
  failuresPerAccount: RateLimiter;
  /** Sign-in attempts per client address. */
  attemptsPerAddress: RateLimiter;
  /** Sign-ups per client address. */
  signUpsPerAddress: RateLimiter;
}

function requireEmail(raw: string): string {
  const check = checkEmail(raw);
  if (!check.ok || check.value === '') throw new AppError('INVALID_EMAIL', 'invalid email');
  return normaliseEmail(check.value);
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}

/** Sign-up, sign-in and the account views of the walking skeleton. */
export function accountUseCases(
  users: UsersRepo,
  limits: AccountLimits,
  log: SecurityLog,
  defaultSite: SiteCode = 'GLOBAL',
  /** Issue 20: closed accounts, refused at sign-in with 62030 (after a right password only). */
  closures?: Pick<AccountClosuresRepo, 'findClosure'>,
) {
  return {
    async signUp(
      input: { email: string; password: string; address: string; userAgent?: string },
      now = Date.now(),
    ): Promise<UserRow> {
      const email = requireEmail(input.email);
      assertPasswordPolicy(input.password, email);
      const allowed = await limits.signUpsPerAddress.consume(input.address, now);
      if (!allowed.ok) throw tooManyRequests(allowed.retryAfterSeconds);
      const passwordHash = await hashPassword(input.password);
      try {
        const id = await users.insert({
          email,
          password_hash: passwordHash,
          site: defaultSite,
          created_at: now,
          updated_at: now,
          last_login_at: now,
        });
        const row = await users.findById(id);
        if (!row) throw new Error('user vanished after insert');
        await log.record(row.id, 'sign_up', input, now);
        return row;
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('EMAIL_ALREADY_REGISTERED', 'email already registered');
        throw error;
      }
    },

    /**
     * A wrong email and a wrong password get the same answer, after the same work (ASVS 2.2, 3.x). The
     * per-account attempt is taken before the password is looked at: inside the delay the answer is 10006
     * with Retry-After whatever the password, and the password is not checked at all.
     */
    async signIn(
      input: { email: string; password: string } & ClientInfo,
      now = Date.now(),
    ): Promise<UserRow> {
      const email = requireEmail(input.email);
      const byAddress = await limits.attemptsPerAddress.consume(input.address, now);
      if (!byAddress.ok) throw tooManyRequests(byAddress.retryAfterSeconds);
      const attempt = await limits.failuresPerAccount.consume(email, now);
      if (!attempt.ok) {
        const owner = await users.findByEmail(email);
        if (owner) await log.recordThrottled(owner.id, input, now);
        throw tooManyRequests(attempt.retryAfterSeconds);
      }

      const user = await users.findByEmail(email);
      const valid = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()));
      if (!user || !valid) {
        // An email without an account is recorded against no one (there is no one to tell).
        if (user) await log.record(user.id, 'sign_in_failed', input, now);
        throw new AppError('INVALID_CREDENTIALS', 'email or password is incorrect');
      }
      if (closures && (await closures.findClosure(user.id)))
        throw new AppError('ACCOUNT_CLOSED', 'this account is closed');
      if (user.disabled) throw new AppError('ACCOUNT_DISABLED', 'account disabled');
      await limits.failuresPerAccount.reset(email);
      await users.recordSignIn(user.id, now);
      await log.record(user.id, 'sign_in', input, now);
      return user;
    },

    async profile(userId: number): Promise<UserProfile> {
      const user = await activeUser(users, userId);
      return {
        id: user.id,
        email: maskEmail(user.email),
        // spec §3: an empty currency_code is replaced by USD.
        currency_code: user.currency_code || 'USD',
        sub_attribute: user.sub_attribute,
        site: user.site as SiteCode,
        member_tag: { KYC: user.member_tag_kyc },
        registered_member_type: user.registered_member_type,
        created_at: new Date(user.created_at).toISOString(),
      };
    },

    async memberInfo(userId: number): Promise<MemberInfo> {
      const user = await activeUser(users, userId);
      return {
        member_id: user.id,
        email: maskEmail(user.email),
        site: user.site as SiteCode,
        registered_member_type: user.registered_member_type,
        member_tag: { KYC: user.member_tag_kyc },
        created_at: new Date(user.created_at).toISOString(),
        last_login_at: user.last_login_at === null ? null : new Date(user.last_login_at).toISOString(),
      };
    },

    /** spec §7 tagmember: only registered_member_type, only its known values. */
    async tagMember(userId: number, tagName: string, value: string, now = Date.now()): Promise<void> {
      if (tagName !== 'registered_member_type')
        throw new AppError('INVALID_MEMBER_TAG', `unknown tagName ${JSON.stringify(tagName.slice(0, 64))}`);
      const allowed: readonly string[] = TAGGABLE.registered_member_type;
      if (!allowed.includes(value))
        throw new AppError('INVALID_MEMBER_TAG', `value must be one of ${allowed.join(', ')}`);
      await activeUser(users, userId);
      await users.setRegisteredMemberType(userId, value, now);
    },
  };
}
export type AccountUseCases = ReturnType<typeof accountUseCases>;

async function activeUser(users: UsersRepo, userId: number): Promise<UserRow> {
  const user = await users.findById(userId);
  if (!user) throw new AppError('NOT_LOGGED_IN', 'not logged in');
  if (user.disabled) throw new AppError('ACCOUNT_DISABLED', 'account disabled');
  return user;
}
