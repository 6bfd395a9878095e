import {
  STAFF_ROLES,
  checkEmail,
  normaliseEmail,
  type StaffLoginResult,
  type StaffMe,
  type StaffRole,
} from '@kyc/contracts';
import type { AuditRepo } from '../../data/repositories/audit-repo.ts';
import type { StaffRepo } from '../../data/repositories/staff-repo.ts';
import type { StaffRow } from '../../data/schema/index.ts';
import { AppError, tooManyRequests } from '../../lib/app-error.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.ts';
import type { AccountLimits } from '../accounts/accounts.ts';
import type { SecondFactor, SecondFactorInput } from './second-factor.ts';

export type { StaffTotpOptions } from './second-factor.ts';

/** Where events go that have no staff member to name in the audit log: the request log. */
export type SecurityLog = (fields: Record<string, unknown>, message: string) => void;

export interface StaffAuthDeps {
  staff: StaffRepo;
  audit: AuditRepo;
  secondFactor: SecondFactor;
  limits: Pick<AccountLimits, 'failuresPerAccount' | 'attemptsPerAddress'>;
}

/**
 * Back-office sign-in. Staff are a separate population with their own sessions (audience 'staff').
 * Second factor (docs/backoffice.md, second-factor.ts): a TOTP code (each step once), or a one-time
 * recovery code; a member without one enrols first. A right password without a code answers 20007 so
 * the page can ask for it; a wrong code is the generic 20001 and counts towards the lock-out.
 *
 * Issue 11: sign-ins, failures, lock-outs and second-factor failures of a member are audited (the audit
 * log names a staff member, so a sign-in attempt for an unknown email goes to the request log instead).
 */
export function staffUseCases({ staff, audit, secondFactor, limits }: StaffAuthDeps) {
  return {
    async signIn(
      input: { email: string; password: string; address: string; log?: SecurityLog } & SecondFactorInput,
      now = Date.now(),
    ): Promise<StaffLoginResult> {
      const check = checkEmail(input.email);
      if (!check.ok || check.value === '') throw new AppError('INVALID_EMAIL', 'invalid email');
      const email = normaliseEmail(check.value);
      const { address } = input;
      const log = input.log ?? (() => undefined);
      const byAddress = await limits.attemptsPerAddress.consume(`staff:${input.address}`, now);
      if (!byAddress.ok) throw tooManyRequests(byAddress.retryAfterSeconds);
      const byAccount = await limits.failuresPerAccount.blocked(`staff:${email}`, now);
      if (!byAccount.ok) {
        // The lock-out itself was audited when it began; attempts during it only reach the request log.
        log({ event: 'staff.sign_in_locked', address }, 'staff sign-in refused: account locked');
        throw tooManyRequests(byAccount.retryAfterSeconds);
      }

      const member = await staff.findByEmail(email);
      const valid = await verifyPassword(
        input.password,
        member?.password_hash ?? (await dummyPasswordHash()),
      );
      const record = (action: Parameters<AuditRepo['insert']>[0]['action'], details: object) =>
        member
          ? audit.insert(
              { staffId: member.id, action, caseRef: `staff:${member.id}`, details: { address, ...details } },
              now,
            )
          : Promise.resolve();
      /** One failure towards the lock-out; the failure that starts a lock-out is audited as such. */
      const failure = async () => {
        await limits.failuresPerAccount.consume(`staff:${email}`, now);
        if (!(await limits.failuresPerAccount.blocked(`staff:${email}`, now)).ok)
          await record('staff.locked_out', {});
      };

      if (!member) {
        log({ event: 'staff.sign_in_failed', reason: 'unknown_email', address }, 'staff sign-in failed');
        await failure();
        throw new AppError('INVALID_CREDENTIALS', 'email or password is incorrect');
      }
      if (!valid || member.disabled) {
        await record('staff.sign_in_failed', { reason: member.disabled ? 'disabled' : 'password' });
        await failure();
        throw new AppError('INVALID_CREDENTIALS', 'email or password is incorrect');
      }

      const outcome = await secondFactor.check(member, input, now);
      if (outcome.kind === 'enrol') return { totpEnrolment: outcome.enrolment };
      if (outcome.kind === 'failed') {
        await record('staff.second_factor_failed', { method: outcome.method, reason: outcome.reason });
        await failure();
        throw new AppError(
          'INVALID_CREDENTIALS',
          outcome.method === 'enrolment'
            ? 'enrolment code is incorrect or expired'
            : 'email, password or authentication code is incorrect',
        );
      }

      await limits.failuresPerAccount.reset(`staff:${email}`);
      await staff.recordSignIn(member.id, now);
      if (outcome.method === 'enrolment') await record('staff.second_factor_enrolled', {});
      if (outcome.method === 'recovery_code')
        await record('staff.recovery_code_used', { remaining: outcome.recoveryCodesRemaining });
      await record('staff.sign_in', { method: outcome.method });
      return {
        ...toStaffMe(member),
        ...(outcome.recoveryCodes ? { recoveryCodes: outcome.recoveryCodes } : {}),
        ...(outcome.recoveryCodesRemaining !== undefined
          ? { recoveryCodesRemaining: outcome.recoveryCodesRemaining }
          : {}),
      };
    },

    async me(staffId: number): Promise<StaffMe> {
      const member = await staff.findById(staffId);
      if (!member || member.disabled) throw new AppError('NOT_LOGGED_IN', 'not logged in');
      return toStaffMe(member);
    },
  };
}
export type StaffUseCases = ReturnType<typeof staffUseCases>;

export function toStaffMe(row: StaffRow): StaffMe {
  const role = (STAFF_ROLES as readonly string[]).includes(row.role) ? (row.role as StaffRole) : 'reviewer';
  return { id: row.id, email: row.email, display_name: row.display_name, role };
}
