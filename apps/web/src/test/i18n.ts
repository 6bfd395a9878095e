import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
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
