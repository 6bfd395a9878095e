import { safeRedirectTarget } from '@kyc/contracts';

/**
 * extraParams.redirect_url of an SDK token (spec §2: where the user goes after a step when the session
 * has one). Accepted: an https URL whose origin is one of the business's allowed origins, or a place on
 * this portal (kept as a path). Answers the normalised target, or null when refused. The decision is the
 * product's one redirect rule (contracts redirects.ts, issue 11), the same as sign-in's.
 */
export function checkRedirectUrl(
  value: string,
  allowedOrigins: readonly string[],
  portalOrigin: string,
): string | null {
  return safeRedirectTarget(value, portalOrigin, { allowedOrigins });
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
