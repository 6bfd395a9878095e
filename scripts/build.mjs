// Builds each front end whose inputs changed since its last build (or all with --force). The inputs are
// hashed into dist/.build-stamp, so `npm start` rebuilds only what is missing or stale. `outRoot` builds
// into <outRoot>/<name> instead of apps/<name>/dist (the bench does, so that it never rewrites the files
// a running server is serving).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHARED_INPUTS = ['packages/contracts/src', 'package-lock.json'];
export const FRONT_ENDS = [
  {
    name: 'web',
    dir: 'apps/web',
    inputs: ['src', 'index.html', 'login.html', 'gallery.html', 'public', 'vite.config.ts', 'package.json'],
  },
  {
    name: 'backoffice',
    dir: 'apps/backoffice',
    inputs: ['src', 'index.html', 'public', 'vite.config.ts', 'package.json'],
  },
];

function listFiles(target) {
  if (!existsSync(target)) return [];
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules' && entry.name !== 'dist')
    .flatMap((entry) => listFiles(path.join(target, entry.name)))
    .sort();
}

/** NODE_ENV=production (or KYC_PRODUCTION_BUILD=1) builds without the development-only gallery page. */
function productionBuild() {
  return process.env.NODE_ENV === 'production' || process.env.KYC_PRODUCTION_BUILD === '1';
}

export function inputHash(frontEnd) {
  const hash = createHash('sha256');
  // A production build leaves the component gallery out: switching modes must rebuild.
  hash.update(productionBuild() ? 'production\n' : 'development\n');
  const files = [
    ...frontEnd.inputs.flatMap((input) => listFiles(path.join(root, frontEnd.dir, input))),
    ...SHARED_INPUTS.flatMap((input) => listFiles(path.join(root, input))),
  ];
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** Where a front end's build goes: apps/<name>/dist, or <outRoot>/<name>. */
export function distOf(frontEnd, outRoot) {
  return outRoot ? path.join(outRoot, frontEnd.name) : path.join(root, frontEnd.dir, 'dist');
}

export function buildFrontEnds({ force = false, log = console.log, outRoot = undefined } = {}) {
  for (const frontEnd of FRONT_ENDS) {
    const dist = distOf(frontEnd, outRoot);
    const stampFile = path.join(dist, '.build-stamp');
    const wanted = inputHash(frontEnd);
    const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
    if (!force && current === wanted && existsSync(path.join(dist, 'index.html'))) {
      log(`build: ${frontEnd.name} is up to date`);
      continue;
    }
    log(`build: building ${frontEnd.name}…`);
    const started = Date.now();
    const run = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--logLevel',
        'warn',
        ...(outRoot ? ['--outDir', dist, '--emptyOutDir'] : []),
      ],
      {
        cwd: path.join(root, frontEnd.dir),
        stdio: 'inherit',
        env: { ...process.env, ...(productionBuild() ? { KYC_PRODUCTION_BUILD: '1' } : {}) },
      },
    );
    if (run.status !== 0) throw new Error(`build of ${frontEnd.name} failed`);
    writeFileSync(stampFile, `${wanted}\n`);
    log(`build: ${frontEnd.name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    buildFrontEnds({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
