import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_LANGUAGE_CODES } from './index.ts';

/**
 * Wording consistency (issue 10, docs/decisions.md D34): one term for one thing in each language. The
 * completeness test (locales.test.ts) checks keys and placeholders; this one checks that the same
 * thing is not called two names on different screens.
 */
const LOCALES = path.resolve(import.meta.dirname, '../../../locales');
const NAMESPACES = ['user-accounts', 'inverse-error-code', 'backoffice', 'questionnaires'];
const ENGLISH = ['en', 'en-US', 'en-HK'];

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

const load = (ns: string, lng: string) =>
  flatten(JSON.parse(readFileSync(path.join(LOCALES, ns, `${lng}.json`), 'utf8')) as Tree);

/** Keys that name the same thing, so must read the same in every language. */
const SAME_TEXT = [
  ['the driving-licence document type', ['updateId.documentType.DRIVERS', 'capture.documentType.DRIVERS']],
  // D125: asked on the document step, asked again in the correction step.
  ['the nationality', ['capture.document.nationality', 'correction.field.nationality']],
  ['the document number', ['capture.document.number', 'correction.field.documentNumber']],
  [
    'the "try again" button',
    [
      'profile.retry',
      'gallery.errorState.retry',
      'capture.retry',
      'questionnaire.retry',
      'kyc.loadError.retry',
      'vendorSdk.retry',
    ],
  ],
] as const;

describe.each(ALL_LANGUAGE_CODES)('wording of %s', (lng) => {
  const texts = load('user-accounts', lng);

  it.each(SAME_TEXT)('%s reads the same on every screen', (_name, keys) => {
    const present = keys.filter((key) => texts.has(key));
    expect(present.length, `${keys.join(', ')} not found`).toBeGreaterThan(1);
    expect(new Set(present.map((key) => texts.get(key)))).toHaveLength(1);
  });
});

describe.each(ENGLISH)('English wording (%s)', (lng) => {
  const all = NAMESPACES.flatMap((ns) =>
    [...load(ns, lng)].map(([key, text]) => ({ key: `${ns}:${key}`, text })),
  );

  it.each([
    ['"driving licence", never "driver\'s license"', /driver'?s licen[cs]e|driving license/i],
    ['British spelling "centre"', /\bcenter\b/i],
  ])('uses %s', (_rule, wrong) => {
    expect(all.filter(({ text }) => wrong.test(text)).map(({ key }) => key)).toEqual([]);
  });
});
