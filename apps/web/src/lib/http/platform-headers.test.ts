import { describe, expect, it } from 'vitest';
import { describeUserAgent, miniAppUserAgent, platformHeaders } from './platform-headers';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 16_6_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A.240305.019) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36';
const REDUCED_ANDROID =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15';

describe('platform headers (spec §1 platform values, §7 X-User-Agent)', () => {
  it('spec §7: system and device are read from the user agent', () => {
    expect(describeUserAgent(IPHONE)).toEqual({ system: 'iOS 17.4', device: 'iPhone' });
    expect(describeUserAgent(IPAD)).toEqual({ system: 'iOS 16.6.1', device: 'iPad' });
    expect(describeUserAgent(PIXEL)).toEqual({ system: 'Android 14', device: 'Pixel 8' });
    expect(describeUserAgent(REDUCED_ANDROID)).toEqual({ system: 'Android 10', device: 'K' });
    expect(describeUserAgent(WINDOWS)).toEqual({ system: 'Windows NT 10.0', device: 'PC' });
    expect(describeUserAgent(MAC)).toEqual({ system: 'macOS 10.15.7', device: 'Mac' });
    expect(describeUserAgent('curl/8')).toEqual({ system: 'unknown', device: 'unknown' });
  });

  it("spec §7: X-User-Agent is 'platform=…; system=…; device=…'", () => {
    expect(miniAppUserAgent('ios_tg', IPHONE, { platform: 'ios' })).toBe(
      'platform=ios_tg; system=iOS 17.4; device=iPhone',
    );
    expect(miniAppUserAgent('android_tg', PIXEL, { platform: 'android' })).toBe(
      'platform=android_tg; system=Android 14; device=Pixel 8',
    );
  });

  it("spec §7: the header stays a valid header value (ASCII, no ';' inside a field)", () => {
    const odd = 'Mozilla/5.0 (Linux; Android 13; Galaxy\u00a0S23 Ultra) AppleWebKit/537.36';
    expect(miniAppUserAgent('android_tg', odd, { platform: 'android' })).toBe(
      'platform=android_tg; system=Android 13; device=GalaxyS23 Ultra',
    );
    expect(miniAppUserAgent('pc_tg', 'unknown agent', { platform: 'tdesktop' })).toBe(
      'platform=pc_tg; system=desktop; device=unknown',
    );
  });

  it('spec §1: platform pc / h5 outside the mini-app, with no X-User-Agent', () => {
    expect(platformHeaders(WINDOWS, undefined)).toEqual({ platform: 'pc' });
    expect(platformHeaders(IPHONE, undefined)).toEqual({ platform: 'h5' });
  });

  it('spec §1, §7: platform pc_tg / ios_tg / android_tg in the mini-app, with X-User-Agent', () => {
    expect(platformHeaders(MAC, { platform: 'macos' })).toEqual({
      platform: 'pc_tg',
      'X-User-Agent': 'platform=pc_tg; system=macOS 10.15.7; device=Mac',
    });
    expect(platformHeaders(IPHONE, { platform: 'ios' })['platform']).toBe('ios_tg');
    expect(platformHeaders(PIXEL, { platform: 'android' })['platform']).toBe('android_tg');
  });
});
