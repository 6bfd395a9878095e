import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import plugin from './eslint-plugin-architecture.js';

// Plain JavaScript: its inferred types are looser than ESLint's (meta.type is a string there).
const architecture = plugin as unknown as ESLint.Plugin;

/** The import-boundary rules of docs/architecture.md catch what they promise (decision D18). */
const root = mkdtempSync(path.join(tmpdir(), 'arch-rules-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
}

function lint(file: string, rules: Linter.RulesRecord) {
  const linter = new Linter({ cwd: root });
  const text = readFileSync(path.join(root, file), 'utf8');
  return linter
    .verify(
      text,
      [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser as Linter.Parser },
          plugins: { architecture },
          rules,
        },
      ],
      path.join(root, file),
    )
    .map((m) => m.message);
}
const zones = {
  'architecture/restricted-paths': [
    'error',
    {
      zones: [
        {
          target: './src/features/a',
          from: './src/features',
          except: ['./a'],
          message: 'Features never import each other.',
        },
        { target: './src/lib', from: './src/features', message: 'lib may not import features.' },
      ],
    },
  ],
} satisfies Linter.RulesRecord;

describe('architecture/restricted-paths', () => {
  write({
    'src/features/a/screen.ts':
      "import { b } from '../b/thing.ts';\nimport { own } from './own.ts';\nexport const a = b + own;\n",
    'src/features/a/own.ts': 'export const own = 1;\n',
    'src/features/b/thing.ts': 'export const b = 1;\n',
    'src/lib/util.ts': "export { b } from '../features/b/thing';\n",
  });

  it('reports a feature importing another feature, but not its own files', () => {
    expect(lint('src/features/a/screen.ts', zones)).toEqual([
      'Features never import each other. (../b/thing.ts)',
    ]);
  });

  it('reports re-exports and extensionless specifiers too', () => {
    expect(lint('src/lib/util.ts', zones)).toEqual(['lib may not import features. (../features/b/thing)']);
  });

  it('leaves files outside every target alone', () => {
    expect(lint('src/features/b/thing.ts', zones)).toEqual([]);
  });
});

describe('architecture/no-cycle', () => {
  write({
    'cycle/x.ts': "import { y } from './y.ts';\nexport const x = () => y;\n",
    'cycle/y.ts': "import { z } from './z.ts';\nexport const y = 1;\nexport { z };\n",
    'cycle/z.ts': "import { x } from './x.ts';\nexport const z = x;\n",
    'types/p.ts': "import type { Q } from './q.ts';\nexport type P = Q;\nexport const p = 1;\n",
    'types/q.ts': "import { p } from './p.ts';\nexport type Q = typeof p;\n",
    'types/r.ts': "import { type P } from './p.ts';\nexport type R = P;\n",
  });
  const rules = { 'architecture/no-cycle': 'error' } satisfies Linter.RulesRecord;

  it('reports a cycle over three modules with the whole chain', () => {
    expect(lint('cycle/x.ts', rules)).toEqual([
      "Import cycle through './y.ts': cycle/y.ts → cycle/z.ts → cycle/x.ts",
    ]);
  });

  it('does not count type-only imports', () => {
    expect(lint('types/q.ts', rules)).toEqual([]);
    expect(lint('types/p.ts', rules)).toEqual([]);
    expect(lint('types/r.ts', rules)).toEqual([]);
  });
});
