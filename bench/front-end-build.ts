/**
 * The front-end build the bench measures and serves: a production build (no component gallery) made
 * once per run into bench/results/front-end/{web,backoffice}, never into apps/*\/dist, so a bench run
 * cannot rewrite the files of a server that is running meanwhile (`npm start` serves apps/*\/dist).
 * Rebuilt only when the front ends' inputs changed (scripts/build.mjs stamps).
 */
import path from 'node:path';
import { spawnSync } from 'node:child_process';

export const BENCH_FRONT_END = path.resolve(import.meta.dirname, 'results/front-end');

export const benchPaths = {
  webDist: path.join(BENCH_FRONT_END, 'web'),
  backofficeDist: path.join(BENCH_FRONT_END, 'backoffice'),
};

/** Builds (when stale) in a child process, as production would: KYC_PRODUCTION_BUILD=1. */
export function buildBenchFrontEnd(): typeof benchPaths {
  const script = `import(${JSON.stringify(path.resolve(import.meta.dirname, '../scripts/build.mjs'))}).then((m) => m.buildFrontEnds({ outRoot: ${JSON.stringify(BENCH_FRONT_END)} }))`;
  const build = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    stdio: 'inherit',
    env: { ...process.env, KYC_PRODUCTION_BUILD: '1' },
  });
  if (build.status !== 0) throw new Error('the production build of the front ends failed');
  return benchPaths;
}
