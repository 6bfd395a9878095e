import { describe, expect, it } from 'vitest';
import { channelOfSdkFrom, isTurkeyRegion, reverificationOpen } from './reverification-rules.ts';

describe('re-verification rules', () => {
  it('when the token says from=web, then the web channel; any app name, then the app channel', () => {
    expect(channelOfSdkFrom('web')).toBe('web');
    expect(channelOfSdkFrom('ios')).toBe('app');
    expect(channelOfSdkFrom('demo-app')).toBe('app');
  });

  it('when site and country are both Turkey, then the Turkey region; one of them alone is not', () => {
    expect(isTurkeyRegion({ site: 'TUR', country: 'TR' })).toBe(true);
    expect(isTurkeyRegion({ site: 'TUR', country: 'DE' })).toBe(false);
    expect(isTurkeyRegion({ site: 'GLOBAL', country: 'TR' })).toBe(false);
    expect(isTurkeyRegion(undefined)).toBe(false);
  });

  it('when Needed or Rejected, then a submission is open; Pending, Rejected_Daily and No are not', () => {
    expect(reverificationOpen('DisplayUpdatePOIStatus_Needed')).toBe(true);
    expect(reverificationOpen('DisplayUpdatePOIStatus_Rejected')).toBe(true);
    expect(reverificationOpen('DisplayUpdatePOIStatus_Rejected_Daily')).toBe(false);
    expect(reverificationOpen('DisplayUpdatePOIStatus_Pending')).toBe(false);
    expect(reverificationOpen('DisplayUpdatePOIStatus_No')).toBe(false);
  });
});
