import { languagesForRegion, regionFromHost, type RegionLanguages } from '@kyc/contracts';

/** The languages this host offers and its default (spec §4 "Region from host"). */
export function pageLanguages(hostname: string = window.location.hostname): RegionLanguages {
  return languagesForRegion(regionFromHost(hostname));
}

/**
 * The language a URL with an unsupported language segment is sent to: en (spec §2: "otherwise /en is
 * used"), or the region's default where en is not offered (Hong Kong hosts), so that the redirect
 * always lands on a supported language instead of looping.
 */
export function urlFallbackLanguage(region: RegionLanguages): string {
  return region.languages.some((l) => l.code === 'en') ? 'en' : region.defaultLanguage;
}
