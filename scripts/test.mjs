// `npm test`: lint (ESLint + Prettier), typecheck, build and unit side by side, then integration (SQLite +
// PostgreSQL), then end-to-end in Debian's Chromium. Stops after the first step with a failing stage and
// ends with one summary line.
//   --only <stage>   run one stage (lint, typecheck, unit, integration, build, e2e)
//   --skip <stage>   leave a stage out (repeatable)
//   --part           (used by npm test itself) run one stage as part of a step: no summary line
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildFrontEnds } from './build.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { describeMachineCpu, machineCpu } from './machine-cpu.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, '.vitest-results');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const skipped = args.flatMap((arg, i) => (arg === '--skip' ? [args[i + 1]] : []));
const part = args.includes('--part');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const totals = { passed: 0, failed: 0, skipped: 0 };

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

/**
 * Runs commands at the same time, printing each one's output whole when it ends; answers each one's
 * status, in the order given.
 */
function runTogether(commands) {
  return Promise.all(
    commands.map(
      ([command, commandArgs]) =>
        new Promise((resolve) => {
          const child = spawn(command, commandArgs, { cwd: root, env: process.env });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (status) => {
            process.stdout.write(output);
            resolve(status ?? 1);
          });
        }),
    ),
  );
}

/** The first failing status of several, else 0. */
const firstFailure = (statuses) => statuses.find((status) => status !== 0) ?? 0;

/**
 * Workers per project, measured on the 2-core machines CI runs on: unit tests are CPU-bound (2 workers:
 * 93 s instead of 130 s with Vitest's default), integration tests wait on PostgreSQL much of the time (3
 * workers: a third faster); e2e files run two at a time unless E2E_WORKERS asks otherwise (vitest.config.ts).
 */
const WORKERS = { unit: 2, integration: 3 };

/** One stage's Vitest run: its projects (by default the one of its name), one JSON report. */
function vitest(project, projects = [project]) {
  mkdirSync(resultsDir, { recursive: true });
  const out = path.join(resultsDir, `${project}.json`);
  rmSync(out, { force: true });
  const status = run(bin('vitest'), [
    'run',
    ...projects.flatMap((name) => ['--project', name]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
    ...(WORKERS[project] ? [`--maxWorkers=${WORKERS[project]}`] : []),
  ]);
  const report = countReport(project);
  if (report && (report.numTotalTests ?? 0) === 0) {
    console.error(`test: the ${project} project ran no test`);
    return 1;
  }
  return status;
}

/** Adds a stage's Vitest report (if it wrote one) to the totals; answers the report. */
function countReport(project) {
  const out = path.join(resultsDir, `${project}.json`);
  if (!existsSync(out)) return undefined;
  const report = JSON.parse(readFileSync(out, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  return report;
}

/** @type {[string, () => number | Promise<number>][]} */
const stages = [
  [
    'lint',
    () =>
      runTogether([
        [bin('eslint'), ['--max-warnings=0', '.']],
        [bin('prettier'), ['--check', '--log-level=warn', '.']],
      ]).then(firstFailure),
  ],
  ['typecheck', () => run(process.execPath, ['scripts/typecheck.mjs'])],
  // The OCR unit tests draw their documents in DejaVu Sans Mono, a font Debian installs with Chromium
  // (fonts-dejavu-core): on a fresh machine the packages come before the first stage that needs them.
  ['unit', () => (ensureChromium(), vitest('unit', ['unit', 'unit-dom']))],
  ['integration', () => vitest('integration')],
  ['build', () => (buildFrontEnds(), 0)],
  ['e2e', () => (ensureChromium(), vitest('e2e'))],
];

/**
 * CPU seconds the stage's processes used (user + system of every child this process waited for, and
 * theirs: Vitest's workers, the e2e servers), read from /proc where there is one. Wall time depends on
 * what else the machine runs; CPU time says what the stage itself costs. It misses processes nobody
 * waits for: Chromium's, ended with their Vitest worker, so e2e's figure is well below its cost (464 s
 * against 1 183 s the machine spent while e2e ran, measured by sampling every process), and the database
 * server's; a stage run alone also prints the machine's figure (machine-cpu.mjs), which counts them all.
 */
function childCpuSeconds() {
  try {
    const fields = (readFileSync('/proc/self/stat', 'utf8').split(') ')[1] ?? '').split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100; // cutime + cstime, in clock ticks (USER_HZ 100)
  } catch {
    return undefined;
  }
}

/**
 * The steps, in order; the stages of a step run side by side, each in a process of its own (this script
 * with `--only <stage> --part`), its output printed whole when it ends. Lint, typecheck, build and unit
 * each leave part of the two cores idle (ESLint and Prettier end at different times, tsc and Vite are
 * mostly one thread, the unit project's two workers wait on their slowest files): together they take
 * less than one after another (D128). Integration and e2e each fill the machine alone (e2e at four workers
 * was no faster than at three, and its timing-sensitive journeys began to fail), so they run alone; e2e
 * needs the build, which the first step made.
 */
const STEPS = [['lint', 'typecheck', 'build', 'unit'], ['integration'], ['e2e']];
const VITEST_STAGES = new Set(['unit', 'integration', 'e2e']);

/** Runs one stage in this process; answers its status. Prints its time and CPU seconds. */
async function runStage(name) {
  const stage = stages.find(([stageName]) => stageName === name)?.[1];
  if (!stage) {
    console.error(`test: no stage ${name}`);
    return 1;
  }
  console.log(`\n=== ${name} ===`);
  const stageStarted = Date.now();
  const cpuBefore = childCpuSeconds();
  const machineBefore = part ? undefined : machineCpu();
  let status;
  try {
    status = await stage();
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : error}`);
    status = 1;
  }
  const seconds = (Date.now() - stageStarted) / 1000;
  const cpuAfter = childCpuSeconds();
  const cpu =
    cpuBefore === undefined || cpuAfter === undefined ? '' : `, CPU ${(cpuAfter - cpuBefore).toFixed(0)} s`;
  // A stage run alone also gets the machine's figure, which counts what its own misses (see machine-cpu.mjs).
  const machine = part ? '' : describeMachineCpu(machineBefore, machineCpu());
  console.log(
    `=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s${cpu}${machine ? `; machine ${machine}` : ''} ===`,
  );
  return status;
}

/** Runs the stages of one step side by side, each as `--only <stage> --part`; answers each one's status. */
async function runSideBySide(names) {
  const script = fileURLToPath(import.meta.url);
  const statuses = await runTogether(
    names.map((name) => [process.execPath, [script, '--only', name, '--part']]),
  );
  for (const name of names) if (VITEST_STAGES.has(name)) countReport(name);
  return statuses;
}

const started = Date.now();
const machineAtStart = machineCpu();
/** Seconds each step took, in the order run: the summary line shows where the time went. */
const stepSeconds = [];
const failedStages = [];
for (const step of STEPS) {
  const names = step.filter((name) => (!only || name === only) && !skipped.includes(name));
  if (names.length === 0) continue;
  const stepStarted = Date.now();
  const statuses = names.length === 1 ? [await runStage(names[0])] : await runSideBySide(names);
  stepSeconds.push(`${names.join(' + ')} ${((Date.now() - stepStarted) / 1000).toFixed(0)} s`);
  names.forEach((name, i) => {
    if (statuses[i] !== 0) failedStages.push(name);
  });
  if (failedStages.length > 0) break;
}
const failedStage = failedStages.join(', ');

if (part) process.exit(failedStage ? 1 : 0);
// The machine's busy CPU seconds over the whole run bound its time: on 2 cores, N CPU seconds take at
// least N / 2 seconds, however the stages are arranged (docs/decisions.md D130).
const machine = describeMachineCpu(machineAtStart, machineCpu());
console.log(
  `\nnpm test ${failedStage ? `FAILED at ${failedStage}` : 'passed'} in ${((Date.now() - started) / 1000).toFixed(0)} s (${stepSeconds.join(', ')})${machine ? `; the machine: ${machine}` : ''}`,
);
if (failedStage && totals.failed === 0) totals.failed = 1; // a failed lint, typecheck or build stage counts
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStage ? 1 : 0);
