/**
 * Front-end weight: gzip bytes of the JS and CSS a first load of /user/accounts/en/auth/personal needs
 * (the entry's static import graph plus the personal screen's lazy chunk), and of each lazy screen chunk
 * on its own, read from the Vite manifest of the production build.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const BUDGETS = { firstLoadJsKb: 110, screenChunkKb: 20 };

export interface BundleReport {
  firstLoad: { jsKb: number; cssKb: number; files: string[] };
  screens: { name: string; kb: number }[];
  ok: boolean;
}

const gzipKb = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

export function measureBundle(dist: string): BundleReport {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile))
    throw new Error(`${manifestFile} is missing: build the web app first (npm run build)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;

  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };

  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error('no index.html entry in the manifest');
  const screenKeys = Object.keys(manifest).filter(
    (k) => manifest[k]?.isDynamicEntry && /screens?\//i.test(k),
  );
  const personalKey = screenKeys.find((k) => /[\\/]personal(-screen)?\.tsx$/.test(k));

  const firstLoadKeys = closure(entryKey);
  if (personalKey) closure(personalKey, firstLoadKeys);
  // Lazy wrappers between the entry and the screens (a route layout loaded on demand) count too; the
  // SDK start-up (features/sdk) is fetched only when the page opens from an SDK link, so it does not.
  for (const key of Object.keys(manifest)) {
    if (
      manifest[key]?.isDynamicEntry &&
      !screenKeys.includes(key) &&
      /gate|layout|shell/i.test(key) &&
      !/[\\/]sdk[\\/]/.test(key)
    )
      closure(key, firstLoadKeys);
  }
  const files = [...firstLoadKeys].flatMap((k) => manifest[k]?.file ?? []);
  const css = [...new Set([...firstLoadKeys].flatMap((k) => manifest[k]?.css ?? []))];
  const jsKb = files.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipKb(path.join(dist, f)), 0);
  const cssKb = css.reduce((sum, f) => sum + gzipKb(path.join(dist, f)), 0);

  const screens = screenKeys
    .map((key) => {
      const own = [manifest[key]?.file ?? '', ...(manifest[key]?.css ?? [])].filter(Boolean);
      return {
        name: path.basename(key).replace(/\.[tj]sx?$/, ''),
        kb: own.reduce((sum, f) => sum + gzipKb(path.join(dist, f)), 0),
      };
    })
    .sort((a, b) => b.kb - a.kb);

  const ok = jsKb <= BUDGETS.firstLoadJsKb && screens.every((s) => s.kb <= BUDGETS.screenChunkKb);
  return { firstLoad: { jsKb, cssKb, files: [...files, ...css] }, screens, ok };
}
