import {
  GUID_COOKIE,
  type DefaultInterceptResult,
  type SignInEmailCodeResult,
  type SignInResult,
} from '@kyc/contracts';
import { requestGuid } from '../lib/browser/guid';
import { http, postRiskDefaultIntercept } from '../lib/http';

export interface CredentialsBody {
  email: string;
  password: string;
  /** The page's ?redirect_url=, passed through; the server decides whether it is safe. */
  redirect_url?: string;
}

// Silent: the form shows the translated error next to the fields (login-form.tsx), not as a toast.

/** The device the server counts failed sign-ins of (spec §3 guid; default-intercept reads the same). */
const device = () => ({ [GUID_COOKIE]: requestGuid() });

/**
 * POST /user/public/login (docs/api.md). `emailCode` when default-intercept intercepts this device
 * (D80): without it the server answers 60014.
 */
export function signIn(body: CredentialsBody & { emailCode?: string }): Promise<SignInResult> {
  return http.post<SignInResult>('/user/public/login', { ...body }, { silent: true, headers: device() });
}

/** POST /user/public/login/email-code (ours, D80): the same answer whether or not the account exists. */
export function sendSignInCode(email: string): Promise<SignInEmailCodeResult> {
  return http.post<SignInEmailCodeResult>(
    '/user/public/login/email-code',
    { email },
    { silent: true, headers: device() },
  );
}

/** Whether this device must pass an email code before signing in (spec §7 default-intercept). */
export async function deviceNeedsEmailCode(): Promise<boolean> {
  const answer = await postRiskDefaultIntercept<DefaultInterceptResult>('login', { silent: true });
  return answer.intercept;
}

/** POST /user/public/register (docs/api.md): creates the account and signs in. */
export function register(body: CredentialsBody): Promise<SignInResult> {
  return http.post<SignInResult>('/user/public/register', { ...body }, { silent: true });
}
