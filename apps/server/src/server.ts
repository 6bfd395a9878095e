/**
 * Entry point: configuration, database (migrated at start-up as the owner role, then used as the runtime
 * role: data/prepare.ts), optional demo data, the start-up work (boot.ts), then listen; the sweeps
 * (composition.ts) run on a timer.
 * SIGINT / SIGTERM close the server gracefully (in-flight requests finish, then the database closes).
 */
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from './config.ts';
import { openMigratedDatabase } from './data/prepare.ts';
import { buildApp } from './app.ts';
import { boot } from './boot.ts';
import { setPasswordHashCost } from './lib/passwords.ts';
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

  // Migrations as the owner role, then the runtime role (DATABASE_MIGRATION_URL, docs/operations.md).
  const database = await openMigratedDatabase(config);
  if (config.demoData) await seedDemoData(database);

  const booted = await boot(config, database);

  const app = await buildApp({ config, database });
  app.log.info({ event: 'boot', ...booted }, 'start-up work done');
  if (booted.templatesChanged.length > 0)
    app.log.warn(
      { event: 'questionnaires.content.changed', templates: booted.templatesChanged },
      'published questionnaire versions differ from their files; publish a new version instead',
    );
  const sweep = setInterval(() => void runSweeps(app, app.sweeps), SWEEP_MS);
  sweep.unref();
  const job = setInterval(() => void runSweeps(app, app.jobs), config.providers.jobIntervalMs);
  job.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(sweep);
    clearInterval(job);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  printBanner(config.publicOrigin, config.demoData, database.dialect);
}

/** Each sweep (or job) on its own: one failing is logged and the others still run. */
async function runSweeps(app: FastifyInstance, sweeps: FastifyInstance['sweeps']): Promise<void> {
  for (const sweep of sweeps) {
    try {
      const count = await sweep.run();
      app.log[count > 0 ? 'info' : 'debug']({ event: 'sweep', sweep: sweep.name, count }, 'swept');
    } catch (error) {
      app.log.warn({ event: 'sweep', sweep: sweep.name, err: error }, 'sweep failed');
    }
  }
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
