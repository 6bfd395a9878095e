import { siteProfile, type RegionLanguages, type SiteCode } from '@kyc/contracts';
import { currentSite } from '../site/site';

/**
 * The languages this page offers and its default (spec §4 "Region from host", §9): those of the page's
 * site (lib/site), so that a deployment pinned to HKG offers the Hong Kong list on any host.
 */
export function pageLanguages(site: SiteCode = currentSite()): RegionLanguages {
  return siteProfile(site).languages;
}

/**
 * The language a URL with an unsupported language segment is sent to: en (spec §2: "otherwise /en is
 * used"), or the region's default where en is not offered (Hong Kong hosts), so that the redirect
 * always lands on a supported language instead of looping.
 */
export function urlFallbackLanguage(region: RegionLanguages): string {
  return region.languages.some((l) => l.code === 'en') ? 'en' : region.defaultLanguage;
}
