import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from './config.ts';

describe('README configuration table', () => {
  it('documents every setting the server reads', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    // A row of the table starts with the setting's name in backticks (Prettier pads the cells).
    const documented = new Set([...readme.matchAll(/^\|\s*`([A-Z0-9_]+)`\s*\|/gm)].map((m) => m[1]));
    const missing = Object.keys(SETTINGS).filter((name) => !documented.has(name));
    expect(missing).toEqual([]);
  });
});
