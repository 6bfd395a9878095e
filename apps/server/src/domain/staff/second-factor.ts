/**
 * The staff second factor after a right password (issue 11, docs/backoffice.md "Second factor"):
 * - a TOTP code counts once: its time step must be later than the member's last accepted step, a
 *   compare-and-set in the database, so the same code never signs in twice (two concurrent requests,
 *   two instances);
 * - a one-time recovery code stands in for the app; spending it is a compare-and-set too;
 * - a member without a second factor (new, or reset by an administrator) enrols: a new secret sealed
 *   into a token, stored only when its first code confirms it, with a first set of recovery codes.
 * This module decides; staff-auth.ts counts failures and writes the audit entries.
 */
import type { StaffTotpEnrolment } from '@kyc/contracts';
import type { RecoveryCodesRepo } from '../../data/repositories/recovery-codes-repo.ts';
import type { StaffRepo } from '../../data/repositories/staff-repo.ts';
import type { StaffRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  RECOVERY_CODE_COUNT,
  demoRecoveryHash,
  hashRecoveryCode,
  newRecoveryCode,
  normaliseRecoveryCode,
} from '../../lib/recovery-codes.ts';
import {
  DEMO_SECRET_PREFIX,
  base32Encode,
  matchTotpStep,
  newTotpSecret,
  openEnrolmentToken,
  openTotpSecret,
  otpauthUri,
  sealEnrolmentToken,
  sealTotpSecret,
} from '../../lib/totp.ts';

export interface StaffTotpOptions {
  /** Seals TOTP secrets and keys the recovery-code hashes (DATA_MASTER_KEY). */
  masterKey: Buffer;
  /** Retired master keys (DATA_MASTER_KEY_PREVIOUS): they still open secrets and match codes they keyed. */
  previousKeys?: readonly Buffer[];
  /** DEMO_STAFF_TOTP=required: the seeded demo staff (published 'demo:' secrets) must give a code too. */
  demoStaffTotpRequired: boolean;
}

export type SecondFactorMethod = 'totp' | 'recovery_code' | 'enrolment' | 'demo_exempt';

export interface SecondFactorInput {
  totpCode?: string | undefined;
  totpEnrolmentToken?: string | undefined;
  recoveryCode?: string | undefined;
}

export type SecondFactorOutcome =
  | { kind: 'passed'; method: SecondFactorMethod; recoveryCodes?: string[]; recoveryCodesRemaining?: number }
  | { kind: 'enrol'; enrolment: StaffTotpEnrolment }
  | { kind: 'failed'; method: SecondFactorMethod; reason: 'invalid' | 'replayed' | 'expired' };

export function secondFactor(deps: {
  staff: StaffRepo;
  recoveryCodes: RecoveryCodesRepo;
  totp: StaffTotpOptions;
}) {
  const { staff, recoveryCodes, totp } = deps;
  const keys = [totp.masterKey, ...(totp.previousKeys ?? [])];

  /** Opens what was sealed under the current key or a retired one (a rotation re-seals it, D62). */
  function underAnyKey<T>(open: (key: Buffer) => T): T {
    let failure: unknown;
    for (const key of keys) {
      try {
        return open(key);
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  }

  /** A new set of codes for the member, replacing the old ones; the codes themselves are never stored. */
  async function issueRecoveryCodes(staffId: number, now: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = codes.map((code) =>
      hashRecoveryCode(totp.masterKey, staffId, normaliseRecoveryCode(code) ?? ''),
    );
    await recoveryCodes.replace(staffId, hashes, now);
    return codes;
  }

  /** A TOTP code of the member's own secret, accepted once (false: wrong, or its step already used). */
  async function acceptTotp(
    member: StaffRow,
    code: string,
    now: number,
  ): Promise<'ok' | 'invalid' | 'replayed'> {
    const sealed = member.totp_secret;
    if (!sealed) return 'invalid';
    const step = matchTotpStep(
      underAnyKey((key) => openTotpSecret(key, member.id, sealed)),
      code,
      now,
    );
    if (step === null) return 'invalid';
    return (await staff.acceptTotpStep(member.id, step)) ? 'ok' : 'replayed';
  }

  async function spendRecoveryCode(
    member: StaffRow,
    input: string,
    now: number,
  ): Promise<SecondFactorOutcome> {
    const normalised = normaliseRecoveryCode(input);
    if (!normalised) throw new AppError('STAFF_RECOVERY_CODE_FORMAT', 'recovery code: 10 letters and digits');
    // Codes issued before a rotation were keyed by the retired key: they match under it (D62).
    const hashes = [
      ...keys.map((key) => hashRecoveryCode(key, member.id, normalised)),
      demoRecoveryHash(normalised),
    ];
    if (!(await recoveryCodes.consume(member.id, hashes, now)))
      return { kind: 'failed', method: 'recovery_code', reason: 'invalid' };
    const left = (await recoveryCodes.status([member.id])).get(member.id)?.remaining ?? 0;
    return { kind: 'passed', method: 'recovery_code', recoveryCodesRemaining: left };
  }

  async function enrol(
    member: StaffRow,
    input: SecondFactorInput,
    now: number,
  ): Promise<SecondFactorOutcome> {
    if (!input.totpEnrolmentToken) {
      // Nothing is stored until the first code confirms the secret, and no session yet.
      const secret = newTotpSecret();
      return {
        kind: 'enrol',
        enrolment: {
          otpauthUri: otpauthUri(secret, member.email),
          secret: base32Encode(secret),
          enrolmentToken: sealEnrolmentToken(totp.masterKey, member.id, secret, now),
        },
      };
    }
    const token = input.totpEnrolmentToken;
    const secret = keys.reduce<Buffer | null>(
      (found, key) => found ?? openEnrolmentToken(key, member.id, token, now),
      null,
    );
    if (!secret) return { kind: 'failed', method: 'enrolment', reason: 'expired' };
    const step = matchTotpStep(secret, input.totpCode?.trim() ?? '', now);
    if (step === null) return { kind: 'failed', method: 'enrolment', reason: 'invalid' };
    const sealed = sealTotpSecret(totp.masterKey, member.id, secret);
    // Compare-and-set: of two confirmations at once, one enrols; the other is refused.
    if (!(await staff.enrolTotp(member.id, sealed, step, now)))
      return { kind: 'failed', method: 'enrolment', reason: 'replayed' };
    return { kind: 'passed', method: 'enrolment', recoveryCodes: await issueRecoveryCodes(member.id, now) };
  }

  return {
    issueRecoveryCodes,
    acceptTotp,

    /**
     * Checks the second factor of a member whose password was right. 20007 when a code is needed and
     * none was given; 20012 when a recovery code is malformed (nothing checked, nothing counted).
     */
    async check(member: StaffRow, input: SecondFactorInput, now: number): Promise<SecondFactorOutcome> {
      if (!member.totp_secret) return enrol(member, input, now);
      if (input.recoveryCode !== undefined && input.recoveryCode.trim() !== '')
        return spendRecoveryCode(member, input.recoveryCode, now);
      const code = input.totpCode?.trim() ?? '';
      if (code === '') {
        const exempt = !totp.demoStaffTotpRequired && member.totp_secret.startsWith(DEMO_SECRET_PREFIX);
        if (exempt) return { kind: 'passed', method: 'demo_exempt' };
        // Only after the right password: not a lock-out failure, and says nothing about other accounts.
        throw new AppError('STAFF_TOTP_REQUIRED', 'authentication code required');
      }
      const result = await acceptTotp(member, code, now);
      return result === 'ok'
        ? { kind: 'passed', method: 'totp' }
        : { kind: 'failed', method: 'totp', reason: result };
    },
  };
}
export type SecondFactor = ReturnType<typeof secondFactor>;
