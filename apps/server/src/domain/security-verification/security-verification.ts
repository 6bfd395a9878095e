/**
 * Security verification (step-up), issue 15 (docs/security-verification.md, D52–D54).
 *
 * A sensitive action (a scene: 30029 reveal, 30331 reset, 70029 update, 30030/30031 identity transfer)
 * needs a risk token. The person earns one at /v1/kyc/risk-component/intercept with an email code
 * (30101 otp) or their authenticator app; the token is short-lived (5 minutes), single-use and bound
 * to the person, the scene and the session. The protected call `consume`s it by a compare-and-set, so
 * two concurrent uses of one token have one winner.
 */
import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import {
  OTP_MAX_ATTEMPTS,
  OTP_MAX_SENDS_PER_HOUR,
  OTP_RESEND_AFTER_MS,
  OTP_TTL_MS,
  RISK_TOKEN_TTL_MS,
  SECURITY_SCENE_CODES,
  SECURITY_SCENES,
  checkEmail,
  normaliseEmail,
  type RiskInterceptRequest,
  type RiskInterceptResult,
  type VerificationComponent,
} from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { randomToken, safeEqual, sha256Hex } from '../../lib/tokens.ts';
import {
  base32Encode,
  matchTotpStep,
  newTotpSecret,
  openTotpSecret,
  otpauthUri,
  sealTotpSecret,
} from '../../lib/totp.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailTexts } from '../mail/mail-texts.ts';

/** Who asks: the person and the session the token will be bound to. */
export interface StepUpSubject {
  userId: number;
  sessionId: string;
}

export interface SecurityVerificationDeps {
  repos: Repositories;
  mailer: Mailer;
  texts: MailTexts;
  masterKey: Buffer;
  /**
   * Wrong authenticator codes per person (shared by every instance with REDIS_URL): from the fifth in 15
   * minutes every authenticator code is refused (60013) until the window ends. Without it a stolen session
   * could guess the code that removes the app, or passes a scene, at the rate limit's pace.
   */
  authenticatorFailures: RateLimiter;
  now?: () => number;
  /** Tests: the code mailed (else six random digits). */
  newCode?: () => string;
}

/** Wrong authenticator codes a person may type in AUTHENTICATOR_LOCK_MS before the app is refused. */
export const AUTHENTICATOR_MAX_FAILURES = 5;
export const AUTHENTICATOR_LOCK_MS = 15 * 60_000;

/** Device rule of default-intercept: this many failed sign-ins within the window ask for an email code. */
export const DEVICE_FAILURES_BEFORE_CODE = 5;
export const DEVICE_FAILURE_WINDOW_MS = 60 * 60_000;

const HOUR = 60 * 60_000;

/** A device's guid as the sign-in counts it (spec §3): anything else is no device. */
const isGuid = (guid: string | undefined): guid is string => !!guid && /^[\w-]{8,64}$/.test(guid);

/** What the sign-in of an intercepted device passed (D80): the code row, spent once the password is right. */
export interface SignInCodePass {
  id: string;
  attempts: number;
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const keep = local.length <= 2 ? local.slice(0, 1) : `${local.slice(0, 2)}`;
  return `${keep}***${local.length > 3 ? local.slice(-1) : ''}@${domain}`;
}

export function isSecurityScene(scene: number): boolean {
  return (SECURITY_SCENE_CODES as readonly number[]).includes(scene);
}

export function securityVerificationUseCases(deps: SecurityVerificationDeps) {
  const { repos, mailer, texts, masterKey, authenticatorFailures } = deps;
  const now = deps.now ?? Date.now;
  const newCode = deps.newCode ?? (() => String(randomInt(0, 1_000_000)).padStart(6, '0'));
  const codeKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'kyc-email-otp-v1', 32));
  /** The code at rest: an HMAC bound to its challenge, so equal codes of two challenges differ. */
  const codeHash = (challengeId: string, code: string) =>
    createHmac('sha256', codeKey).update(`${challengeId}:${code}`).digest('base64url');
  const aad = (userId: number) => `user:${userId}`;
  const emailKeyKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'kyc-sign-in-email-v1', 32));
  /** D80: the email a sign-in code is bound to, kept as an HMAC (rows exist for unknown emails too). */
  const emailKeyOf = (email: string) => createHmac('sha256', emailKeyKey).update(email).digest('base64url');

  function signInEmail(raw: string): string {
    const check = checkEmail(raw);
    if (!check.ok || check.value === '') throw new AppError('INVALID_EMAIL', 'invalid email');
    return normaliseEmail(check.value);
  }

  async function intercepted(guid: string | undefined): Promise<boolean> {
    if (!isGuid(guid)) return false;
    const failures = await repos.securityVerification.deviceFailures(guid, now() - DEVICE_FAILURE_WINDOW_MS);
    return failures >= DEVICE_FAILURES_BEFORE_CODE;
  }

  async function emailOf(userId: number): Promise<string> {
    const user = await repos.users.findById(userId);
    if (!user) throw new AppError('NOT_LOGGED_IN');
    return user.email;
  }

  /** The email code always; the authenticator app once enabled, except to set one up (D69). */
  async function componentsOf(userId: number, scene: number): Promise<VerificationComponent[]> {
    if (scene === SECURITY_SCENES.authenticator) return ['otp'];
    const totp = await repos.securityVerification.totpOf(userId);
    return totp?.enabledAt ? ['otp', 'totp'] : ['otp'];
  }

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

  function checkScene(scene: number): void {
    if (!isSecurityScene(scene)) throw new AppError('PARAMS_ERROR', `scene: unknown scene ${scene}`, 400);
  }

  async function issueToken(
    subject: StepUpSubject,
    scene: number,
    component: VerificationComponent,
  ): Promise<{ riskToken: string; riskTokenExpiresAt: number }> {
    const token = randomToken(32);
    const at = now();
    const expiresAt = at + RISK_TOKEN_TTL_MS;
    await repos.securityVerification.insertRiskToken({
      tokenHash: sha256Hex(token),
      userId: subject.userId,
      sessionId: subject.sessionId,
      scene,
      component,
      at,
      expiresAt,
    });
    return { riskToken: token, riskTokenExpiresAt: expiresAt };
  }

  async function send(subject: StepUpSubject, scene: number, language: string) {
    const at = now();
    const email = await emailOf(subject.userId);
    const latest = await repos.securityVerification.latestChallengeOf(
      subject.userId,
      subject.sessionId,
      scene,
    );
    const open = latest?.status === 'open' ? latest : undefined;
    const holding = latest?.status === 'open' || latest?.status === 'failed';
    if (latest && holding && at < latest.last_sent_at + OTP_RESEND_AFTER_MS) {
      const seconds = Math.ceil((latest.last_sent_at + OTP_RESEND_AFTER_MS - at) / 1000);
      throw new AppError('VERIFICATION_RESEND_TOO_SOON', `wait ${seconds} s before another code`);
    }
    if ((await repos.securityVerification.sendsSince(subject.userId, at - HOUR)) >= OTP_MAX_SENDS_PER_HOUR)
      throw new AppError('VERIFICATION_SEND_LIMIT');
    const code = newCode();
    const expiresAt = at + OTP_TTL_MS;
    let challengeId: string;
    if (open && open.expires_at > at) {
      // A resend: a new code on the same challenge (the old code stops working), counted.
      challengeId = open.id;
      if (
        !(await repos.securityVerification.resendChallenge(
          open.id,
          open.sends,
          codeHash(open.id, code),
          at,
          expiresAt,
        ))
      )
        throw new AppError('VERIFICATION_RESEND_TOO_SOON', 'another code was sent meanwhile');
    } else {
      if (open) await repos.securityVerification.casChallengeStatus(open.id, 'replaced');
      challengeId = randomToken(18);
      await repos.securityVerification.insertChallenge({
        id: challengeId,
        userId: subject.userId,
        sessionId: subject.sessionId,
        scene,
        codeHash: codeHash(challengeId, code),
        at,
        expiresAt,
      });
    }
    try {
      await mailer.send(texts.otp(language, email, code, scene));
    } catch (error) {
      // The code cannot reach the person: end the challenge so the next ask is not held back by it.
      await repos.securityVerification.casChallengeStatus(challengeId, 'replaced');
      throw new AppError('MAIL_NOT_SENT', undefined, 200, {}, { cause: error });
    }
    return { challengeId, expiresAt, resendAt: at + OTP_RESEND_AFTER_MS, maskedEmail: maskEmail(email) };
  }

  async function verifyOtp(subject: StepUpSubject, scene: number, code: string, challengeId?: string) {
    const challenge = challengeId
      ? await repos.securityVerification.findChallenge(challengeId)
      : await repos.securityVerification.latestChallengeOf(subject.userId, subject.sessionId, scene);
    if (
      !challenge ||
      challenge.user_id !== subject.userId ||
      challenge.session_id !== subject.sessionId ||
      challenge.scene !== scene
    )
      throw new AppError('VERIFICATION_COMPONENT_UNAVAILABLE', 'no email code was sent for this scene here');
    if (challenge.status === 'failed') throw new AppError('VERIFICATION_TOO_MANY_ATTEMPTS');
    if (challenge.status !== 'open' || now() >= challenge.expires_at)
      throw new AppError('VERIFICATION_CODE_EXPIRED');
    if (challenge.attempts >= OTP_MAX_ATTEMPTS) throw new AppError('VERIFICATION_TOO_MANY_ATTEMPTS');
    if (!safeEqual(codeHash(challenge.id, code), challenge.code_hash)) {
      // Counted by a compare-and-set on the count read: concurrent guesses cannot share one attempt.
      if (!(await repos.securityVerification.countWrongCode(challenge.id, challenge.attempts)))
        throw new AppError('VERIFICATION_CODE_WRONG', 'the code is not right');
      const left = OTP_MAX_ATTEMPTS - challenge.attempts - 1;
      if (left <= 0) {
        await repos.securityVerification.casChallengeStatus(challenge.id, 'failed');
        throw new AppError('VERIFICATION_TOO_MANY_ATTEMPTS');
      }
      throw new AppError('VERIFICATION_CODE_WRONG', `the code is not right; ${left} tries left`);
    }
    // Right code: the challenge passes once (a second request with the same code loses here).
    if (!(await repos.securityVerification.casChallengeStatus(challenge.id, 'passed')))
      throw new AppError('VERIFICATION_CODE_EXPIRED', 'this code was used already');
    return issueToken(subject, scene, 'otp');
  }

  async function verifyTotp(subject: StepUpSubject, scene: number, code: string) {
    if (scene === SECURITY_SCENES.authenticator)
      throw new AppError(
        'VERIFICATION_COMPONENT_UNAVAILABLE',
        'an authenticator app is set up with the email code',
      );
    const totp = await repos.securityVerification.totpOf(subject.userId);
    if (!totp?.enabledAt) throw new AppError('VERIFICATION_COMPONENT_UNAVAILABLE', 'no authenticator app');
    // A step at or before the last accepted one is a replay; the compare-and-set makes it once only.
    await acceptAuthenticatorCode(subject.userId, totp.secretEnc, code, (step) =>
      repos.securityVerification.casTotpStep(subject.userId, step),
    );
    return issueToken(subject, scene, 'totp');
  }

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
    /** POST /v1/kyc/risk-component/intercept. */
    async intercept(
      subject: StepUpSubject,
      request: RiskInterceptRequest,
      language: string,
    ): Promise<RiskInterceptResult> {
      checkScene(request.scene);
      const components = await componentsOf(subject.userId, request.scene);
      const base = {
        scene: request.scene,
        needed: true,
        components,
        maskedEmail: maskEmail(await emailOf(subject.userId)),
      };
      if (request.action === 'query') return base;
      if (request.action === 'send') return { ...base, ...(await send(subject, request.scene, language)) };
      const issued =
        request.component === 'otp'
          ? await verifyOtp(subject, request.scene, request.code, request.challengeId)
          : await verifyTotp(subject, request.scene, request.code);
      return { ...base, ...issued };
    },

    /**
     * What a protected call runs first: the token must exist, belong to this person and session, be for
     * `scene`, be unexpired and unused; it is then spent by a compare-and-set (one winner of two).
     */
    async consume(subject: StepUpSubject, scene: number, token: string | undefined): Promise<void> {
      if (!token) throw new AppError('RISK_VERIFICATION_REQUIRED', `scene ${scene} needs a risk token`);
      if (token.length > 128) throw new AppError('RISK_TOKEN_INVALID');
      const row = await repos.securityVerification.findRiskToken(sha256Hex(token));
      const at = now();
      if (!row || row.user_id !== subject.userId || row.session_id !== subject.sessionId)
        throw new AppError('RISK_TOKEN_INVALID');
      if (row.scene !== scene) throw new AppError('RISK_TOKEN_WRONG_SCENE');
      if (row.used_at !== null) throw new AppError('RISK_TOKEN_USED');
      if (row.expires_at <= at) throw new AppError('RISK_TOKEN_INVALID', 'the risk token has expired');
      if (!(await repos.securityVerification.consumeRiskToken(row.token_hash, at)))
        throw new AppError('RISK_TOKEN_USED');
    },

    // ── the authenticator app (personal page) ──────────────────────────────────────────────────────
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

    /** The development mailbox's newest mail (never in production: the route is not registered). */
    devMailbox: (limit: number, to?: string) => repos.securityVerification.newestMail(limit, to),

    sweep: () => repos.securityVerification.deleteExpired(now() - 24 * HOUR),
  };
}
export type SecurityVerificationUseCases = ReturnType<typeof securityVerificationUseCases>;
