import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Where the database tests keep their files (SQLite databases, data directories): in memory where the
 * machine has a tmpfs. The server's SQLite commits with synchronous=FULL and its blob store syncs every
 * file, which on a disk cost 1.5 ms a commit here (0.03 ms on the tmpfs); a test database is thrown away,
 * and a killed process loses nothing either way (what it wrote is in the kernel's cache).
 */
const MEMORY_TMPDIR = existsSync('/dev/shm') ? '/dev/shm' : undefined;

/**
 * End-to-end files run three at a time (E2E_WORKERS overrides), each worker with its own server and data
 * dir. A journey waits a third of its time (the network going idle, polls, the camera's first frame), so
 * a third worker fills the waits. Measured on the 2-core machine, the whole e2e project: 1 803 s with two
 * workers in the full browser, 982 s with three in the headless shell (D114), the machine then at ~90 %
 * of its CPU. The test timeout is there to catch a hang, not slowness, so it is 120 s.
 */
const E2E_WORKERS = Number(process.env.E2E_WORKERS) || 3;

/**
 * Four projects: unit and unit-dom (next to the code: the server and packages; the SPAs), integration
 * (the real server in-process against SQLite and, when reachable, PostgreSQL) and e2e (Debian's Chromium
 * through playwright-core). `npm test` runs them in that order through scripts/test.mjs, unit and
 * unit-dom together as its unit stage.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // One module graph per worker (the files of a worker share their imports): 112 s → 48 s for the
          // project on the 2-core machine, passing in shuffled file order too (--sequence.shuffle.files).
          isolate: false,
          // Timeouts catch a hang, not slowness (performance lives in `npm run bench`): OCR, faces and
          // scrypt take seconds on a loaded 2-core runner, above Vitest's 5 s.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          // The SPAs' files (jsdom for the components). Each runs in its own VM context, on worker threads
          // that stay: jsdom and React are loaded once per worker instead of once per file. Measured on the
          // 2-core machine: 264 s in a process per file (154 s of it setting up jsdom), 108 s so. The server's
          // files stay in processes: sharp and the OCR's workers do not run inside a VM context.
          name: 'unit-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/backoffice/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          pool: 'vmThreads',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.int.test.ts'],
          environment: 'node',
          // One module graph per worker (the server is imported once, not per file): 233 s → 177 s for the
          // project, passing in shuffled file order too (--sequence.shuffle.files).
          isolate: false,
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          setupFiles: ['apps/server/test/support/password-cost.ts'],
          env: MEMORY_TMPDIR ? { TMPDIR: MEMORY_TMPDIR } : {},
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          // One module graph per worker: playwright-core, axe and the helpers are imported once, not per
          // file, and the worker's Chromium is kept for its next files (support/browser.ts useBrowser).
          isolate: false,
          // Each worker runs its files against its own server (e2e/support/global-setup.ts).
          maxWorkers: E2E_WORKERS,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
