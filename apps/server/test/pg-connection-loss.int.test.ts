/**
 * A PostgreSQL connection ended under the server (a restart, a failover, an administrator, a proxy)
 * must not end the process: before the pool had an 'error' listener, an idle connection's
 * "terminating connection due to administrator command" was an unhandled event and Node exited
 * (issue 11 found it while dropping test databases; issue 14 measured it in production terms).
 */
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { testDatabases } from './support/databases.ts';
import { testApp } from './support/test-app.ts';

const postgres = testDatabases().find((db) => db.name === 'postgres');

describe.runIf(postgres)('a lost PostgreSQL connection on postgres', () => {
  afterAll(() => postgres?.cleanup());

  it('when the server ends every idle connection of the pool, then the process lives on and the next request is answered', async () => {
    if (!postgres) throw new Error('runs only with PostgreSQL');
    const database = await postgres.open();
    const app = await testApp(database);
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      const current = (await database.db
        .selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name'))
        .executeTakeFirstOrThrow()) as { name: string };

      const warnings: string[] = [];
      const onWarning = (warning: Error) => warnings.push(warning.message);
      process.on('warning', onWarning);
      const admin = new pg.Client({ connectionString: inject('postgresUrl') ?? undefined });
      await admin.connect();
      try {
        const ended = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [current.name],
        );
        expect(ended.rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      // The pool hears of it on its idle connections; give the event loop a moment to deliver it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      process.off('warning', onWarning);

      expect(warnings.some((message) => message.includes('PostgreSQL connection lost'))).toBe(true);
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
