/**
 * The step-up of a scene (docs/security-verification.md, D52–D54): POST
 * /v1/kyc/risk-component/intercept answers which components a scene offers (the email code always; the
 * authenticator app once enabled, except to set one up, D69), sends the email code, or checks a code
 * and issues the risk token; the protected call then `consume`s it.
 */
import {
  SECURITY_SCENES,
  type RiskInterceptRequest,
  type RiskInterceptResult,
  type VerificationComponent,
} from '@kyc/contracts';
import { AppError } from '../../lib/app-error.ts';
import { authenticatorCodes } from './authenticator-app.ts';
import { emailCodeStep } from './email-code.ts';
import { riskTokens } from './risk-tokens.ts';
import {
  isSecurityScene,
  maskEmail,
  type StepUpSubject,
  type VerificationContext,
} from './verification-context.ts';

export function stepUpUseCases(ctx: VerificationContext) {
  const { repos, emailOf } = ctx;
  const acceptAuthenticatorCode = authenticatorCodes(ctx);
  const { issueToken, consume } = riskTokens(ctx);
  const { send, verifyOtp } = emailCodeStep(ctx, issueToken);

  /** The email code always; the authenticator app once enabled, except to set one up (D69). */
  async function componentsOf(userId: number, scene: number): Promise<VerificationComponent[]> {
    if (scene === SECURITY_SCENES.authenticator) return ['otp'];
    const totp = await repos.securityVerification.totpOf(userId);
    return totp?.enabledAt ? ['otp', 'totp'] : ['otp'];
  }

  function checkScene(scene: number): void {
    if (!isSecurityScene(scene)) throw new AppError('PARAMS_ERROR', `scene: unknown scene ${scene}`, 400);
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

    consume,
  };
}
