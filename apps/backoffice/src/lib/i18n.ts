/**
 * Translations of the back office: i18next with its HTTP backend, the namespace 'backoffice' served
 * by the server from locales/backoffice/{lng}.json (and 'questionnaires', the templates' labels, loaded
 * on demand by the questionnaire review screens). Languages are data (contracts ALL_LANGUAGES);
 * setting a language sets <html lang dir>, right-to-left only for ar-SA.
 */
import i18next, { type i18n as I18n, type InitOptions } from 'i18next';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { ALL_LANGUAGES, DEFAULT_LANGUAGE, isRtl, matchLanguage, type Language } from '@kyc/contracts';

export const NAMESPACE = 'backoffice';
/** Labels of the questionnaire templates, loaded only by the screens that show answers (useTranslation). */
export const QUESTIONNAIRES_NAMESPACE = 'questionnaires';
/** The key i18next's own language detector uses, shared with the end-user app. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
export const LOAD_PATH = '/common-static/i18n-upload/{{ns}}/{{lng}}.json?v=1';
export const LANGUAGES: readonly Language[] = ALL_LANGUAGES;

/** Options shared by the app and the tests (which pass the English resources instead of a backend). */
export const baseOptions = {
  ns: [NAMESPACE],
  defaultNS: NAMESPACE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES.map((l) => l.code),
  // Only the exact file and the English fallback: there is no zh.json beside zh-CN.json to ask for.
  load: 'currentOnly',
  interpolation: { escapeValue: false },
} satisfies InitOptions;

/**
 * The first supported language among: the stored choice, then the browser's languages. A browser
 * language matches exactly (case-insensitive) or by its primary subtag ("de" or "de-AT" → de-DE).
 */
export function detectLanguage(
  stored: string | null | undefined,
  browserLanguages: readonly string[],
  languages: readonly Language[] = LANGUAGES,
): string {
  const fromStorage = matchLanguage(stored, languages);
  if (fromStorage) return fromStorage;
  for (const candidate of browserLanguages) {
    const exact = matchLanguage(candidate, languages);
    if (exact) return exact;
  }
  for (const candidate of browserLanguages) {
    const primary = candidate.split('-')[0]?.toLowerCase();
    if (!primary) continue;
    const byPrimary =
      matchLanguage(primary, languages) ??
      languages.find((l) => l.code.split('-')[0]?.toLowerCase() === primary)?.code;
    if (byPrimary) return byPrimary;
  }
  return DEFAULT_LANGUAGE;
}

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage disabled: detection falls back to the browser
  }
}

export function browserLanguages(): string[] {
  const list = navigator.languages?.length ? [...navigator.languages] : [];
  return navigator.language ? [navigator.language, ...list] : list;
}

/** spec §1: layout is right-to-left only for ar-SA. */
export function applyDocumentLanguage(code: string, root: HTMLElement = document.documentElement): void {
  root.lang = code;
  root.dir = isRtl(code) ? 'rtl' : 'ltr';
}

/** Switches language, remembers the choice and updates <html lang dir>. */
export async function selectLanguage(i18n: I18n, code: string): Promise<void> {
  const supported = matchLanguage(code, LANGUAGES) ?? DEFAULT_LANGUAGE;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, supported);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
  await i18n.changeLanguage(supported);
}

/** Keeps <html lang dir> in step with i18next from now on, starting with the current language. */
export function syncDocumentLanguage(i18n: I18n): void {
  i18n.on('languageChanged', (lng) => applyDocumentLanguage(lng));
  if (i18n.language) applyDocumentLanguage(i18n.language);
}

/** The app's instance: translations over HTTP, language from storage or the browser. */
export async function createI18n(): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(HttpBackend).use(initReactI18next);
  const lng = detectLanguage(readStoredLanguage(), browserLanguages());
  syncDocumentLanguage(instance);
  applyDocumentLanguage(lng);
  await instance.init<HttpBackendOptions>({
    ...baseOptions,
    lng,
    backend: { loadPath: LOAD_PATH },
    // spec: the HTTP backend's retry defaults (5 tries, 350 ms apart, 10 reads in parallel).
    maxRetries: 5,
    retryTimeout: 350,
    maxParallelReads: 10,
  });
  return instance;
}
