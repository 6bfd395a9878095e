import type { StaffMe, StaffTotpEnrolment } from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';
import { parseStaffMe } from '../../../lib/staff-session.tsx';

export interface SignInRequest {
  email: string;
  password: string;
  /** The 6-digit code of the authenticator app, once the password was right (20007) or to enrol. */
  totpCode?: string;
  /** Confirms an enrolment, with its first code. */
  totpEnrolmentToken?: string;
  /** A one-time recovery code instead of the authenticator code (issue 11). */
  recoveryCode?: string;
}

/** Signed in, or (first sign-in) a new second factor to add to an authenticator app and confirm. */
export type SignInOutcome =
  | { kind: 'signedIn'; staff: StaffMe; recoveryCodes?: string[] }
  | { kind: 'enrol'; enrolment: StaffTotpEnrolment };

/** The contracts' `staffLoginResult`, checked by hand (staff-session.tsx says why). */
export function parseSignInOutcome(value: unknown): SignInOutcome {
  const enrolment = (value as { totpEnrolment?: Record<string, unknown> } | null)?.totpEnrolment;
  if (typeof enrolment === 'object' && enrolment !== null) {
    const { otpauthUri, secret, enrolmentToken } = enrolment;
    if (
      typeof otpauthUri !== 'string' ||
      !otpauthUri.startsWith('otpauth://') ||
      typeof secret !== 'string' ||
      typeof enrolmentToken !== 'string'
    ) {
      throw new TypeError('Not a TOTP enrolment');
    }
    return { kind: 'enrol', enrolment: { otpauthUri, secret, enrolmentToken } };
  }
  // A confirmed enrolment answers the new recovery codes, shown once.
  const codes = (value as { recoveryCodes?: unknown } | null)?.recoveryCodes;
  const recoveryCodes =
    Array.isArray(codes) && codes.every((code) => typeof code === 'string') ? (codes as string[]) : undefined;
  return { kind: 'signedIn', staff: parseStaffMe(value), ...(recoveryCodes ? { recoveryCodes } : {}) };
}

/**
 * POST /backoffice/api/login (docs/backoffice.md): 20001 for any wrong email, password or code; 20007
 * when the password was right and the code is missing; 10006 (HTTP 429) when rate limited.
 */
export function signIn(request: SignInRequest): Promise<SignInOutcome> {
  return api.post<SignInOutcome>('/login', request, { parse: parseSignInOutcome });
}
