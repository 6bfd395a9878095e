// Type-checks every workspace (tsc --noEmit per project), stopping at the first failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = [
  'packages/contracts',
  'packages/vendor-simulator',
  'apps/server',
  'apps/web',
  'apps/backoffice',
  'e2e',
  'bench',
  'scripts',
];
for (const project of projects) {
  if (!existsSync(`${project}/tsconfig.json`)) continue;
  const started = Date.now();
  const run = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', project], {
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    console.error(`typecheck: ${project} failed`);
    process.exit(run.status ?? 1);
  }
  console.log(`typecheck: ${project} ok (${Date.now() - started} ms)`);
}
