import { languagesForRegion, type HostRegion, type RegionLanguages } from './languages.ts';

/**
 * Site variants (spec §1). A user belongs to one site; GLOBAL is the default (non-regulated) site.
 * Hong Kong, Turkey, Kazakhstan and EU count as regulated.
 */
export const SITE_CODES = ['GLOBAL', 'HKG', 'TUR', 'ARE', 'KAZ', 'EU', 'GEO', 'IDN'] as const;
export type SiteCode = (typeof SITE_CODES)[number];

export const DEFAULT_SITE: SiteCode = 'GLOBAL';

export const REGULATED_SITES: readonly SiteCode[] = ['HKG', 'TUR', 'KAZ', 'EU'];

export function isRegulatedSite(site: string): boolean {
  return (REGULATED_SITES as readonly string[]).includes(site);
}

export function isSiteCode(value: string): value is SiteCode {
  return (SITE_CODES as readonly string[]).includes(value);
}

/**
 * spec §1 "selected by a host setting", §4 "Region from host": which site a host name selects, by the
 * end of the host name. .hk and .ae are the spec's; the others follow the same rule for the sites the
 * spec lists (a country-code top-level domain per regulated entity). Data, not code: a new site or
 * domain is one row.
 */
export const SITE_HOST_SUFFIXES: ReadonlyArray<{ suffix: string; site: SiteCode }> = [
  { suffix: '.hk', site: 'HKG' },
  { suffix: '.ae', site: 'ARE' },
  { suffix: '.tr', site: 'TUR' },
  { suffix: '.kz', site: 'KAZ' },
  { suffix: '.eu', site: 'EU' },
  { suffix: '.ge', site: 'GEO' },
  { suffix: '.id', site: 'IDN' },
];

/** The site a host name selects; GLOBAL for every host not in SITE_HOST_SUFFIXES (localhost included). */
export function siteFromHost(hostname: string): SiteCode {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  return SITE_HOST_SUFFIXES.find(({ suffix }) => host.endsWith(suffix))?.site ?? DEFAULT_SITE;
}

/**
 * The language region of each site (spec §4, §9): Hong Kong offers only en-HK and zh-HK (default
 * zh-HK); the Emirates variant adds ar-SA; every other site offers the default list.
 */
export const SITE_LANGUAGE_REGION: Readonly<Record<SiteCode, HostRegion>> = {
  GLOBAL: 'default',
  HKG: 'hk',
  TUR: 'default',
  ARE: 'ae',
  KAZ: 'default',
  EU: 'default',
  GEO: 'default',
  IDN: 'default',
};

/** What applies on a site: whether it is regulated and which languages it offers. */
export interface SiteProfile {
  site: SiteCode;
  regulated: boolean;
  languages: RegionLanguages;
}

export function siteProfile(site: SiteCode): SiteProfile {
  return {
    site,
    regulated: isRegulatedSite(site),
    languages: languagesForRegion(SITE_LANGUAGE_REGION[site]),
  };
}

/**
 * spec §2: the help-center articles the portal links to, and the path of each below the configured
 * help-center base (the server's HELP_CENTER_BASE_URL). The keys are the runtime configuration's.
 */
export const HELP_CENTER_ARTICLES = {
  identityTransfer: 'identity-transfer',
  webFormIssueReport: 'web-form-issue-report',
  detail: 'kyc-detail',
  faq: 'kyc-faq',
  guide: 'kyc-guide',
  commonFailureReasons: 'common-kyc-failure-reasons',
} as const;

export type HelpCenterArticleKey = keyof typeof HELP_CENTER_ARTICLES;

/** The article links under a base ('/help/' → '/help/kyc-faq'); the base may be absolute (https://…). */
export function helpCenterLinks(base: string): Record<HelpCenterArticleKey, string> {
  const prefix = base.endsWith('/') ? base : `${base}/`;
  return Object.fromEntries(
    Object.entries(HELP_CENTER_ARTICLES).map(([key, slug]) => [key, `${prefix}${slug}`]),
  ) as Record<HelpCenterArticleKey, string>;
}

/** Where the portal's own help centre is served (the default of HELP_CENTER_BASE_URL). */
export const OWN_HELP_CENTER_BASE = '/help/';

/**
 * The link of an article in a language: on the portal's own help centre the language is part of the
 * address (/help/{lang}/{slug}); an external help centre keeps the address it was configured with.
 */
export function localizedHelpLink(href: string, language: string): string {
  if (!href.startsWith(OWN_HELP_CENTER_BASE)) return href;
  const slug = href.slice(OWN_HELP_CENTER_BASE.length);
  if (!(Object.values(HELP_CENTER_ARTICLES) as string[]).includes(slug)) return href;
  return `${OWN_HELP_CENTER_BASE}${encodeURIComponent(language)}/${slug}`;
}
