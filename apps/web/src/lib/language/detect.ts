import { matchLanguage, type Language, type RegionLanguages } from '@kyc/contracts';
import { safeLocalStorage, type KeyValueStorage } from '../browser/storage';

/** localStorage key read first by detection and written on every change (spec §4, §9). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
/** Second key the language is saved under (spec §9: "language also kept under a language key"). */
export const LANGUAGE_MIRROR_STORAGE_KEY = 'language';

/** Where a language can come from, strongest first. */
export interface LanguageSources {
  /** The ?lang= query parameter (spec §4: it comes first, even before the URL segment). */
  queryLanguage?: string | null;
  /** The SPA's URL language segment (/user/accounts/{lang}/…); absent on the sign-in page. */
  pathLanguage?: string | null;
  /** localStorage i18nextLng. */
  storedLanguage?: string | null;
  /** navigator.language. */
  browserLanguage?: string | null;
}

/**
 * spec §4 "Language": ?lang= first ("from the lang query parameter, else …"), then the URL segment (SPA
 * only), else localStorage i18nextLng, else the browser language; a candidate the host does not offer
 * is skipped, and with none left the host's default is used. A link such as
 * /user/accounts/en/auth/personal?lang=ja-JP therefore shows Japanese (and LanguageRoute moves it to
 * the ja-JP path).
 */
export function detectLanguage(sources: LanguageSources, region: RegionLanguages): string {
  const { languages, defaultLanguage } = region;
  return (
    matchLanguage(sources.queryLanguage, languages) ??
    matchLanguage(sources.pathLanguage, languages) ??
    matchLanguage(sources.storedLanguage, languages) ??
    matchBrowserLanguage(sources.browserLanguage, languages) ??
    defaultLanguage
  );
}

/**
 * Browsers often send a bare or differently-regioned tag ("de", "de-AT"): when there is no exact
 * match, take the first offered language with the same primary subtag ("de" → "de-DE").
 */
function matchBrowserLanguage(
  tag: string | null | undefined,
  languages: readonly Language[],
): string | undefined {
  const exact = matchLanguage(tag, languages);
  if (exact || !tag) return exact;
  const primary = tag.trim().toLowerCase().split('-')[0];
  return languages.find((l) => l.code.toLowerCase().split('-')[0] === primary)?.code;
}

/** Reads the query, storage and browser sources of the current page. */
export function readLanguageSources(
  pathLanguage: string | null = null,
  storage: KeyValueStorage = safeLocalStorage,
): LanguageSources {
  return {
    pathLanguage,
    queryLanguage: new URLSearchParams(window.location.search).get('lang'),
    storedLanguage: storage.get(LANGUAGE_STORAGE_KEY),
    browserLanguage: typeof navigator === 'undefined' ? null : navigator.language,
  };
}

/** The supported language an address's ?lang= asks for (canonical spelling), or undefined. */
export function queryLanguageOf(search: string, languages: readonly Language[]): string | undefined {
  return matchLanguage(new URLSearchParams(search).get('lang'), languages);
}
