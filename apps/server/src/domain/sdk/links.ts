import { URL_MAX_LENGTH, safeRedirectPath } from '@kyc/contracts';

/**
 * extraParams.redirect_url of an SDK token (spec §2: where the user goes after a step when the session
 * has one). Accepted: an https URL whose origin is one of the business's allowed origins, or a path on
 * this portal. Answers the normalised target, or null when refused (open-redirect protection, ASVS 5.1.5).
 */
export function checkRedirectUrl(
  value: string,
  allowedOrigins: readonly string[],
  portalOrigin: string,
): string | null {
  if (value.length === 0 || value.length > URL_MAX_LENGTH) return null;
  // Control characters and backslashes are read differently by browsers and parsers: never accepted.
  // eslint-disable-next-line no-control-regex -- the point is to find them
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  if (value.startsWith('/')) return safeRedirectPath(value, portalOrigin);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return null;
  return allowedOrigins.includes(url.origin) ? url.href : null;
}

/** An allowed origin of a business: exactly `https://host[:port]`, nothing more. */
export function isHttpsOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.origin === value;
  } catch {
    return false;
  }
}

export interface LandingLink {
  token: string;
  from: string;
  lang: string;
  isUpdatePoi: boolean;
  hidden: boolean;
}

/**
 * The SDK landing link (spec §2 route `sdk`, query isUpdatePoi, lang, from, hidden, token), in the
 * canonical /user/accounts/{lang}/auth/{screen} form. Flags appear only when true, as the spec's
 * "optional hidden=true".
 */
export function sdkLandingUrl(portalOrigin: string, link: LandingLink): string {
  const query = new URLSearchParams({ token: link.token, from: link.from, lang: link.lang });
  if (link.isUpdatePoi) query.set('isUpdatePoi', 'true');
  if (link.hidden) query.set('hidden', 'true');
  return `${portalOrigin}/user/accounts/${encodeURIComponent(link.lang)}/auth/sdk?${query.toString()}`;
}
