import type { LinkConsentResult, LinkCredentialsRequest, LinkInfo } from '@kyc/contracts';
import { callEndpoint, type RequestOptions } from '../../../lib/http';

/**
 * The embedded link flow (docs/sdk.md "Partner links"): a link token opens sign-in / sign-up and the
 * consent to share the verification with the partner. Silent: the screens show the translated error
 * next to the form, not as a toast.
 */
export function getLinkInfo(options: RequestOptions = {}): Promise<LinkInfo> {
  return callEndpoint<LinkInfo>('sdkLinkInfo', undefined, { silent: true, ...options });
}

export function linkSignIn(intent: 'login' | 'register', body: LinkCredentialsRequest): Promise<LinkInfo> {
  return callEndpoint<LinkInfo>(
    intent === 'register' ? 'sdkLinkSignUp' : 'sdkLinkSignIn',
    { ...body },
    {
      silent: true,
    },
  );
}

export function answerConsent(
  decision: 'agree' | 'decline',
  consentVersion: string,
): Promise<LinkConsentResult> {
  return callEndpoint<LinkConsentResult>('sdkLinkConsent', { decision, consentVersion }, { silent: true });
}
