import i18next, { type i18n as I18n } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { ALL_LANGUAGE_CODES, DEFAULT_LANGUAGE } from '@kyc/contracts';
import { DEFAULT_NAMESPACE, NAMESPACES } from './namespaces';

/** spec §7: translation files under the common-static release path, with ?v=1. */
export const TRANSLATION_LOAD_PATH = '/common-static/i18n-upload/{{ns}}/{{lng}}.json?v=1';

/** spec §9 "Translation loading: 5 retries, 350 ms base delay, 10 parallel". */
export const TRANSLATION_LOADING = { maxRetries: 5, retryTimeout: 350, maxParallelReads: 10 } as const;

/**
 * A translation instance for one page, starting in `language` (already detected by the caller, see
 * lib/language). Components suspend until its translations arrive, so nothing untranslated flashes.
 */
export function createI18n(language: string): { i18n: I18n; ready: Promise<unknown> } {
  const instance = i18next.createInstance();
  const ready = instance
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...ALL_LANGUAGE_CODES],
      // Files exist per full code (en-US.json, zh-CN.json): never ask for a bare "zh".
      load: 'currentOnly',
      ns: [...NAMESPACES],
      defaultNS: DEFAULT_NAMESPACE,
      backend: { loadPath: TRANSLATION_LOAD_PATH },
      ...TRANSLATION_LOADING,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  return { i18n: instance, ready };
}
