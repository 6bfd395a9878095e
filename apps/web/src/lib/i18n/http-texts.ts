import type { i18n as I18n } from 'i18next';
import type { HttpConfig } from '../http';
import { errorText } from './error-text';

/**
 * The HTTP client's texts (spec §8), from the page's translations: `translate` is a ret_code's text
 * (errorText: inverse-error-code, or the SDK wording in SDK mode; undefined when the catalogue has none,
 * so that the client shows 'code: ret_msg'); `text` gives the client's own messages of the "http" section.
 */
export function httpTexts(i18n: I18n): HttpConfig {
  return {
    translate: (code) => errorText(i18n, code),
    // {{message}} is the only placeholder of the http texts (typed per key by i18next).
    text: (key, values = {}) => i18n.t(key, { message: values.message ?? '' }),
  };
}
