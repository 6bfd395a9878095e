import type { SignInResult } from '@kyc/contracts';
import { http } from '../lib/http';

export interface CredentialsBody {
  email: string;
  password: string;
  /** The page's ?redirect_url=, passed through; the server decides whether it is safe. */
  redirect_url?: string;
}

// Silent: the form shows the translated error next to the fields (login-form.tsx), not as a toast.

/** POST /user/public/login (docs/api.md). */
export function signIn(body: CredentialsBody): Promise<SignInResult> {
  return http.post<SignInResult>('/user/public/login', { ...body }, { silent: true });
}

/** POST /user/public/register (docs/api.md): creates the account and signs in. */
export function register(body: CredentialsBody): Promise<SignInResult> {
  return http.post<SignInResult>('/user/public/register', { ...body }, { silent: true });
}
