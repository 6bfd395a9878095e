import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_LANGUAGE_CODES } from './index.ts';

/**
 * The demo's vendor simulator page (locales/vendor-simulator, flat, `{name}` placeholders, read by the
 * simulator package rather than i18next): every language has English's keys and placeholders and is a
 * real translation. One word may stay as in English (the loanword "Selfie" in German).
 */
const DIR = path.resolve(import.meta.dirname, '../../../locales/vendor-simulator');
const ENGLISH = new Set(['en', 'en-US', 'en-HK']);

const load = (lng: string) =>
  new Map(Object.entries(JSON.parse(readFileSync(path.join(DIR, `${lng}.json`), 'utf8')) as object)) as Map<
    string,
    string
  >;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('translations of vendor-simulator', () => {
  const english = load('en');

  it.each(ALL_LANGUAGE_CODES)('%s has English keys and placeholders, no empty text', (lng) => {
    expect(existsSync(path.join(DIR, `${lng}.json`)), `vendor-simulator/${lng}.json missing`).toBe(true);
    const translated = load(lng);
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      const other = translated.get(key) ?? '';
      expect(placeholders(other), key).toEqual(placeholders(text));
      expect(typeof other === 'string' && other.trim() !== '', key).toBe(true);
    }
  });

  it.each(ALL_LANGUAGE_CODES.filter((l) => !ENGLISH.has(l)))('%s is a real translation', (lng) => {
    const translated = load(lng);
    const copies = [...english].filter(([k, v]) => v.length > 3 && translated.get(k) === v).map(([k]) => k);
    expect(copies.length, `copied from English: ${copies.join(', ')}`).toBeLessThanOrEqual(1);
  });
});
