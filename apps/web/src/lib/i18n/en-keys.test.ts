import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SCREENS } from '@kyc/contracts';
import en from '../../../../../locales/user-accounts/en.json';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function flatten(node: unknown, prefix = ''): Array<[string, unknown]> {
  if (typeof node !== 'object' || node === null) return [[prefix, node]];
  return Object.entries(node).flatMap(([key, value]) => flatten(value, prefix ? `${prefix}.${key}` : key));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

// Keys used through t() are checked at compile time against en.json (lib/i18n/i18next.d.ts); this
// checks the other direction, so the file handed to translators holds no dead text.
describe('locales/user-accounts/en.json', () => {
  const entries = flatten(en);

  it('holds only non-empty strings', () => {
    for (const [key, value] of entries) {
      expect(typeof value, key).toBe('string');
      expect(String(value).trim(), key).not.toBe('');
    }
  });

  it('has a title for every screen of the route table', () => {
    const keys = new Set(entries.map(([key]) => key));
    for (const screen of SCREENS) expect(keys.has(screen.titleKey), screen.titleKey).toBe(true);
  });

  it('has no key that the app never uses', () => {
    const source = sourceFiles(SRC)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    // A key appears as a string literal: in code ('key') or as a JSX attribute (titleKey="key").
    const unused = entries
      .map(([key]) => key)
      .filter((key) => !source.includes(`'${key}'`) && !source.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });
});
