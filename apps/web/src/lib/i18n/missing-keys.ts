/**
 * Non-production builds report every translation key that resolves to nothing, so that a test (the
 * e2e axe matrix, docs/decisions.md D34) fails on a raw key instead of a person finding it on screen:
 * a console error and the key in <html data-missing-i18n>. Production builds leave it out (i18next's
 * default: the key is returned silently).
 */
import type { InitOptions, i18n as I18n } from 'i18next';

export const MISSING_KEYS_ATTRIBUTE = 'data-missing-i18n';

/** Records `ns:key` once on `root` and logs it. */
export function recordMissingKey(
  ns: string,
  key: string,
  root: HTMLElement = document.documentElement,
): void {
  const entry = `${ns}:${key}`;
  const seen = (root.getAttribute(MISSING_KEYS_ATTRIBUTE) ?? '').split(' ').filter(Boolean);
  if (seen.includes(entry)) return;
  root.setAttribute(MISSING_KEYS_ATTRIBUTE, [...seen, entry].join(' '));
  console.error(`[i18n] missing translation key ${entry}`);
}

/**
 * The i18next options that report missing keys, for `instance`. A lookup made while its namespace is
 * still loading is not a missing key (the screen suspends until it arrives), so it is not reported.
 */
export function missingKeyOptions(enabled: boolean, instance: I18n): InitOptions {
  if (!enabled) return {};
  return {
    saveMissing: true,
    missingKeyHandler: (_languages, ns, key) => {
      if (instance.hasLoadedNamespace(ns)) recordMissingKey(ns, key);
    },
  };
}
