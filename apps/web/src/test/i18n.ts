import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import arSA from '../../../../locales/user-accounts/ar-SA.json';
import en from '../../../../locales/user-accounts/en.json';
import { DEFAULT_NAMESPACE, ERROR_NAMESPACE, NAMESPACES } from '../lib/i18n/namespaces';

/**
 * A synchronous translation instance with the real English texts, for component tests. `errorCodes`
 * stands in for the inverse-error-code namespace.
 */
export function createTestI18n(errorCodes: Record<string, string> = {}): I18n {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: [...NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    resources: { en: { [DEFAULT_NAMESPACE]: en, [ERROR_NAMESPACE]: errorCodes } },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

/**
 * The same with the real ar-SA texts (right to left), for the tests that check a screen has no English
 * and no raw key left in Arabic.
 */
export function createArabicTestI18n(errorCodes: Record<string, string> = {}): I18n {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'ar-SA',
    ns: [...NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    resources: { 'ar-SA': { [DEFAULT_NAMESPACE]: arSA, [ERROR_NAMESPACE]: errorCodes } },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}
