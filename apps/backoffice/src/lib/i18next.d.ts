// English is the source of truth for keys: t('a.typo') is a compile error (docs/STYLE.md, Excalidraw).
import type english from '../../../../locales/backoffice/en.json';
import type questionnaires from '../../../../locales/questionnaires/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'backoffice';
  }
  interface ResourceNamespaceMap {
    backoffice: typeof english;
    /** Labels of the questionnaire templates (loaded on demand by the questionnaire review screens). */
    questionnaires: typeof questionnaires;
  }
}
