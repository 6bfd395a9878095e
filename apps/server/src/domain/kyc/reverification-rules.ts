/**
 * Re-verification (displayUpdatePOI) rules around the state machine (docs/kyc.md "Re-verification
 * transitions"): which channel a request came through and the Turkey region. Pure: no I/O.
 */
import type { DisplayUpdatePoiStatus } from '@kyc/contracts';

/** web: the portal (a session, or an SDK token minted for the web); app: an SDK token from an app. */
export type Channel = 'web' | 'app';

/** The SDK token's `from` decides the channel: the web's own tokens say 'web'. */
export function channelOfSdkFrom(from: string): Channel {
  return from === 'web' ? 'web' : 'app';
}

export const TURKEY_WEB_REFUSAL = 're-verification in the Turkey region is done in the app';

/** Spec §2: the Turkey variant applies when site and country are both Turkey (row of `reverification`). */
export function isTurkeyRegion(row: { site: string; country: string } | undefined): boolean {
  return row?.site === 'TUR' && row.country === 'TR';
}

/** sdk-access with reason UPDATE_KYC: the panel must offer a (re)submission. */
export function reverificationOpen(status: DisplayUpdatePoiStatus): boolean {
  return status === 'DisplayUpdatePOIStatus_Needed' || status === 'DisplayUpdatePOIStatus_Rejected';
}
