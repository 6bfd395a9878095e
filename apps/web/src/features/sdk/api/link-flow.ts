import {
  GUID_COOKIE,
  LINK_PROOF_HEADER,
  type LinkConsentResult,
  type LinkInfo,
  type LinkSignInRequest,
  type SignInEmailCodeResult,
} from '@kyc/contracts';
import { requestGuid } from '../../../lib/browser/guid';
import { callEndpoint, sdkSession, type RequestOptions } from '../../../lib/http';

/**
 * The embedded link flow (docs/sdk.md "Partner links"): a link token opens sign-in / sign-up and the
 * consent to share the verification with the partner. Silent: the screens show the translated error
 * next to the form, not as a toast.
 *
 * Sign-in answers a proof that this browser signed in (the partner holds the token too, and must not
 * be able to agree in the person's place); it is sent with link-info and link-consent, and kept in
 * sessionStorage for this token so that a reload of the tab does not ask to sign in again.
 */
const storageKey = () => `kyc-link-proof:${(sdkSession()?.token ?? '').slice(0, 16)}`;

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

function proofHeaders(): Record<string, string> {
  const proof = storage()?.getItem(storageKey());
  return proof ? { [LINK_PROOF_HEADER]: proof } : {};
}

export function getLinkInfo(options: RequestOptions = {}): Promise<LinkInfo> {
  return callEndpoint<LinkInfo>('sdkLinkInfo', undefined, {
    silent: true,
    ...options,
    headers: { ...proofHeaders(), ...options.headers },
  });
}

/**
 * Sign in (or up) inside the link flow. The sign-in names this device (spec §3 guid), which the server
 * counts failures against, and carries the email code when the device is intercepted (D80, D89).
 */
export async function linkSignIn(intent: 'login' | 'register', body: LinkSignInRequest): Promise<LinkInfo> {
  const { emailCode, ...credentials } = body;
  const info =
    intent === 'register'
      ? await callEndpoint<LinkInfo>('sdkLinkSignUp', { ...credentials }, { silent: true })
      : await callEndpoint<LinkInfo>(
          'sdkLinkSignIn',
          { ...credentials, ...(emailCode ? { emailCode } : {}) },
          { silent: true, headers: { [GUID_COOKIE]: requestGuid() } },
        );
  if (info.proof) storage()?.setItem(storageKey(), info.proof);
  return info;
}

/** D89: mails the sign-in code for this device (link-token authenticated: no cookie needed). */
export function sendLinkSignInCode(email: string): Promise<SignInEmailCodeResult> {
  return callEndpoint<SignInEmailCodeResult>(
    'sdkLinkEmailCode',
    { email },
    { silent: true, headers: { [GUID_COOKIE]: requestGuid() } },
  );
}

export async function answerConsent(
  decision: 'agree' | 'decline',
  consentVersion: string,
): Promise<LinkConsentResult> {
  const headers = proofHeaders();
  const result = await callEndpoint<LinkConsentResult>(
    'sdkLinkConsent',
    { decision, consentVersion },
    { silent: true, headers },
  );
  storage()?.removeItem(storageKey());
  return result;
}
