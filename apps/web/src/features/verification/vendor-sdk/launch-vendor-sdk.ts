/**
 * One entry for every vendor (docs/kyc.md "Verification at a vendor, in the browser"): the screen calls
 * launchVendorSdk and never branches on the vendor itself. Sumsub and Onfido need their script first
 * (loadScript); Jumio is a page in an iframe.
 */
import { launchJumio } from './launch-jumio';
import { launchOnfido } from './launch-onfido';
import { launchSumsub } from './launch-sumsub';
import type { VendorHandlers, VendorLaunch, VendorProvider, VendorSession } from './launch-types';

export type { VendorHandlers, VendorLaunch, VendorProvider, VendorSession } from './launch-types';

const LAUNCHERS = {
  sumsub: launchSumsub,
  onfido: launchOnfido,
  jumio: launchJumio,
} as const satisfies Record<
  VendorProvider,
  (session: VendorSession, container: HTMLElement, handlers: VendorHandlers) => VendorLaunch
>;

/** Whether the vendor's flow needs its script loaded before launchVendorSdk (not Jumio's page). */
export function needsScript(provider: VendorProvider, session: VendorSession): boolean {
  return provider !== 'jumio' && session.sdkUrl !== '';
}

/** Starts the vendor's flow in `container`; throws when its SDK is not there (the script did not run). */
export function launchVendorSdk(
  provider: VendorProvider,
  session: VendorSession,
  container: HTMLElement,
  handlers: VendorHandlers,
): VendorLaunch {
  return LAUNCHERS[provider](session, container, handlers);
}
