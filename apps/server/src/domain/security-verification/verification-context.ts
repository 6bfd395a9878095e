/**
 * What every security-verification use-case shares (docs/security-verification.md, D52–D54, D80): the
 * dependencies, the limits, the clock and the code generator, the keyed hashes a code and a sign-in
 * email are kept as (derived from the master key, so a code at rest tells nothing), the masked email
 * shown to the person, and the device rule that intercepts a sign-in.
 */
import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import { SECURITY_SCENE_CODES, checkEmail, normaliseEmail } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
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

export const HOUR = 60 * 60_000;

/** A device's guid as the sign-in counts it (spec §3): anything else is no device. */
export const isGuid = (guid: string | undefined): guid is string => !!guid && /^[\w-]{8,64}$/.test(guid);

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

export function verificationContext(deps: SecurityVerificationDeps) {
  const { repos, masterKey } = deps;
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

  return {
    repos,
    mailer: deps.mailer,
    texts: deps.texts,
    masterKey,
    authenticatorFailures: deps.authenticatorFailures,
    now,
    newCode,
    codeHash,
    aad,
    emailKeyOf,
    signInEmail,
    intercepted,
    emailOf,
  };
}
export type VerificationContext = ReturnType<typeof verificationContext>;
