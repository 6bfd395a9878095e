import { STAFF_ROLES, checkEmail, normaliseEmail, type StaffMe, type StaffRole } from '@kyc/contracts';
import type { StaffRepo } from '../../data/repositories/staff-repo.ts';
import type { StaffRow } from '../../data/schema.ts';
import { AppError, tooManyRequests } from '../../lib/app-error.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.ts';
import type { AccountLimits } from '../accounts/accounts.ts';

/** Back-office sign-in. Staff are a separate population with their own sessions (audience 'staff'). */
export function staffUseCases(
  staff: StaffRepo,
  limits: Pick<AccountLimits, 'failuresPerAccount' | 'attemptsPerAddress'>,
) {
  return {
    async signIn(
      input: { email: string; password: string; address: string },
      now = Date.now(),
    ): Promise<StaffMe> {
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
