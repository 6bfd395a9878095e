/**
 * Security verification (step-up), issue 15 (docs/security-verification.md). Spec §8 scene codes: 30029
 * eye (reveal masked personal data), 30331 reset, 70029 update, 30030 identity transfer before (the
 * target's side), 30031 identity transfer after (the source's side); 30101 is the email one-time code.
 * 30032, setting up an authenticator app, is ours (not in the spec, D69): the email code only.
 * 30034, a copy of the person's own data, is ours too (not in the spec, D74): email code or authenticator.
 * 30035, closing the account (and asking for erasure), is ours too (D76): the email code or the app.
 */
import { z } from 'zod';

export const SECURITY_SCENES = {
  eye: 30029,
  reset: 30331,
  update: 70029,
  identityTransferBefore: 30030,
  identityTransferAfter: 30031,
  /** Ours (D69): setting up an authenticator app takes the email code, so a stolen session cannot add one. */
  authenticator: 30032,
  /**
   * Ours (D74): asking for a copy of one's own data (GDPR Art. 15 and 20) and taking its download link,
   * so a stolen session cannot carry away everything we hold about the person; email code or
   * authenticator app.
   */
  dataExport: 30034,
  /** Ours (D76): closing the account, and the erasure request that closes it, behind a fresh proof. */
  closeAccount: 30035,
} as const;
export type SecurityScene = (typeof SECURITY_SCENES)[keyof typeof SECURITY_SCENES];
export const SECURITY_SCENE_CODES: readonly SecurityScene[] = Object.values(SECURITY_SCENES);

/** Spec §8: 30101 otp, the code sent by email. */
export const OTP_COMPONENT_CODE = 30101;

/** The ways a person can prove again that they hold the account: an email code, an authenticator app. */
export const VERIFICATION_COMPONENTS = ['otp', 'totp'] as const;
export type VerificationComponent = (typeof VERIFICATION_COMPONENTS)[number];

/** The header a protected call carries its risk token in. */
export const RISK_TOKEN_HEADER = 'x-risk-token';

/** Limits (docs/security-verification.md "Limits"). */
export const OTP_LENGTH = 6;
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_AFTER_MS = 60_000;
export const OTP_MAX_SENDS_PER_HOUR = 5;
export const RISK_TOKEN_TTL_MS = 5 * 60_000;

const scene = z.coerce
  .number()
  .int()
  .refine((n) => (SECURITY_SCENE_CODES as readonly number[]).includes(n), 'unknown scene');
const code = z.string().regex(/^\d{6}$/, 'six digits');

/**
 * POST /v1/kyc/risk-component/intercept: one endpoint, three steps (`action`):
 * - `query`: is verification needed for the scene, and with which components;
 * - `send`: send (or send again) the email code;
 * - `verify`: check a code (email or authenticator) and receive the risk token.
 */
export const riskInterceptRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('query'), scene }),
  z.object({ action: z.literal('send'), scene, component: z.literal('otp') }),
  z.object({
    action: z.literal('verify'),
    scene,
    component: z.enum(VERIFICATION_COMPONENTS),
    code,
    challengeId: z.string().min(10).max(64).optional(),
  }),
]);
export type RiskInterceptRequest = z.infer<typeof riskInterceptRequest>;

export const riskInterceptResult = z.object({
  scene: z.number().int(),
  /** Whether the scene's call needs a risk token (always true for the scenes above). */
  needed: z.boolean(),
  /** What the person can use, the email code first. */
  components: z.array(z.enum(VERIFICATION_COMPONENTS)),
  /** Their email with all but its ends hidden (where the code goes). */
  maskedEmail: z.string(),
  /** send: the challenge the code belongs to, when it ends and when another may be asked for. */
  challengeId: z.string().optional(),
  expiresAt: z.number().int().optional(),
  resendAt: z.number().int().optional(),
  /** verify: the single-use token for the scene's call, and when it ends. */
  riskToken: z.string().optional(),
  riskTokenExpiresAt: z.number().int().optional(),
});
export type RiskInterceptResult = z.infer<typeof riskInterceptResult>;

/** Spec §7: POST /user/public/risk/default-intercept, form-encoded `sence`; header guid. */
export const defaultInterceptRequest = z.object({ sence: z.string().max(64).optional() });
export const defaultInterceptResult = z.object({
  /** True when this device must pass an email code before the password is checked. */
  intercept: z.boolean(),
  components: z.array(z.enum(VERIFICATION_COMPONENTS)),
});
export type DefaultInterceptResult = z.infer<typeof defaultInterceptResult>;

/** The authenticator app on the personal page. */
export const totpStatusResult = z.object({ enabled: z.boolean() });
export const totpEnrolResult = z.object({ otpauthUri: z.string(), secret: z.string() });
export const totpConfirmRequest = z.object({ code });
export const totpDisableRequest = z.object({ code });

/**
 * Ours (D80): POST /user/public/login/email-code. An intercepted device (default-intercept) asks for the
 * email code the sign-in then carries as `emailCode`. The answer is the same whether or not an account
 * has the email (no enumeration): when the code ends and when another may be asked for.
 */
export const signInEmailCodeRequest = z.object({ email: z.string().max(320 + 64) });
export type SignInEmailCodeRequest = z.infer<typeof signInEmailCodeRequest>;
export const signInEmailCodeResult = z.object({
  expiresAt: z.number().int(),
  resendAt: z.number().int(),
});
export type SignInEmailCodeResult = z.infer<typeof signInEmailCodeResult>;
/** The email code a sign-in carries when the device is intercepted (six digits). */
export const signInEmailCode = code;
