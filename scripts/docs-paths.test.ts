/**
 * The documentation names files by path (docs/spec-coverage.md maps every rule of the specification to
 * the module that implements it and the test that checks it). A path that no longer exists is a stale
 * sentence: this test fails on every backticked repository path in README.md and docs/*.md that is not
 * on disk, so a move or a split updates the documents in the same change.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const documents = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Top-level folders whose paths the documents cite; anything else in backticks is not a path. */
const ROOTS = [
  ...['apps/', 'packages/', 'scripts/', 'e2e/', 'bench/', 'content/', 'locales/', 'docs/'],
  ...['domain/', 'data/', 'routes/', 'http/', 'lib/', 'features/', 'ui/', 'app/', 'seed/', 'providers/'],
  ...['contracts/', 'test/', 'support/', 'tests/'],
];

/** Folders the tests and benchmarks write into (ignored by git): cited as where to look, not as sources. */
const OUTPUTS = ['e2e/artifacts', 'bench/results', '.data', '.vitest-results'];

/** Paths as written: relative to the repository, or to apps/server/src and apps/web/src where a document says so. */
function candidates(cited: string): string[] {
  const clean = cited.replace(/[:#].*$/, '').replace(/\/$/, '');
  const bases = [
    clean,
    `apps/server/src/${clean}`,
    `apps/server/${clean}`,
    `apps/web/src/${clean}`,
    `apps/backoffice/src/${clean}`,
    `packages/${clean.replace(/^contracts\//, 'contracts/src/')}`,
    `e2e/${clean}`,
  ];
  // A module may be cited without its extension.
  return bases.flatMap((base) => [base, `${base}.ts`, `${base}.tsx`]);
}

function citedPaths(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/`([^`\s]+)`/g)) {
    const value = match[1] ?? '';
    if (!ROOTS.some((r) => value.startsWith(r))) continue;
    if (/[*{}<>$…]/.test(value)) continue; // globs and placeholders
    if (OUTPUTS.some((o) => value.startsWith(o))) continue;
    found.add(value);
  }
  // Unquoted file names with a folder (tables cite modules as `lib/router/match.ts, route-table.ts`).
  for (const match of text.matchAll(/(?<![\w./-])((?:[\w-]+\/)+[\w.-]+\.(?:ts|tsx|mjs|css))(?![\w/])/g)) {
    const value = match[1] ?? '';
    if (ROOTS.some((r) => value.startsWith(r))) found.add(value);
  }
  return [...found];
}

describe('paths cited by the documentation', () => {
  it.each(documents)('when %s cites a repository path, then the path exists', (document) => {
    const text = readFileSync(path.join(root, document), 'utf8');
    const missing = citedPaths(text).filter(
      (cited) => !candidates(cited).some((c) => existsSync(path.join(root, c))),
    );
    expect(missing).toEqual([]);
  });
});
