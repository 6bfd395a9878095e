/**
 * spec §3 "global: user … its id is copied to a global analytics user id when set". The id is kept on
 * window.__ANALYTICS_USER_ID__, where a tag manager or analytics snippet of the hosting page can read it
 * without importing anything of ours; the portal itself loads no tracker (CSP: own origin only).
 */
declare global {
  interface Window {
    __ANALYTICS_USER_ID__?: string;
  }
}

export function setAnalyticsUserId(id: string | number | undefined): void {
  if (typeof window === 'undefined') return;
  if (id === undefined || id === '') delete window.__ANALYTICS_USER_ID__;
  else window.__ANALYTICS_USER_ID__ = String(id);
}

export function analyticsUserId(): string | undefined {
  return typeof window === 'undefined' ? undefined : window.__ANALYTICS_USER_ID__;
}
