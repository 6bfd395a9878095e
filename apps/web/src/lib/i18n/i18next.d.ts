// English is the source of truth for keys (STYLE.md): t('…') only accepts keys that exist in
// locales/user-accounts/en.json, so a typo or a missing key is a compile error.
import 'i18next';
import type en from '../../../../../locales/user-accounts/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'user-accounts';
    resources: {
      'user-accounts': typeof en;
      /** Keyed by ret_code (spec §8); owned by the error catalogue, not by this app. */
      'inverse-error-code': Record<string, string>;
      /**
       * Questionnaire content (locales/questionnaires, issue 5): labels of data templates, loaded only by the
       * questionnaire screens; keys come from the templates at run time.
       */
      questionnaires: Record<string, string>;
    };
  }
}
