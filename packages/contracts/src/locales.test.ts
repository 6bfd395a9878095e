import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_LANGUAGE_CODES, ALL_RET_CODES, SCREENS } from './index.ts';

/**
 * Translation completeness (spec §9 languages; issue 2/3): every namespace exists in every supported
 * language with exactly English's keys and placeholders, and is a real translation, not an English copy.
 */
const LOCALES = path.resolve(import.meta.dirname, '../../../locales');
const NAMESPACES = ['user-accounts', 'inverse-error-code', 'backoffice', 'questionnaires', 'help', 'mail'];
const ENGLISH = new Set(['en', 'en-US', 'en-HK']);

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(name, value);
    else for (const [k, v] of flatten(value, name)) out.set(k, v);
  }
  return out;
}

function load(ns: string, lng: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(path.join(LOCALES, ns, `${lng}.json`), 'utf8')) as Tree);
}

/**
 * The keys a language must have: English's, and for every English plural (`x_one` / `x_other`) the
 * plural forms the language itself uses (Intl.PluralRules, as i18next resolves them: Russian needs
 * `_few` and `_many`, Arabic `_zero` to `_many`), each with the placeholders of English's `_other`.
 */
function expectedKeys(english: Map<string, string>, lng: string): Map<string, string> {
  const expected = new Map(english);
  const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
  for (const [key, text] of english) {
    if (!key.endsWith('_other')) continue;
    const base = key.slice(0, -'_other'.length);
    for (const category of categories) expected.set(`${base}_${category}`, text);
  }
  return expected;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each(NAMESPACES)('translations of %s', (ns) => {
  const english = load(ns, 'en');

  it.each(ALL_LANGUAGE_CODES)('%s has every English key, no other key, and the same placeholders', (lng) => {
    expect(existsSync(path.join(LOCALES, ns, `${lng}.json`)), `${ns}/${lng}.json missing`).toBe(true);
    const translated = load(ns, lng);
    const expected = expectedKeys(english, lng);
    expect(
      [...expected.keys()].filter((k) => !translated.has(k)),
      'missing keys',
    ).toEqual([]);
    expect(
      [...translated.keys()].filter((k) => !expected.has(k)),
      'extra keys',
    ).toEqual([]);
    const wrong = [...expected].filter(
      ([k, v]) => JSON.stringify(placeholders(v)) !== JSON.stringify(placeholders(translated.get(k) ?? '')),
    );
    expect(
      wrong.map(([k]) => k),
      'placeholders differ',
    ).toEqual([]);
    expect(
      [...translated].filter(([, v]) => v.trim() === '').map(([k]) => k),
      'empty values',
    ).toEqual([]);
  });

  it.each(ALL_LANGUAGE_CODES.filter((l) => !ENGLISH.has(l)))(
    '%s is a real translation, not an English copy',
    (lng) => {
      const translated = load(ns, lng);
      // Short tokens that are the same in many languages (codes, brand names) may match English.
      const copies = [...english]
        .filter(([k, v]) => v.length > 3 && /[a-z]{3}/i.test(v) && translated.get(k) === v)
        .map(([k]) => k);
      expect(copies.length, `copied from English: ${copies.join(', ')}`).toBeLessThanOrEqual(
        Math.floor(english.size * 0.05),
      );
    },
  );
});

describe('catalogue coverage', () => {
  it('every non-zero ret_code of the catalogue has an English message in inverse-error-code', () => {
    const english = load('inverse-error-code', 'en');
    expect(ALL_RET_CODES.filter((code) => code !== 0 && !english.has(String(code)))).toEqual([]);
  });

  it('every screen of the spec §2 route table has a title in user-accounts', () => {
    const english = load('user-accounts', 'en');
    expect(SCREENS.filter((s) => !english.has(s.titleKey)).map((s) => s.titleKey)).toEqual([]);
  });
});
