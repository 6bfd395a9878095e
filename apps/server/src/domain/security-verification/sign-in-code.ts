/**
 * The sign-in of an intercepted device (spec §7 default-intercept, D80): a device with too many failed
 * sign-ins in the window needs an email code. The code is asked for by email and answered alike whether
 * or not an account has it; it is checked before the password, counted on every miss (a wrong password
 * after it too), and spent once the password is right. The device's failures are counted and cleared.
 */
import {
  OTP_MAX_ATTEMPTS,
  OTP_MAX_SENDS_PER_HOUR,
  OTP_RESEND_AFTER_MS,
  OTP_TTL_MS,
  type VerificationComponent,
} from '@kyc/contracts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, safeEqual } from '../../lib/tokens.ts';
import {
  DEVICE_FAILURE_WINDOW_MS,
  HOUR,
  isGuid,
  type SignInCodePass,
  type VerificationContext,
} from './verification-context.ts';

export function signInCodeUseCases(ctx: VerificationContext) {
  const { repos, mailer, texts, now, newCode, codeHash, emailKeyOf, signInEmail, intercepted } = ctx;

  /**
   * One miss on a sign-in code, by a compare-and-set on the count read (concurrent guesses each count);
   * the fifth ends the code (60007).
   */
  async function countMiss(row: { id: string; attempts: number }): Promise<void> {
    if (!(await repos.securityVerification.countSignInCodeMiss(row.id, row.attempts)))
      throw new AppError('VERIFICATION_CODE_WRONG', 'the code is not right');
    if (row.attempts + 1 >= OTP_MAX_ATTEMPTS) {
      await repos.securityVerification.casSignInCodeStatus(row.id, 'failed');
      throw new AppError('VERIFICATION_TOO_MANY_ATTEMPTS');
    }
  }

  return {
    // ── before sign-in (spec §7 default-intercept) ─────────────────────────────────────────────────
    async defaultIntercept(guid: string | undefined) {
      const intercept = await intercepted(guid);
      return { intercept, components: intercept ? (['otp'] as VerificationComponent[]) : [] };
    },

    /**
     * D80, POST /user/public/login/email-code: an intercepted device asks for the email code of `email`.
     * The same answer, after the same work, whether or not an account has the email: a row is written for
     * both (for an unknown email with the hash of a code never sent), so the limits count alike, and the
     * mail goes out after the answer (`delivery`, for the caller to log), so its time tells nothing.
     */
    async sendSignInCode(
      guid: string | undefined,
      rawEmail: string,
      language: string,
    ): Promise<{ result: { expiresAt: number; resendAt: number }; delivery: Promise<void> }> {
      if (!isGuid(guid)) throw new AppError('PARAMS_ERROR', 'guid: a device id is required', 400);
      const email = signInEmail(rawEmail);
      if (!(await intercepted(guid))) throw new AppError('SIGN_IN_EMAIL_CODE_NOT_NEEDED');
      const at = now();
      const emailKey = emailKeyOf(email);
      const latest = await repos.securityVerification.latestSignInCode(emailKey, guid);
      const holding = latest?.status === 'open' || latest?.status === 'failed';
      if (latest && holding && at < latest.last_sent_at + OTP_RESEND_AFTER_MS) {
        const seconds = Math.ceil((latest.last_sent_at + OTP_RESEND_AFTER_MS - at) / 1000);
        throw new AppError('VERIFICATION_RESEND_TOO_SOON', `wait ${seconds} s before another code`);
      }
      const [byEmail, byDevice] = await Promise.all([
        repos.securityVerification.signInCodeSendsSince('email_key', emailKey, at - HOUR),
        repos.securityVerification.signInCodeSendsSince('guid', guid, at - HOUR),
      ]);
      if (byEmail >= OTP_MAX_SENDS_PER_HOUR || byDevice >= OTP_MAX_SENDS_PER_HOUR)
        throw new AppError('VERIFICATION_SEND_LIMIT');
      const user = await repos.users.findByEmail(email);
      const code = newCode();
      const expiresAt = at + OTP_TTL_MS;
      // For an email without an account the stored hash is of a code nobody is told: it never matches.
      const stored = (id: string) => codeHash(`sign-in:${id}`, user ? code : randomToken(18));
      const open = latest?.status === 'open' && latest.expires_at > at ? latest : undefined;
      if (open) {
        if (
          !(await repos.securityVerification.resendSignInCode(
            open.id,
            open.sends,
            stored(open.id),
            at,
            expiresAt,
          ))
        )
          throw new AppError('VERIFICATION_RESEND_TOO_SOON', 'another code was sent meanwhile');
      } else {
        if (latest?.status === 'open')
          await repos.securityVerification.casSignInCodeStatus(latest.id, 'replaced');
        const id = randomToken(18);
        await repos.securityVerification.insertSignInCode({
          id,
          emailKey,
          guid,
          codeHash: stored(id),
          at,
          expiresAt,
        });
      }
      const delivery = user
        ? Promise.resolve().then(() => mailer.send(texts.otp(language, user.email, code, 'signIn')))
        : Promise.resolve();
      return { result: { expiresAt, resendAt: at + OTP_RESEND_AFTER_MS }, delivery };
    },

    /**
     * D80: what POST /user/public/login runs before the password. A device that is not intercepted
     * passes (undefined). An intercepted one without a code is refused (60014) and the password is not
     * looked at; a code is checked against the newest one asked for this email on this device: wrong
     * 60005 (counted; the fifth ends it, 60007), expired 60006, none 60016. A right code is not spent
     * yet: `spendSignInCode` after the right password.
     */
    async checkSignInCode(
      guid: string | undefined,
      rawEmail: string,
      code: string | undefined,
    ): Promise<SignInCodePass | undefined> {
      if (!(await intercepted(guid)) || !isGuid(guid)) return undefined;
      if (code === undefined) throw new AppError('SIGN_IN_EMAIL_CODE_REQUIRED');
      const row = await repos.securityVerification.latestSignInCode(emailKeyOf(signInEmail(rawEmail)), guid);
      if (!row || row.status === 'passed' || row.status === 'replaced')
        throw new AppError('SIGN_IN_EMAIL_CODE_NOT_SENT');
      if (row.status === 'failed' || row.attempts >= OTP_MAX_ATTEMPTS)
        throw new AppError('VERIFICATION_TOO_MANY_ATTEMPTS');
      if (now() >= row.expires_at) throw new AppError('VERIFICATION_CODE_EXPIRED');
      if (!safeEqual(codeHash(`sign-in:${row.id}`, code), row.code_hash)) {
        await countMiss(row);
        throw new AppError(
          'VERIFICATION_CODE_WRONG',
          `the code is not right; ${OTP_MAX_ATTEMPTS - row.attempts - 1} tries left`,
        );
      }
      return { id: row.id, attempts: row.attempts };
    },

    /** A wrong password after a right code counts against the code too: five guesses per code at most. */
    async signInPasswordMissed(pass: SignInCodePass): Promise<void> {
      await countMiss({ id: pass.id, attempts: pass.attempts }).catch(() => undefined);
    },

    /** The right password: the code is spent (single use; of two sign-ins with it one wins). */
    async spendSignInCode(pass: SignInCodePass): Promise<void> {
      if (!(await repos.securityVerification.casSignInCodeStatus(pass.id, 'passed')))
        throw new AppError('SIGN_IN_EMAIL_CODE_NOT_SENT', 'this code was used already');
    },

    async recordSignInFailure(guid: string | undefined): Promise<void> {
      if (!isGuid(guid)) return;
      const at = now();
      await repos.securityVerification.countDeviceFailure(guid, at, at - DEVICE_FAILURE_WINDOW_MS);
    },

    async recordSignInSuccess(guid: string | undefined): Promise<void> {
      if (isGuid(guid)) await repos.securityVerification.clearDevice(guid);
    },
  };
}
