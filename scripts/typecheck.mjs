// Type-checks every workspace (tsc --noEmit), two programs at a time (the CI machines have two cores),
// and fails when any of them fails. The Node side is one program (tsconfig.node.json) so that the server
// is checked once, not again inside bench; the browser apps, e2e and scripts keep their own options.
//
// The checker is TypeScript 7, the native compiler (devDependency `typescript-native`, an alias of
// typescript@7): the same programs, the same errors, in a quarter of the CPU time (measured on the 2-core
// machine: 73 CPU s with TypeScript 6, ~30 with 7; D127). `typescript` itself stays at 6.0 for what needs
// its JavaScript API: typescript-eslint's parser and editors.
import { spawn } from 'node:child_process';

const TSC = 'node_modules/typescript-native/bin/tsc';

/** Longest first, so that the two slots finish close together. @type {[string, string][]} */
const programs = [
  ['node (contracts, vendor simulator, server, bench)', 'tsconfig.node.json'],
  ['apps/web', 'apps/web'],
  ['apps/backoffice', 'apps/backoffice'],
  ['e2e', 'e2e'],
  ['scripts', 'scripts'],
];
const PARALLEL = 2;

function check([name, project]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSC, '--noEmit', '-p', project]);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => {
      // Each program's errors are printed together, never interleaved with the other slot's.
      if (output) process.stdout.write(output);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`typecheck: ${name} ${status === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
      resolve(status === 0);
    });
  });
}

const queue = [...programs];
const results = await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    let ok = true;
    for (let next = queue.shift(); next; next = queue.shift()) ok = (await check(next)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
