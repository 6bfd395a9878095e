import type { i18n as I18n } from 'i18next';
import type { HttpConfig } from '../http';
import { ERROR_NAMESPACE } from './namespaces';

/**
 * The HTTP client's texts (spec §8), from the page's translations: `translate` looks a ret_code up in
 * the inverse-error-code namespace (undefined when the catalogue has none, so that the client shows
 * 'code: ret_msg'); `text` gives the client's own messages of the "http" section.
 */
export function httpTexts(i18n: I18n): HttpConfig {
  return {
    translate: (code) => {
      const key = String(code);
      return i18n.exists(key, { ns: ERROR_NAMESPACE }) ? i18n.t(key, { ns: ERROR_NAMESPACE }) : undefined;
    },
    // {{message}} is the only placeholder of the http texts (typed per key by i18next).
    text: (key, values = {}) => i18n.t(key, { message: values.message ?? '' }),
  };
}
