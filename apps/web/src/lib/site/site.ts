import { isSiteCode, siteFromHost, siteProfile, type SiteCode, type SiteProfile } from '@kyc/contracts';
import { runtimeConfig } from '../config/runtime-config';

export interface SiteSources {
  /** The site the server pinned for this deployment (runtime configuration `site`, setting SITE). */
  pinned?: string | null;
  hostname: string;
}

/**
 * spec §1 "Regulated site variants are selected by a host setting", §4 "Region from host": the pinned
 * site when it is a known code, else the site of the host name (contracts SITE_HOST_SUFFIXES: .hk, .ae,
 * .tr, .kz, .eu, .ge, .id), else GLOBAL.
 */
export function resolveSite({ pinned, hostname }: SiteSources): SiteCode {
  const code = pinned?.trim().toUpperCase();
  if (code && isSiteCode(code)) return code;
  return siteFromHost(hostname);
}

/** The site of this page. */
export function currentSite(): SiteCode {
  return resolveSite({ pinned: runtimeConfig().site, hostname: window.location.hostname });
}

/**
 * What applies here: the site, whether it is regulated (HKG, TUR, KAZ, EU) and the languages it offers
 * (Hong Kong: en-HK and zh-HK, default zh-HK; Emirates: the default list and ar-SA; others the list).
 */
export function currentSiteProfile(): SiteProfile {
  return siteProfile(currentSite());
}
