/**
 * A server for the load benchmarks, in its own process so that the load generator (autocannon, in the
 * bench process) and the server under test do not share one event loop:
 *   node --import tsx serve.ts portal <dataDir>   the real app on a SQLite file in dataDir, demo data seeded
 *   node --import tsx serve.ts hello              a bare Fastify hello-world (the baseline)
 * Prints one JSON line {"origin": "http://127.0.0.1:port"} once listening; SIGTERM closes it.
 */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { boot } from '../apps/server/src/boot.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/data/db.ts';
import { seedDemoData } from '../apps/server/src/seed/demo.ts';
import { benchPaths } from './front-end-build.ts';

const [kind, dataDir] = process.argv.slice(2);

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
    PORT: '0',
  });
  database = openDatabase(path.join(dataDir, 'bench.sqlite'));
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
