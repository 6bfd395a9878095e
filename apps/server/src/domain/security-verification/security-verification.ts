/**
 * Security verification (step-up), issue 15 (docs/security-verification.md, D52–D54).
 *
 * A sensitive action (a scene: 30029 reveal, 30331 reset, 70029 update, 30030/30031 identity transfer)
 * needs a risk token. The person earns one at /v1/kyc/risk-component/intercept with an email code
 * (30101 otp) or their authenticator app; the token is short-lived (5 minutes), single-use and bound
 * to the person, the scene and the session. The protected call `consume`s it by a compare-and-set, so
 * two concurrent uses of one token have one winner. Composed here from one module per concern: the
 * step-up (with its email code and risk tokens), the authenticator app and the sign-in code (D80).
 */
import { authenticatorAppUseCases } from './authenticator-app.ts';
import { signInCodeUseCases } from './sign-in-code.ts';
import { stepUpUseCases } from './step-up.ts';
import { HOUR, verificationContext, type SecurityVerificationDeps } from './verification-context.ts';

export {
  AUTHENTICATOR_LOCK_MS,
  AUTHENTICATOR_MAX_FAILURES,
  DEVICE_FAILURE_WINDOW_MS,
  DEVICE_FAILURES_BEFORE_CODE,
  isSecurityScene,
  maskEmail,
} from './verification-context.ts';
export type { SecurityVerificationDeps, SignInCodePass, StepUpSubject } from './verification-context.ts';

export function securityVerificationUseCases(deps: SecurityVerificationDeps) {
  const ctx = verificationContext(deps);
  const { repos, now } = ctx;
  return {
    ...stepUpUseCases(ctx),

    // ── the authenticator app (personal page) ──────────────────────────────────────────────────────
    ...authenticatorAppUseCases(ctx),

    // ── before sign-in (spec §7 default-intercept) ─────────────────────────────────────────────────
    ...signInCodeUseCases(ctx),

    /** The development mailbox's newest mail (never in production: the route is not registered). */
    devMailbox: (limit: number, to?: string) => repos.securityVerification.newestMail(limit, to),

    sweep: () => repos.securityVerification.deleteExpired(now() - 24 * HOUR),
  };
}
export type SecurityVerificationUseCases = ReturnType<typeof securityVerificationUseCases>;
