/** Keys of the "http" section of locales/user-accounts (English is the source of truth). */
export type HttpTextKey = 'http.tokenTimeout' | 'http.tokenError' | 'http.errorTitle';

/**
 * English copies of the "http" texts, used until the app wires its translator (and by unit tests). They
 * equal locales/user-accounts/en.json, which a unit test checks.
 */
export const HTTP_TEXT_FALLBACK: Readonly<Record<HttpTextKey, string>> = {
  'http.tokenTimeout': 'Timeout, {{message}}.',
  'http.tokenError': 'token error',
  'http.errorTitle': 'Something went wrong',
};

/** Placeholders of the "http" texts ({{message}} in http.tokenTimeout). */
export interface HttpTextValues {
  message?: string;
}

export interface HttpConfig {
  /** The inverse-error-code translation of a ret_code, or undefined when the catalogue has none. */
  translate: (code: number) => string | undefined;
  /** A user-accounts text of the "http" section, with {{placeholders}} filled from `values`. */
  text: (key: HttpTextKey, values?: HttpTextValues) => string;
  /**
   * Runs `show` once the texts above can be read. The first call (the profile) starts before the
   * translations have arrived: a 1008 answered first must not show a raw key ('http.tokenTimeout'),
   * so the message waits for them. At once by default.
   */
  whenTextsReady: (show: () => void) => void;
  /**
   * A call answered 10007: the session is gone (expired, or ended elsewhere). The portal sends the
   * person to /login with the way back (issue 11); what they were typing stays in the tab's drafts
   * (sessionStorage / localStorage). Nothing by default (the sign-in page, SDK mode, tests).
   */
  onNotLoggedIn: () => void;
}

export function fallbackText(key: HttpTextKey, values: HttpTextValues = {}): string {
  const named: Readonly<Record<string, string | undefined>> = { ...values };
  return HTTP_TEXT_FALLBACK[key].replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => named[name] ?? '');
}

const DEFAULTS: HttpConfig = {
  translate: () => undefined,
  text: fallbackText,
  whenTextsReady: (show) => show(),
  onNotLoggedIn: () => undefined,
};

let config: HttpConfig = DEFAULTS;

/**
 * Start-up wiring of the HTTP layer to the translations, which lib/http does not import (i18next is
 * not its concern and the translator arrives after the first calls start). Returns a function
 * restoring the previous configuration (tests).
 */
export function configureHttp(next: Partial<HttpConfig>): () => void {
  const previous = config;
  config = { ...config, ...next };
  return () => {
    config = previous;
  };
}

export function httpConfig(): HttpConfig {
  return config;
}
