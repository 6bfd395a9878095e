import { useSyncExternalStore } from 'react';
import { isMobileUserAgent, MOBILE_MAX_WIDTH_PX } from '../lib/device/device';

/** spec §1: mobile breakpoint 767 px, so the phone layout applies below 768 px (as in the CSS). */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`;

function mediaQuery(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(MOBILE_MEDIA_QUERY) : undefined;
}

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** spec §1: "Mobile is detected from the user-agent" — a phone stays mobile when rotated wide. */
export function isMobileNow(): boolean {
  return isMobileUserAgent(navigator.userAgent) || (mediaQuery()?.matches ?? false);
}

/**
 * True below 768 px or on a mobile user agent; re-renders when the viewport crosses the breakpoint.
 * Prefer CSS media queries for layout; use this only where behaviour differs (e.g. which component).
 */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, () => false);
}
