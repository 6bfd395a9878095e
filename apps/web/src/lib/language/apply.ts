import { isRtl } from '@kyc/contracts';
import { safeLocalStorage, type KeyValueStorage } from '../browser/storage';
import { setCurrentLanguage } from './current';
import { LANGUAGE_MIRROR_STORAGE_KEY, LANGUAGE_STORAGE_KEY } from './detect';

/** spec §4: on these hosts the page belongs to another product, which owns <html lang>. */
const HOSTS_KEEPING_HTML_LANG = ['announcements', 'learn', 'blog'];

export type TextDirection = 'ltr' | 'rtl';

/** spec §1: right-to-left only for ar-SA. */
export function directionOf(code: string): TextDirection {
  return isRtl(code) ? 'rtl' : 'ltr';
}

export interface LanguageEnvironment {
  hostname: string;
  root: HTMLElement;
  storage: KeyValueStorage;
}

function browserEnvironment(): LanguageEnvironment {
  return { hostname: window.location.hostname, root: document.documentElement, storage: safeLocalStorage };
}

/**
 * Makes `code` the page language: remembered in localStorage (i18nextLng and language), sent as
 * Accept-Language, and set as <html lang dir> except on hosts that keep their own (spec §4).
 */
export function applyLanguage(code: string, env: LanguageEnvironment = browserEnvironment()): void {
  setCurrentLanguage(code);
  env.storage.set(LANGUAGE_STORAGE_KEY, code);
  env.storage.set(LANGUAGE_MIRROR_STORAGE_KEY, code);
  const host = env.hostname.toLowerCase();
  if (HOSTS_KEEPING_HTML_LANG.some((word) => host.includes(word))) return;
  env.root.lang = code;
  env.root.dir = directionOf(code);
}
