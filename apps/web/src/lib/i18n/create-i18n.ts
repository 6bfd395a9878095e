import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ALL_LANGUAGE_CODES, DEFAULT_LANGUAGE } from '@kyc/contracts';
import { runtimeConfig } from '../config/runtime-config';
import { fetchBackend } from './fetch-backend';
import { missingKeyOptions } from './missing-keys';
import { DEFAULT_NAMESPACE, NAMESPACES } from './namespaces';

/** spec §7: the release path of the translation files, served by our server from locales/. */
export const TRANSLATION_RELEASE_PATH = '/common-static/i18n-upload';

/** spec §7: "file prefixed testnet- on testnet, test- on test environment". */
export function translationFilePrefix(environment: string | undefined): string {
  if (environment === 'testnet') return 'testnet-';
  if (environment === 'test') return 'test-';
  return '';
}

/** spec §7: {lng}.json per namespace under the release path, prefixed by environment, with ?v=1. */
export function translationLoadPath(environment: string | undefined): string {
  return `${TRANSLATION_RELEASE_PATH}/{{ns}}/${translationFilePrefix(environment)}{{lng}}.json?v=1`;
}

/**
 * spec §7, §9 "Translation loading: 5 retries, 350 ms base delay, 10 parallel". i18next's backend
 * connector applies these itself: a read the backend reports as retryable (status 5xx, no status, or a
 * network failure) is retried up to maxRetries times, waiting retryTimeout and doubling the wait each
 * time (350, 700, 1400, 2800, 5600 ms), and at most maxParallelReads reads run at once (the rest
 * queue). A 4xx is final: retrying cannot make a missing file appear. create-i18n.test.ts checks all
 * of it against the real i18next with our fetch backend (fetch-backend.ts).
 */
export const TRANSLATION_LOADING = { maxRetries: 5, retryTimeout: 350, maxParallelReads: 10 } as const;

export interface I18nOptions {
  /** Environment name of the runtime configuration ('production', 'testnet', 'test'). */
  environment?: string;
}

/**
 * A translation instance for one page, starting in `language` (already detected by the caller, see
 * lib/language). Components suspend until its translations arrive, so nothing untranslated flashes.
 */
export function createI18n(
  language: string,
  { environment = runtimeConfig().environment }: I18nOptions = {},
): { i18n: I18n; ready: Promise<unknown> } {
  const instance = i18next.createInstance();
  const ready = instance
    .use(fetchBackend(translationLoadPath(environment)))
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...ALL_LANGUAGE_CODES],
      // Files exist per full code (en-US.json, zh-CN.json): never ask for a bare "zh".
      load: 'currentOnly',
      ns: [...NAMESPACES],
      defaultNS: DEFAULT_NAMESPACE,
      ...TRANSLATION_LOADING,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      // Set by apps/web/vite.config.ts: true in every build but the production one; a constant, so
      // a production build drops the reporter altogether.
      ...(import.meta.env.KYC_REPORT_MISSING_KEYS === true ? missingKeyOptions(true, instance) : {}),
    });
  return { i18n: instance, ready };
}
