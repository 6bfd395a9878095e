/**
 * Risk tokens (docs/security-verification.md, D52): what a passed scene earns and a protected call
 * spends. A token is random, kept as its SHA-256, short-lived (RISK_TOKEN_TTL_MS), bound to the person,
 * the session and the scene, and spent once by a compare-and-set (of two concurrent uses one wins).
 */
import { RISK_TOKEN_TTL_MS, type VerificationComponent } from '@kyc/contracts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import type { StepUpSubject, VerificationContext } from './verification-context.ts';

export function riskTokens({ repos, now }: Pick<VerificationContext, 'repos' | 'now'>) {
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

  return {
    issueToken,

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
  };
}
