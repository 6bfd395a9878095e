/**
 * The one shape every vendor's browser SDK is driven through (docs/kyc.md "Verification at a vendor, in
 * the browser"), so that the screen does not know which vendor it shows: a session from
 * get-verification-sdk-info, a container, and what happens on submission, on an error and on expiry.
 */
import type { VerificationSdkInfo } from '@kyc/contracts';

/** The providers whose flow runs in the vendor's own web SDK (contracts KYC_PROVIDERS). */
export const VENDOR_PROVIDERS = ['sumsub', 'onfido', 'jumio'] as const;
export type VendorProvider = (typeof VENDOR_PROVIDERS)[number];

export function isVendorProvider(provider: string): provider is VendorProvider {
  return (VENDOR_PROVIDERS as readonly string[]).includes(provider);
}

/** get-verification-sdk-info's vendorSdk: token, API address, level/workflow, script, page, expiry. */
export type VendorSession = NonNullable<VerificationSdkInfo['vendorSdk']>;

export interface VendorHandlers {
  /** The page language (spec §9 code, e.g. de-DE); each launcher turns it into its vendor's form. */
  lang: string;
  /** The person finished the vendor's flow: our side shows "Submitted — under review". */
  onSubmitted: () => void;
  /** 'expired': the token no longer works (a fresh session is fetched); 'failed': anything else. */
  onError: (kind: 'expired' | 'failed') => void;
  /** A fresh token (get-verification-sdk-info again), for SDKs that ask for one themselves (Sumsub). */
  refreshToken: () => Promise<string>;
  /** The accessible title of an iframe (Jumio). */
  frameTitle: string;
}

/** A running vendor flow; destroy() removes it (unmount, relaunch with a fresh token). */
export interface VendorLaunch {
  destroy: () => void;
}

/** Whether a vendor's error payload says the token expired (their wording differs: expired_token …). */
export function isExpiredError(error: unknown): boolean {
  let text: string;
  try {
    text = typeof error === 'string' ? error : JSON.stringify(error ?? '');
  } catch {
    return false;
  }
  return /expired/i.test(text);
}
