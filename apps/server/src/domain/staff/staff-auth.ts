import {
  STAFF_ROLES,
  checkEmail,
  normaliseEmail,
  type StaffLoginResult,
  type StaffMe,
  type StaffRole,
} from '@kyc/contracts';
import type { StaffRepo } from '../../data/repositories/staff-repo.ts';
import type { StaffRow } from '../../data/schema.ts';
import { AppError, tooManyRequests } from '../../lib/app-error.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.ts';
import {
  DEMO_SECRET_PREFIX,
  base32Encode,
  newTotpSecret,
  openEnrolmentToken,
  openTotpSecret,
  otpauthUri,
  sealEnrolmentToken,
  sealTotpSecret,
  verifyTotp,
} from '../../lib/totp.ts';
import type { AccountLimits } from '../accounts/accounts.ts';

export interface StaffTotpOptions {
  /** Seals TOTP secrets (DATA_MASTER_KEY). */
  masterKey: Buffer;
  /** DEMO_STAFF_TOTP=required: the seeded demo staff (published 'demo:' secrets) must give a code too. */
  demoStaffTotpRequired: boolean;
}

/**
 * Back-office sign-in. Staff are a separate population with their own sessions (audience 'staff').
 * Second factor (docs/backoffice.md): a member without one gets a new secret and an enrolment token
 * (no session) and confirms it by signing in again with its first code; every later sign-in needs the
 * current code. A right password without a code answers 20007 (STAFF_TOTP_REQUIRED) so the page can ask
 * for it; a wrong code is the generic 20001 and counts towards the lock-out.
 */
export function staffUseCases(
  staff: StaffRepo,
  limits: Pick<AccountLimits, 'failuresPerAccount' | 'attemptsPerAddress'>,
  totp: StaffTotpOptions,
) {
  return {
    async signIn(
      input: {
        email: string;
        password: string;
        totpCode?: string | undefined;
        totpEnrolmentToken?: string | undefined;
        address: string;
      },
      now = Date.now(),
    ): Promise<StaffLoginResult> {
      const check = checkEmail(input.email);
      if (!check.ok || check.value === '') throw new AppError('INVALID_EMAIL', 'invalid email');
      const email = normaliseEmail(check.value);
      const byAddress = limits.attemptsPerAddress.consume(`staff:${input.address}`, now);
      if (!byAddress.ok) throw tooManyRequests(byAddress.retryAfterSeconds);
      const byAccount = limits.failuresPerAccount.blocked(`staff:${email}`, now);
      if (!byAccount.ok) throw tooManyRequests(byAccount.retryAfterSeconds);

      const member = await staff.findByEmail(email);
      const valid = await verifyPassword(
        input.password,
        member?.password_hash ?? (await dummyPasswordHash()),
      );
      if (!member || !valid || member.disabled) {
        limits.failuresPerAccount.consume(`staff:${email}`, now);
        throw new AppError('INVALID_CREDENTIALS', 'email or password is incorrect');
      }

      const code = input.totpCode?.trim() ?? '';
      const fail = (message: string) => {
        limits.failuresPerAccount.consume(`staff:${email}`, now);
        return new AppError('INVALID_CREDENTIALS', message);
      };
      if (member.totp_secret) {
        const exempt = !totp.demoStaffTotpRequired && member.totp_secret.startsWith(DEMO_SECRET_PREFIX);
        // Only after the right password: not a lock-out failure, and says nothing about other accounts.
        if (code === '' && !exempt) throw new AppError('STAFF_TOTP_REQUIRED', 'authentication code required');
        if (
          code !== '' &&
          !verifyTotp(openTotpSecret(totp.masterKey, member.id, member.totp_secret), code, now)
        ) {
          throw fail('email, password or authentication code is incorrect');
        }
      } else if (input.totpEnrolmentToken) {
        const secret = openEnrolmentToken(totp.masterKey, member.id, input.totpEnrolmentToken, now);
        if (!secret || !verifyTotp(secret, code, now)) throw fail('enrolment code is incorrect or expired');
        await staff.setTotp(member.id, sealTotpSecret(totp.masterKey, member.id, secret), now);
      } else {
        // Enrolment: nothing is stored until the first code confirms the secret, and no session yet.
        const secret = newTotpSecret();
        return {
          totpEnrolment: {
            otpauthUri: otpauthUri(secret, member.email),
            secret: base32Encode(secret),
            enrolmentToken: sealEnrolmentToken(totp.masterKey, member.id, secret, now),
          },
        };
      }
      limits.failuresPerAccount.reset(`staff:${email}`);
      await staff.recordSignIn(member.id, now);
      return toStaffMe(member);
    },

    async me(staffId: number): Promise<StaffMe> {
      const member = await staff.findById(staffId);
      if (!member || member.disabled) throw new AppError('NOT_LOGGED_IN', 'not logged in');
      return toStaffMe(member);
    },
  };
}
export type StaffUseCases = ReturnType<typeof staffUseCases>;

function toStaffMe(row: StaffRow): StaffMe {
  const role = (STAFF_ROLES as readonly string[]).includes(row.role) ? (row.role as StaffRole) : 'reviewer';
  return { id: row.id, email: row.email, display_name: row.display_name, role };
}
