/**
 * Which language a help-centre address without one is answered in (docs/help-centre.md): the `lang`
 * query, then the portal's `i18nextLng` cookie, then Accept-Language (by quality, exact code first,
 * then the same primary language), else the host region's default (zh-HK on .hk hosts, spec §4), else
 * en. The same order as the portal's own detection (spec §4), minus local storage, which a server
 * cannot read.
 */
import { ALL_LANGUAGES, DEFAULT_LANGUAGE, matchLanguage } from '@kyc/contracts';

/** The preferred primary-language match of each language with several variants. */
const PRIMARY_DEFAULTS: Record<string, string> = {
  en: 'en',
  zh: 'zh-CN',
  ar: 'ar-SA',
};

export interface LanguageHints {
  query?: string | undefined;
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
  /** The host region's default language (languagesForRegion); en when not given. */
  fallback?: string | undefined;
}

/** The supported code for a tag: exact (case-insensitive), else by its primary language. */
export function supportedLanguage(tag: string | undefined): string | undefined {
  if (!tag) return undefined;
  const exact = matchLanguage(tag, ALL_LANGUAGES);
  if (exact) return exact;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (!/^[a-z]{2,3}$/.test(primary)) return undefined;
  if (PRIMARY_DEFAULTS[primary]) return PRIMARY_DEFAULTS[primary];
  return ALL_LANGUAGES.find((l) => l.code.toLowerCase().split('-')[0] === primary)?.code;
}

/** Accept-Language tags, best first ("de-CH,de;q=0.9,en;q=0.5" → de-CH, de, en); q=0 is left out. */
export function acceptedTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

export function chooseLanguage(hints: LanguageHints): string {
  return (
    supportedLanguage(hints.query) ??
    supportedLanguage(hints.cookie) ??
    acceptedTags(hints.acceptLanguage)
      .map(supportedLanguage)
      .find((code) => code !== undefined) ??
    hints.fallback ??
    DEFAULT_LANGUAGE
  );
}
