/**
 * Entry point: configuration, database (migrated at start-up as the owner role, then used as the runtime
 * role: data/prepare.ts), optional demo data, the start-up work (boot.ts) — all three under the start-up
 * lock (data/startup-lock.ts), so that instances starting at once do them one after the other — then
 * listen. The sweeps and jobs (composition.ts) run on the scheduler (lib/scheduler.ts, D50): timers in
 * process on SQLite, once across all instances on PostgreSQL.
 * SIGINT / SIGTERM close the server gracefully (in-flight requests finish, then the database closes).
 */
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from './config.ts';
import type { Database } from './data/db.ts';
import { openMigratedDatabase } from './data/prepare.ts';
import { withStartupLock } from './data/startup-lock.ts';
import { buildApp } from './app.ts';
import { boot } from './boot.ts';
import { closeCheckEngines } from './domain/checks/engines.ts';
import { setPasswordHashCost } from './lib/passwords.ts';
import { inProcessScheduler, postgresScheduler, type Scheduler } from './lib/scheduler.ts';
import {
  DEMO_FIRST_PARTY_APP,
  DEMO_PARTNER,
  DEMO_PASSWORD,
  DEMO_STAFF,
  DEMO_USERS,
  seedDemoData,
} from './seed/demo.ts';

const SWEEP_MS = 10 * 60_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  setPasswordHashCost(config.passwordHashCost);

  // Migrations as the owner role, then the runtime role (DATABASE_MIGRATION_URL, docs/operations.md);
  // one instance at a time (several starting at once on one database, D50).
  const { database, booted } = await withStartupLock(config, async () => {
    const opened = await openMigratedDatabase(config);
    try {
      if (config.demoData) await seedDemoData(opened);
      return { database: opened, booted: await boot(config, opened) };
    } catch (error) {
      await opened.close().catch(() => undefined);
      throw error;
    }
  });

  const app = await buildApp({ config, database });
  app.log.info({ event: 'boot', ...booted }, 'start-up work done');
  // The other instances drop their copy of the template versions once the app is ready (the shared
  // state is connected then): they serve the new versions at once, not after REFERENCE_TTL_MS.
  if (booted.templatesPublished.length > 0)
    app.addHook('onReady', () => app.referenceChanged('questionnaire-templates'));
  if (booted.templatesChanged.length > 0)
    app.log.warn(
      { event: 'questionnaires.content.changed', templates: booted.templatesChanged },
      'published questionnaire versions differ from their files; publish a new version instead',
    );
  const scheduler = schedulerFor(app, database);
  for (const sweep of app.sweeps) scheduler.every(sweep.name, SWEEP_MS, () => runSweep(app, sweep));
  for (const job of app.jobs)
    scheduler.every(job.name, config.providers.jobIntervalMs, () => runSweep(app, job));
  await scheduler.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await scheduler.stop();
    await app.close();
    await closeCheckEngines();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  printBanner(config.publicOrigin, config.demoData, database.dialect);
}

/** One scheduled task per sweep (or job), each on its own: one failing is logged, the others still run. */
async function runSweep(app: FastifyInstance, sweep: FastifyInstance['sweeps'][number]): Promise<void> {
  try {
    const count = await sweep.run();
    app.log[count > 0 ? 'info' : 'debug']({ event: 'sweep', sweep: sweep.name, count }, 'swept');
  } catch (error) {
    app.log.warn({ event: 'sweep', sweep: sweep.name, err: error }, 'sweep failed');
  }
}

/** PostgreSQL: each task once across all instances; SQLite (one instance): timers here (D50). */
function schedulerFor(app: FastifyInstance, database: Database): Scheduler {
  const onError = (task: string, error: unknown) =>
    app.log.warn({ event: 'schedule', task, err: error }, 'scheduled task not claimed');
  return database.dialect === 'postgres'
    ? postgresScheduler(database.db, onError)
    : inProcessScheduler(onError);
}

function printBanner(origin: string, demo: boolean, dialect: string): void {
  const lines = [
    '',
    `KYC portal is running (${dialect})`,
    `  Portal:      ${origin}/user/accounts/`,
    `  Sign in:     ${origin}/login`,
    `  Back office: ${origin}/backoffice/`,
    `  Help:        ${origin}/help/`,
    `  API docs:    ${origin}/docs/openapi.json`,
  ];
  if (demo) {
    lines.push('', `Demo accounts (password for all: ${DEMO_PASSWORD})`);
    for (const u of DEMO_USERS) lines.push(`  ${u.email.padEnd(22)} ${u.note}`);
    for (const s of DEMO_STAFF) lines.push(`  ${s.email.padEnd(22)} staff: ${s.role}`);
    lines.push(
      `  SDK partner ${DEMO_PARTNER.id}, signing secret ${DEMO_PARTNER.secret}`,
      '    (sign calls with scripts/partner-call.mjs; docs/sdk.md "Signed partner calls")',
    );
    lines.push(`  First-party app ${DEMO_FIRST_PARTY_APP.id}, signing secret ${DEMO_FIRST_PARTY_APP.secret}`);
  }
  lines.push('', 'Press Ctrl-C to stop.', '');
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
