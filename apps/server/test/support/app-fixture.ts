/**
 * The set-up every database test begins with: per test a fresh database (the demo data seeded unless
 * told otherwise), its own data directory and the real app on both; closed after the test, the databases
 * removed after the file. Read `fixture.app` and `fixture.database` inside tests and hooks only: they are
 * replaced before each test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TestDatabase } from './databases.ts';
import { testApp } from './test-app.ts';
import type { BuildOptions } from '../../src/app.ts';
import type { Database } from '../../src/data/db.ts';
import { submissionsRepo } from '../../src/data/repositories/submissions-repo.ts';
import { usersRepo } from '../../src/data/repositories/users-repo.ts';

export interface AppFixture {
  readonly app: FastifyInstance;
  readonly database: Database;
  /** The app's DATA_DIR (blobs, master key). */
  readonly dataDir: string;
  /** The id of an existing user (throws for an unknown email). */
  userIdOf(email: string): Promise<number>;
  /** The KYC submissions of a user, oldest first. */
  submissionsOf(email: string): ReturnType<ReturnType<typeof submissionsRepo>['submissionsOf']>;
}

export interface AppFixtureOptions {
  /** Seed the demo users, staff and partner (default true). */
  seed?: boolean;
  /** Settings on top of the test configuration (support/test-app.ts). */
  env?: Record<string, string>;
  /** Build options of the app (e.g. scripted vendor adapters: providerOptions). */
  build?: Partial<BuildOptions>;
}

/** Registers the hooks of the describe block it is called in and answers the fixture they fill. */
export function useAppFixture(testDb: TestDatabase, options: AppFixtureOptions = {}): AppFixture {
  let current: { app: FastifyInstance; database: Database; dataDir: string } | undefined;
  const started = () => {
    if (!current) throw new Error('the app fixture is read outside a test');
    return current;
  };

  beforeEach(async () => {
    const database = await testDb.open({ seeded: options.seed ?? true });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-int-data-'));
    const app = await testApp(database, { ...options.build, env: { DATA_DIR: dataDir, ...options.env } });
    current = { app, database, dataDir };
    return async () => {
      current = undefined;
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => testDb.cleanup());

  async function userIdOf(email: string): Promise<number> {
    const user = await usersRepo(started().database.db).findByEmail(email);
    if (!user) throw new Error(`no user ${email}`);
    return user.id;
  }

  return {
    get app() {
      return started().app;
    },
    get database() {
      return started().database;
    },
    get dataDir() {
      return started().dataDir;
    },
    userIdOf,
    submissionsOf: async (email) =>
      submissionsRepo(started().database.db).submissionsOf(await userIdOf(email)),
  };
}
