/**
 * Languages are data (spec §1, §4, §9). `rtl` is true only for ar-SA (spec §1: "Layout is right-to-left
 * only for ar-SA"). Which languages a page offers depends on the host region (see `languagesForRegion`).
 */
export interface Language {
  code: string;
  /** The language's own name, shown in the switcher. */
  label: string;
  rtl: boolean;
}

/** spec §9: the default list, default and fallback en. */
export const DEFAULT_LANGUAGES = [
  { code: 'en', label: 'English', rtl: false },
  { code: 'en-US', label: 'English (US)', rtl: false },
  { code: 'zh-CN', label: '简体中文', rtl: false },
  { code: 'zh-TW', label: '繁體中文', rtl: false },
  { code: 'ja-JP', label: '日本語', rtl: false },
  { code: 'ko-KR', label: '한국어', rtl: false },
  { code: 'ru-RU', label: 'Русский', rtl: false },
  { code: 'id-ID', label: 'Bahasa Indonesia', rtl: false },
  { code: 'es-ES', label: 'Español', rtl: false },
  { code: 'tr-TR', label: 'Türkçe', rtl: false },
  { code: 'th-TH', label: 'ไทย', rtl: false },
  { code: 'vi-VN', label: 'Tiếng Việt', rtl: false },
  { code: 'de-DE', label: 'Deutsch', rtl: false },
] as const satisfies readonly Language[];

/** spec §4, §9: Hong Kong hosts (.hk) offer only these, default zh-HK. */
export const HONG_KONG_LANGUAGES = [
  { code: 'en-HK', label: 'English (Hong Kong)', rtl: false },
  { code: 'zh-HK', label: '繁體中文（香港）', rtl: false },
] as const satisfies readonly Language[];

/** Emirates hosts (.ae) also offer Arabic, the only right-to-left language (spec §1). */
export const EMIRATES_EXTRA_LANGUAGES = [
  { code: 'ar-SA', label: 'العربية', rtl: true },
] as const satisfies readonly Language[];

export const ALL_LANGUAGES: readonly Language[] = [
  ...DEFAULT_LANGUAGES,
  ...HONG_KONG_LANGUAGES,
  ...EMIRATES_EXTRA_LANGUAGES,
];
export type LanguageCode = (typeof ALL_LANGUAGES)[number]['code'];
export const ALL_LANGUAGE_CODES: readonly string[] = ALL_LANGUAGES.map((l) => l.code);

export const DEFAULT_LANGUAGE = 'en';

export type HostRegion = 'default' | 'hk' | 'ae';

/** spec §4 "Region from host": hosts ending .hk give Hong Kong, .ae Emirates, others default. */
export function regionFromHost(hostname: string): HostRegion {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.endsWith('.hk')) return 'hk';
  if (host.endsWith('.ae')) return 'ae';
  return 'default';
}

export interface RegionLanguages {
  languages: readonly Language[];
  defaultLanguage: string;
}

export function languagesForRegion(region: HostRegion): RegionLanguages {
  switch (region) {
    case 'hk':
      return { languages: HONG_KONG_LANGUAGES, defaultLanguage: 'zh-HK' };
    case 'ae':
      return {
        languages: [...DEFAULT_LANGUAGES, ...EMIRATES_EXTRA_LANGUAGES],
        defaultLanguage: DEFAULT_LANGUAGE,
      };
    default:
      return { languages: DEFAULT_LANGUAGES, defaultLanguage: DEFAULT_LANGUAGE };
  }
}

export function isRtl(code: string): boolean {
  return ALL_LANGUAGES.some((l) => l.code === code && l.rtl);
}

/** Case-insensitive match of a code against a list ("zh-cn" → "zh-CN"); undefined when unsupported. */
export function matchLanguage(
  candidate: string | null | undefined,
  languages: readonly Language[],
): string | undefined {
  if (!candidate) return undefined;
  const wanted = candidate.trim().toLowerCase();
  return languages.find((l) => l.code.toLowerCase() === wanted)?.code;
}

/**
 * The locale every Intl number and date formatter of a page uses for `code` (docs/decisions.md D34):
 * one digit system per page. Translations, interpolated counts ({{count}}) and what people type in
 * forms use Western digits 0-9, which is also the common choice on Gulf sites, so Intl must too: ar-SA
 * would otherwise write '١٬٢٣٤' next to '3 of 5'. Gregorian calendar in every language, since dates
 * such as deadlines are compared with the ones the server and back office state.
 */
export function formattingLocale(code: string): string {
  return `${code}-u-ca-gregory-nu-latn`;
}
