import { defineConfig } from 'vitest/config';

/**
 * End-to-end files run two at a time (E2E_WORKERS overrides), each worker with its own server and data
 * dir. Measured on the 2-core machine, the whole e2e project: 848 s with one worker, 569 s with two, 479 s
 * with four (load average 14: every journey twice as slow). Two keeps most of the gain with the machine
 * only just saturated; the test timeout is there to catch a hang, not slowness, so it is 120 s.
 */
const E2E_WORKERS = Number(process.env.E2E_WORKERS) || 2;

/**
 * Three projects: unit (next to the code), integration (the real server in-process against SQLite and,
 * when reachable, PostgreSQL) and e2e (Debian's Chromium through playwright-core). `npm test` runs them
 * in that order through scripts/test.mjs.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/backoffice/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // Each file isolated: without it the SPAs' jsdom files failed in some orders (a module mocked by
          // one file but imported first by another; i18n, store and timer state left behind), and the
          // Node files alone gained nothing measurable (70 s either way on the 2-core machine).
          // Timeouts catch a hang, not slowness (performance lives in `npm run bench`): the UI journeys of
          // the SPAs and the scrypt tests take a few seconds on a loaded 2-core runner, above Vitest's 5 s.
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
          // Each worker runs its files against its own server (e2e/support/global-setup.ts).
          maxWorkers: E2E_WORKERS,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
