/**
 * What kind of device and host the page runs in (spec §1 "Mobile is detected from the user-agent",
 * "Platform values sent with requests: pc, h5, pc_tg, ios_tg, android_tg"; spec §2 messaging-app
 * mini-program). Pure functions of their inputs, so each rule has a unit test; the `current…` helpers
 * read the browser.
 */

/** spec §1: mobile breakpoint 767 px (mobile is below 768 px). */
export const MOBILE_MAX_WIDTH_PX = 767;

export type Platform = 'pc' | 'h5' | 'pc_tg' | 'ios_tg' | 'android_tg';

/** The subset of window.Telegram.WebApp the app uses (spec §2 mini-program behaviour). */
export interface TelegramWebApp {
  platform?: string;
  BackButton?: { show(): void; hide(): void; onClick(cb: () => void): void; offClick?(cb: () => void): void };
  expand?(): void;
  setBackgroundColor?(color: string): void;
  ready?(): void;
}

declare global {
  interface Window {
    Telegram?: { WebApp?: TelegramWebApp };
  }
}

const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|HarmonyOS/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_UA.test(userAgent);
}

/** The mini-app object when the page runs inside the messaging app, else undefined. */
export function telegramWebApp(
  win: Pick<Window, 'Telegram'> | undefined = globalThis.window,
): TelegramWebApp | undefined {
  const app = win?.Telegram?.WebApp;
  // The script defines WebApp everywhere; inside the app it reports a platform other than 'unknown'.
  return app && app.platform && app.platform !== 'unknown' ? app : undefined;
}

/** The mini-app's operating system family: ios, android, or a desktop client (tdesktop, macos, web…). */
export function miniAppSystem(app: TelegramWebApp): 'ios' | 'android' | 'desktop' {
  const platform = (app.platform ?? '').toLowerCase();
  if (platform === 'ios') return 'ios';
  if (platform === 'android' || platform === 'android_x') return 'android';
  return 'desktop';
}

/** spec §1 platform header value. */
export function platformFor(userAgent: string, app: TelegramWebApp | undefined): Platform {
  if (app) {
    const system = miniAppSystem(app);
    return system === 'ios' ? 'ios_tg' : system === 'android' ? 'android_tg' : 'pc_tg';
  }
  return isMobileUserAgent(userAgent) ? 'h5' : 'pc';
}

export function currentPlatform(): Platform {
  return platformFor(navigator.userAgent, telegramWebApp());
}

export function isMobileDevice(): boolean {
  return isMobileUserAgent(navigator.userAgent);
}
