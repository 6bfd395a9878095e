import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testDatabases } from './support/databases.ts';
import { testApp } from './support/test-app.ts';
import type { Database } from '../src/data/db.ts';

/**
 * Every plugin of the app is registered under a name (http/plugin-name.ts, D114): an unnamed one makes
 * Fastify search every loaded module's exports for it on each build, and shows up in the plugin tree
 * as a preview of its source. The tree does not depend on the database: SQLite only.
 */
describe('the plugins of the app', () => {
  const sqlite = testDatabases()[0] as ReturnType<typeof testDatabases>[number];
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await sqlite.open();
    app = await testApp(database);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await sqlite.cleanup();
  });

  it('when the plugin tree is printed, then each plugin has a name, none a preview of its source', () => {
    const tree = app.printPlugins();
    for (const name of ['sessionRoutes', 'kycSubmitRoutes', 'uploadRoute', 'questionnairePrivateRoutes'])
      expect(tree).toContain(name);
    const previews = tree.split('\n').filter((line) => line.includes('=>') || line.includes(' -- '));
    expect(previews).toEqual([]);
  });
});
