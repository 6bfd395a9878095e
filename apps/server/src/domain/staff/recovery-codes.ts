/**
 * A staff member's own recovery codes (issue 11, docs/backoffice.md "Second factor"): how many are left,
 * and a new set (shown once; the old codes stop working). Making a new set asks for a fresh second
 * factor (a TOTP code, each step once, or one of the recovery codes), so a session left open on a
 * desk is not enough to take over the account for good. Audited as staff.recovery_codes_regenerated.
 */
import type { RecoveryCodesIssued, RecoveryCodesStatus } from '@kyc/contracts';
import type { AuditRepo } from '../../data/repositories/audit-repo.ts';
import type { RecoveryCodesRepo } from '../../data/repositories/recovery-codes-repo.ts';
import type { StaffRepo } from '../../data/repositories/staff-repo.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SecondFactor } from './second-factor.ts';

export function recoveryCodeUseCases(deps: {
  staff: StaffRepo;
  recoveryCodes: RecoveryCodesRepo;
  audit: AuditRepo;
  secondFactor: SecondFactor;
}) {
  const { staff, recoveryCodes, audit, secondFactor } = deps;

  async function signedIn(staffId: number) {
    const member = await staff.findById(staffId);
    if (!member || member.disabled) throw new AppError('NOT_LOGGED_IN', 'not logged in');
    return member;
  }

  return {
    async status(staffId: number): Promise<RecoveryCodesStatus> {
      await signedIn(staffId);
      const status = (await recoveryCodes.status([staffId])).get(staffId);
      return { remaining: status?.remaining ?? 0, createdAt: status?.createdAt ?? null };
    },

    /** 20009 without a second factor; 20001 when `code` is not a fresh TOTP code nor a recovery code. */
    async regenerate(staffId: number, code: string, now = Date.now()): Promise<RecoveryCodesIssued> {
      const member = await signedIn(staffId);
      if (!member.totp_secret) throw new AppError('STAFF_SECOND_FACTOR_NOT_SET', 'no second factor');
      const trimmed = code.trim();
      const isTotp = /^\d{6}$/.test(trimmed.replace(/\s/g, ''));
      const outcome = await secondFactor.check(
        member,
        isTotp ? { totpCode: trimmed.replace(/\s/g, '') } : { recoveryCode: trimmed === '' ? '-' : trimmed },
        now,
      );
      if (outcome.kind !== 'passed' || outcome.method === 'demo_exempt') {
        const reason = outcome.kind === 'failed' ? outcome.reason : 'invalid';
        await audit.insert(
          {
            staffId,
            action: 'staff.second_factor_failed',
            caseRef: `staff:${staffId}`,
            details: { method: isTotp ? 'totp' : 'recovery_code', reason, context: 'recovery_codes' },
          },
          now,
        );
        throw new AppError('INVALID_CREDENTIALS', 'authentication code is incorrect');
      }
      const codes = await secondFactor.issueRecoveryCodes(staffId, now);
      await audit.insert(
        {
          staffId,
          action: 'staff.recovery_codes_regenerated',
          caseRef: `staff:${staffId}`,
          details: { count: codes.length, confirmedWith: isTotp ? 'totp' : 'recovery_code' },
        },
        now,
      );
      return { codes, createdAt: now };
    },
  };
}
export type RecoveryCodeUseCases = ReturnType<typeof recoveryCodeUseCases>;
