/**
 * The translation files the screens read (locales/), for tests that find controls by the text a person
 * sees in a language other than English, and the host that offers each language (Arabic on the
 * Emirates site, spec §4).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { baseUrl, emiratesUrl } from './browser.ts';

const LOCALES = path.resolve(import.meta.dirname, '../../locales');

/** One translation file, e.g. `user-accounts/ar-SA.json` or `backoffice/en.json`. */
export const localeFile = (file: string): object =>
  JSON.parse(readFileSync(path.join(LOCALES, file), 'utf8')) as object;

/** The text at a dotted key of a translation file's content. */
export const textAt = (texts: object, key: string): string =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts) as string;

/** A text of the back office (locales/backoffice) in a language; `en` is the back office's en-US. */
export const backofficeText = (lang: string, key: string): string =>
  textAt(localeFile(`backoffice/${lang === 'en' ? 'en-US' : lang}.json`), key);

/** The origin to open a language on: the Emirates host for ar-SA, the default host otherwise. */
export const originOf = (lang: string): string => (lang === 'ar-SA' ? emiratesUrl() : baseUrl());
