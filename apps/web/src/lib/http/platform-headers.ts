import {
  miniAppSystem,
  platformFor,
  telegramWebApp,
  type Platform,
  type TelegramWebApp,
} from '../device/device';

function version(raw: string | undefined): string {
  return raw ? raw.replace(/_/g, '.') : '';
}

function labelled(name: string, raw: string | undefined): string {
  const v = version(raw);
  return v ? `${name} ${v}` : name;
}

/** Operating system and device named by a user agent, e.g. { system: 'iOS 17.4', device: 'iPhone' }. */
export function describeUserAgent(userAgent: string): { system: string; device: string } {
  const apple = /\b(iPhone|iPad|iPod)\b/.exec(userAgent);
  if (apple) {
    return {
      system: labelled('iOS', /OS (\d+(?:_\d+)*)/.exec(userAgent)?.[1]),
      device: apple[1] ?? 'iPhone',
    };
  }
  const android = /Android\s*([\d.]+)?/.exec(userAgent);
  if (android) {
    // "(Linux; Android 14; Pixel 8 Build/…)": the model is the part after the version.
    const model = /Android[^;)]*;\s*([^;)]+?)(?:\s+Build\/[^;)]*)?\s*[;)]/.exec(userAgent)?.[1]?.trim();
    return { system: labelled('Android', android[1]), device: model || 'Android' };
  }
  const windows = /Windows NT ([\d.]+)/.exec(userAgent);
  if (windows) return { system: labelled('Windows NT', windows[1]), device: 'PC' };
  const mac = /Mac OS X ([\d_.]+)/.exec(userAgent);
  if (mac) return { system: labelled('macOS', mac[1]), device: 'Mac' };
  if (/CrOS/.test(userAgent)) return { system: 'ChromeOS', device: 'PC' };
  if (/Linux/.test(userAgent)) return { system: 'Linux', device: 'PC' };
  return { system: 'unknown', device: 'unknown' };
}

/** Header values must be printable ASCII (fetch throws otherwise) and ';' separates the fields. */
function headerSafe(value: string): string {
  return value.replace(/[^\x20-\x7e]|;/g, '').trim() || 'unknown';
}

/**
 * spec §7: in the messaging mini-app, X-User-Agent names platform, system and device, e.g.
 * `platform=ios_tg; system=iOS 17.4; device=iPhone`. The mini-app's own platform decides the system
 * family when the user agent does not say (desktop clients).
 */
export function miniAppUserAgent(platform: Platform, userAgent: string, app: TelegramWebApp): string {
  const described = describeUserAgent(userAgent);
  const system = described.system === 'unknown' ? miniAppSystem(app) : described.system;
  return `platform=${platform}; system=${headerSafe(system)}; device=${headerSafe(described.device)}`;
}

/**
 * spec §7: the platform header on every app call (pc / h5 / pc_tg / ios_tg / android_tg, the same rule
 * as currentPlatform()), plus X-User-Agent inside the mini-app.
 */
export function platformHeaders(
  userAgent: string = navigator.userAgent,
  app: TelegramWebApp | undefined = telegramWebApp(),
): Record<string, string> {
  const platform = platformFor(userAgent, app);
  const headers: Record<string, string> = { platform };
  if (app) headers['X-User-Agent'] = miniAppUserAgent(platform, userAgent, app);
  return headers;
}
