// Local ESLint rules for the import boundaries of docs/architecture.md (decision D18):
//   architecture/restricted-paths  a file under `target` may not import a file under `from`
//                                  (unless under one of `except`, relative to `from`)
//   architecture/no-cycle          no chain of static, value imports leads back to the importing file
// Both only follow relative imports: packages are reached by name and may never import apps, which
// the zones already forbid. Type-only imports and dynamic import() do not count towards cycles, since
// neither runs module code at load time.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.jsx'];

/** Resolves a relative specifier from `fromFile` to a file on disk, or undefined. */
export function resolveRelative(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base,
    ...EXTENSIONS.map((e) => base + e),
    ...EXTENSIONS.map((e) => path.join(base, `index${e}`)),
  ];
  // TypeScript sources may import './x.js' for './x.ts'.
  if (/\.(m?js|jsx)$/.test(base))
    candidates.push(base.replace(/\.(m?js|jsx)$/, '.ts'), base.replace(/\.(m?js|jsx)$/, '.tsx'));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

const within = (file, dir) => {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

const asList = (value) => (Array.isArray(value) ? value : [value]);

const restrictedPaths = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Forbids imports across architectural boundaries (zones of target and from folders).',
    },
    schema: [{ type: 'object', properties: { zones: { type: 'array' } }, additionalProperties: false }],
  },
  create(context) {
    const root = context.cwd;
    const zones = (context.options[0]?.zones ?? []).map((zone) => ({
      targets: asList(zone.target).map((t) => path.resolve(root, t)),
      froms: asList(zone.from).map((f) => path.resolve(root, f)),
      except: zone.except ?? [],
      message: zone.message ?? 'Import crosses an architectural boundary.',
    }));
    const filename = context.filename;
    const applicable = zones.filter((zone) => zone.targets.some((t) => within(filename, t)));
    if (applicable.length === 0) return {};

    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      const resolved = resolveRelative(filename, specifier);
      if (!resolved) return;
      for (const zone of applicable) {
        const from = zone.froms.find((f) => within(resolved, f));
        if (!from) continue;
        if (zone.except.some((e) => within(resolved, path.resolve(from, e)))) continue;
        context.report({ node, message: `${zone.message} (${specifier})` });
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

// Static value imports of a file, found without a full parse; cached for the lint run.
const importsCache = new Map();
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[\w*\s{},$]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

function staticImports(file) {
  let found = importsCache.get(file);
  if (found) return found;
  found = [];
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    /* unreadable: no edges */
  }
  for (const match of text.matchAll(STATIC_IMPORT)) {
    // `import { type A, type B } from '…'` is type-only too.
    const head = match[0]
      .replace(/^\s*(?:import|export)\s+/, '')
      .replace(/\s*from\s+['"][^'"]+['"]$/, '')
      .trim();
    if (/^\{[^}]*\}$/.test(head)) {
      const names = head
        .slice(1, -1)
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      if (names.length > 0 && names.every((n) => n.startsWith('type '))) continue;
    }
    const resolved = resolveRelative(file, match[1]);
    if (resolved) found.push({ specifier: match[1], file: resolved });
  }
  importsCache.set(file, found);
  return found;
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids import cycles between the modules of a workspace.' },
    schema: [],
  },
  create(context) {
    const filename = context.filename;
    return {
      Program() {
        for (const first of staticImports(filename)) {
          // Depth-first search from each direct import for a path back to this file.
          const seen = new Set();
          /** @type {Array<[string, string[]]>} */
          const stack = [[first.file, [first.file]]];
          for (let top = stack.pop(); top; top = stack.pop()) {
            const [file, trail] = top;
            if (file === filename) {
              const chain = trail.map((f) => path.relative(context.cwd, f)).join(' → ');
              context.report({
                loc: { line: 1, column: 0 },
                message: `Import cycle through '${first.specifier}': ${chain}`,
              });
              break;
            }
            if (seen.has(file)) continue;
            seen.add(file);
            for (const next of staticImports(file)) stack.push([next.file, [...trail, next.file]]);
          }
        }
      },
    };
  },
};

export default {
  meta: { name: 'architecture' },
  rules: { 'restricted-paths': restrictedPaths, 'no-cycle': noCycle },
};
