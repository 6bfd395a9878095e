// Test translations: the English source file loaded directly, no HTTP (and no Suspense).
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import english from '../../../../locales/backoffice/en.json';
import questionnaires from '../../../../locales/questionnaires/en.json';
import { baseOptions, NAMESPACE, QUESTIONNAIRES_NAMESPACE, syncDocumentLanguage } from '../lib/i18n.ts';

export { english };

export function createTestI18n(lng = 'en'): I18n {
  const instance = i18next.createInstance();
  syncDocumentLanguage(instance);
  void instance.use(initReactI18next).init({
    ...baseOptions,
    lng,
    resources: { en: { [NAMESPACE]: english, [QUESTIONNAIRES_NAMESPACE]: questionnaires } },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
