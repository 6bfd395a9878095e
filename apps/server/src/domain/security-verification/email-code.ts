/**
 * The email code of a scene (docs/security-verification.md, D52–D53): sent with a resend wait and an
 * hourly limit, a resend replacing the code on the same challenge; checked against its keyed hash, each
 * wrong code counted by compare-and-set (the last one fails the challenge), and a right one passing the
 * challenge once before a risk token is issued.
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
import { HOUR, maskEmail, type StepUpSubject, type VerificationContext } from './verification-context.ts';

type IssueToken = (
  subject: StepUpSubject,
  scene: number,
  component: VerificationComponent,
) => Promise<{ riskToken: string; riskTokenExpiresAt: number }>;

export function emailCodeStep(ctx: VerificationContext, issueToken: IssueToken) {
  const { repos, mailer, texts, now, newCode, codeHash, emailOf } = ctx;

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

  return { send, verifyOtp };
}
