/**
 * The authenticator app (docs/security-verification.md, D69): its status, the enrolment (a new secret
 * stored sealed and unconfirmed, shown once), the first code that enables it and a code to remove it.
 * Every code, here or at a scene, passes `acceptAuthenticatorCode`: counted against the per-person lock
 * before it is looked at, and its time step taken once by compare-and-set (no replay).
 */
import { AppError } from '../../lib/app-error.ts';
import {
  base32Encode,
  matchTotpStep,
  newTotpSecret,
  openTotpSecret,
  otpauthUri,
  sealTotpSecret,
} from '../../lib/totp.ts';
import type { VerificationContext } from './verification-context.ts';

export function authenticatorCodes(ctx: VerificationContext) {
  const { authenticatorFailures, masterKey, now, aad } = ctx;
  /**
   * An authenticator code checked and its step taken by compare-and-set (`take`), under the per-person
   * limit on wrong codes. The attempt is counted before the code is looked at (one atomic increment, so a
   * burst of concurrent guesses cannot all pass a check made before any of them counted); a right code
   * clears the count, so only refusals (a wrong code, a replayed step) add up to the lock.
   */
  async function acceptAuthenticatorCode(
    userId: number,
    secretEnc: string,
    code: string,
    take: (step: number) => Promise<boolean>,
  ): Promise<void> {
    const key = `user:${userId}`;
    const attempt = await authenticatorFailures.consume(key, now());
    if (!attempt.ok)
      throw new AppError('AUTHENTICATOR_LOCKED', `try again in ${attempt.retryAfterSeconds} s`);
    const secret = openTotpSecret(masterKey, userId, secretEnc, aad(userId));
    const step = matchTotpStep(secret, code, now());
    if (step === null || !(await take(step)))
      throw new AppError('VERIFICATION_CODE_WRONG', 'the authenticator code is not right');
    await authenticatorFailures.reset(key);
  }
  return acceptAuthenticatorCode;
}

export function authenticatorAppUseCases(ctx: VerificationContext) {
  const { repos, masterKey, now, aad, emailOf } = ctx;
  const acceptAuthenticatorCode = authenticatorCodes(ctx);
  return {
    async totpStatus(userId: number) {
      const totp = await repos.securityVerification.totpOf(userId);
      return { enabled: Boolean(totp?.enabledAt) };
    },

    /** A new secret, stored unconfirmed; shown once. */
    async enrolTotp(userId: number) {
      const secret = newTotpSecret();
      const stored = await repos.securityVerification.putPendingTotp(
        userId,
        sealTotpSecret(masterKey, userId, secret, aad(userId)),
        now(),
      );
      if (!stored) throw new AppError('TOTP_ALREADY_ENABLED');
      return { otpauthUri: otpauthUri(secret, await emailOf(userId), 'KYC'), secret: base32Encode(secret) };
    },

    /** The first code from the app enables it. */
    async confirmTotp(userId: number, code: string) {
      const totp = await repos.securityVerification.totpOf(userId);
      if (!totp) throw new AppError('VERIFICATION_COMPONENT_UNAVAILABLE', 'start the enrolment first');
      if (totp.enabledAt) throw new AppError('TOTP_ALREADY_ENABLED');
      await acceptAuthenticatorCode(userId, totp.secretEnc, code, (step) =>
        repos.securityVerification.casTotpStep(userId, step, now()),
      );
      return { enabled: true };
    },

    /** Removing the app takes one of its codes (a stolen session alone cannot remove it). */
    async disableTotp(userId: number, code: string) {
      const totp = await repos.securityVerification.totpOf(userId);
      if (!totp?.enabledAt) throw new AppError('VERIFICATION_COMPONENT_UNAVAILABLE', 'no authenticator app');
      await acceptAuthenticatorCode(userId, totp.secretEnc, code, (step) =>
        repos.securityVerification.casTotpStep(userId, step),
      );
      await repos.securityVerification.deleteTotp(userId);
      return { enabled: false };
    },
  };
}
