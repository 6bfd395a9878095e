/**
 * `npm run bench`: front-end weight against its budgets, then API load. Prints each figure against its
 * budget and exits non-zero when one is missed. Benchmarks live here, never in timed test assertions.
 *   --only bundle | api     --seconds N (API load duration per target, default 10)
 */
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { BUDGETS, measureBundle } from './bundle.ts';
import { API_BUDGETS, measureApi } from './api.ts';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const seconds = args.includes('--seconds') ? Number(args[args.indexOf('--seconds') + 1]) : 10;
const mark = (ok: boolean) => (ok ? 'ok  ' : 'OVER');
let allOk = true;

if (!only || only === 'bundle') {
  // What production serves: the build without the development-only gallery (rebuilt only when stale).
  const build = spawnSync(process.execPath, [path.resolve(import.meta.dirname, '../scripts/build.mjs')], {
    stdio: 'inherit',
    env: { ...process.env, KYC_PRODUCTION_BUILD: '1' },
  });
  if (build.status !== 0) throw new Error('the production build failed');
  const report = measureBundle(path.resolve(import.meta.dirname, '../apps/web/dist'));
  console.log('\nFront end (gzip, level 9)');
  console.log(
    `  ${mark(report.firstLoad.jsKb <= BUDGETS.firstLoadJsKb)} first load of /user/accounts/en/auth/personal: JS ${report.firstLoad.jsKb.toFixed(1)} KB (budget ${BUDGETS.firstLoadJsKb} KB), CSS ${report.firstLoad.cssKb.toFixed(1)} KB`,
  );
  console.log(`       files: ${report.firstLoad.files.join(', ')}`);
  for (const screen of report.screens) {
    console.log(
      `  ${mark(screen.kb <= BUDGETS.screenChunkKb)} screen ${screen.name.padEnd(24)} ${screen.kb.toFixed(2)} KB (budget ${BUDGETS.screenChunkKb} KB)`,
    );
  }
  allOk &&= report.ok;
}

if (!only || only === 'api') {
  console.log(`\nAPI (autocannon, 20 connections, ${seconds} s each, this machine)`);
  const { profile, hello, ok } = await measureApi(seconds);
  console.log(
    `  ${mark(ok)} GET /v2/private/user/profile (signed in): ${profile.rps.toFixed(0)} req/s (budget ≥ ${API_BUDGETS.profileMinRps}), p99 ${profile.p99} ms (budget ≤ ${API_BUDGETS.profileMaxP99Ms} ms), errors ${profile.errors}, non-2xx ${profile.non2xx}`,
  );
  console.log(
    `       bare Fastify hello-world:              ${hello.rps.toFixed(0)} req/s, p99 ${hello.p99} ms`,
  );
  console.log(`       ratio profile / hello-world:            ${(profile.rps / hello.rps).toFixed(2)}`);
  allOk &&= ok;
}

console.log(allOk ? '\nbench: every figure within budget' : '\nbench: a figure is over its budget');
process.exit(allOk ? 0 : 1);
