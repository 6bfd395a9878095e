/**
 * A server for the load benchmarks, in its own process so that the load generator (autocannon, in the
 * bench process) and the server under test do not share one event loop:
 *   node --import tsx serve.ts portal <dataDir> [databaseUrl]   the real app on a SQLite file in dataDir
 *                                                 (or the PostgreSQL database named), demo data seeded;
 *                                                 SESSION_SECRET and DATA_MASTER_KEY from the environment
 *                                                 when set (a restarted server then opens what it sealed)
 *   node --import tsx serve.ts hello              a bare Fastify hello-world (the baseline)
 * Prints one JSON line {"origin": "http://127.0.0.1:port"} once listening; SIGTERM closes it.
 */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { boot } from '../apps/server/src/boot.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/data/db.ts';
import { setPasswordHashCost } from '../apps/server/src/lib/passwords.ts';
import { seedDemoData } from '../apps/server/src/seed/demo.ts';
import { benchPaths } from './front-end-build.ts';

const [kind, dataDir, databaseUrl] = process.argv.slice(2);

let app: FastifyInstance;
let database: Database | undefined;
if (kind === 'hello') {
  app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
} else if (kind === 'portal' && dataDir) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    SIGN_UP_LIMIT_PER_HOUR: '1000000',
    SIGN_IN_LIMIT_PER_15_MINUTES: '1000000',
    PORT: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(process.env.SESSION_SECRET ? { SESSION_SECRET: process.env.SESSION_SECRET } : {}),
    ...(process.env.DATA_MASTER_KEY ? { DATA_MASTER_KEY: process.env.DATA_MASTER_KEY } : {}),
    ...(process.env.PASSWORD_HASH_COST ? { PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST } : {}),
    // The volume bench signs the demo admin in without a TOTP code.
    ...(process.env.DEMO_STAFF_TOTP ? { DEMO_STAFF_TOTP: process.env.DEMO_STAFF_TOTP } : {}),
  });
  setPasswordHashCost(config.passwordHashCost);
  database = openDatabase(databaseUrl ?? path.join(dataDir, 'bench.sqlite'));
  await database.migrate();
  await seedDemoData(database);
  await boot(config, database);
  app = await buildApp({ config, database, logger: false, paths: benchPaths });
} else {
  throw new Error('usage: serve.ts hello | serve.ts portal <dataDir>');
}

const origin = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ origin })}\n`);

process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await database?.close();
    process.exit(0);
  })();
});
