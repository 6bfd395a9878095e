import type { i18n as I18n } from 'i18next';
import { fallbackText, type HttpConfig } from '../http';
import { errorText } from './error-text';
import { NAMESPACES } from './namespaces';

/**
 * The HTTP client's texts (spec §8), from the page's translations: `translate` is a ret_code's text
 * (errorText: inverse-error-code, or the SDK wording in SDK mode; undefined when the catalogue has none,
 * so that the client shows 'code: ret_msg'); `text` gives the client's own messages of the "http" section.
 *
 * The profile request starts before the translations arrive (main.tsx), so an early 1007 / 1008 once
 * showed the raw key 'http.tokenTimeout': messages now wait for `ready` (the translations' first
 * load), and a text that is still missing afterwards (its file failed to load) is the English one,
 * never the key.
 */
export function httpTexts(
  i18n: I18n,
  ready: Promise<unknown> = Promise.resolve(),
): Omit<HttpConfig, 'onNotLoggedIn'> {
  const loaded = () =>
    i18n.isInitialized && NAMESPACES.every((ns) => i18n.hasLoadedNamespace(ns, { lng: i18n.language }));
  return {
    translate: (code) => errorText(i18n, code),
    // {{message}} is the only placeholder of the http texts (typed per key by i18next).
    text: (key, values = {}) => {
      const name: string = key; // exists() is a type guard that would widen `key` below
      if (!i18n.exists(name)) return fallbackText(key, values);
      return i18n.t(key, { message: values.message ?? '' });
    },
    whenTextsReady: (show) => {
      if (loaded()) show();
      else void ready.then(show, show);
    },
  };
}
