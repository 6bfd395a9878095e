/**
 * D80 around any sign-in by email and password: the portal's (POST /user/public/login) and the embedded
 * partner-link flow's (POST /v1/s1/kyc/integration/link-sign-in, D89). An intercepted device passes the
 * emailed code before the password is looked at; a failure counts against the device (and, after a right
 * code, against the code); a success spends the code and clears the device.
 */
import { AppError } from '../../lib/app-error.ts';
import type { SecurityVerificationUseCases } from './security-verification.ts';

export interface DeviceCheckedCredentials {
  /** The device (spec §3 guid): the guid header, else (the portal only) the guid cookie. */
  guid: string | undefined;
  email: string;
  emailCode: string | undefined;
}

type DeviceGate = Pick<
  SecurityVerificationUseCases,
  | 'checkSignInCode'
  | 'recordSignInFailure'
  | 'signInPasswordMissed'
  | 'spendSignInCode'
  | 'recordSignInSuccess'
>;

export async function deviceCheckedSignIn<T>(
  gate: DeviceGate,
  credentials: DeviceCheckedCredentials,
  signIn: () => Promise<T>,
): Promise<T> {
  const { guid } = credentials;
  const pass = await gate.checkSignInCode(guid, credentials.email, credentials.emailCode);
  const signedIn = await signIn().catch(async (error: unknown) => {
    await gate.recordSignInFailure(guid);
    if (pass && error instanceof AppError && error.code === 'INVALID_CREDENTIALS')
      await gate.signInPasswordMissed(pass);
    throw error;
  });
  if (pass) await gate.spendSignInCode(pass);
  await gate.recordSignInSuccess(guid);
  return signedIn;
}
