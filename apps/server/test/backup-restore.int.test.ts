/**
 * Issue 14, backups (docs/operations.md "Backups and restore"): the database backed up as the document
 * says (SQLite `VACUUM INTO`, PostgreSQL `pg_dump --format=custom`), with the file store's blobs copied
 * after it, restored into a fresh database and a fresh DATA_DIR, serves the same documents and the same
 * personal data to a fresh instance holding only DATA_MASTER_KEY. For both document stores.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { ReviewCase } from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { databaseUrlOf } from './support/decision-races.ts';
import { staffClient, userWithCase } from './support/kyc-flows.ts';
import { testApp, type TestClient } from './support/test-app.ts';
import { openDatabase } from '../src/data/db.ts';

const run = promisify(execFile);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** What a reviewer sees of a case: the personal data and every document's bytes. */
async function caseContent(reviewer: TestClient, userId: number) {
  const view = (await reviewer.get(`/backoffice/api/cases/${userId}`)).envelope?.result as ReviewCase;
  const documents: Record<string, string> = {};
  for (const doc of view.documents) {
    const { response } = await reviewer.get(`/backoffice/api/cases/${userId}/documents/${doc.id}`);
    expect(response.statusCode).toBe(200);
    documents[doc.id] = sha256(response.rawPayload);
  }
  return { applicant: view.applicant, documents };
}

describe.each(testDatabases())('backup and restore on $name', (testDb) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** The database backed up into `dir`, restored as a new database: its URL. */
  async function backupAndRestore(fixture: AppFixture, dir: string): Promise<string> {
    const source = await databaseUrlOf(fixture);
    if (testDb.name === 'sqlite') {
      const backup = path.join(dir, 'backup.sqlite');
      await sql`vacuum into ${sql.lit(backup)}`.execute(fixture.database.db);
      return backup; // a restore is the backup file put where DATABASE_URL points
    }
    const dump = path.join(dir, 'backup.dump');
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${dump}`, source]);
    const name = `kyc_restore_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: inject('postgresUrl') ?? undefined });
    await admin.connect();
    await admin.query(`create database ${name}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const target = new URL(source);
    target.pathname = `/${name}`;
    await run('pg_restore', ['--no-owner', '--no-privileges', `--dbname=${target.toString()}`, dump]);
    return target.toString();
  }

  for (const store of ['file', 'database'] as const) {
    describe(`documents in the ${store} store`, () => {
      const fixture = useAppFixture(testDb, { env: { DOCUMENT_STORE: store, DEMO_STAFF_TOTP: 'required' } });

      it('when the backup is restored into a fresh database and DATA_DIR, then a fresh instance serves the same documents and personal data', async () => {
        await userWithCase(fixture.app, 'new@demo.test');
        const userId = await fixture.userIdOf('new@demo.test');
        const before = await caseContent(await staffClient(fixture.app, 'reviewer@demo.test'), userId);
        expect(Object.keys(before.documents).length).toBeGreaterThan(1);

        const dir = mkdtempSync(path.join(tmpdir(), 'kyc-backup-'));
        cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
        const restoredUrl = await backupAndRestore(fixture, dir);
        // The file store's blobs are copied after the database (tmp/ left out); the restored instance
        // has nothing else of the old one's DATA_DIR: no generated secret, no master key file.
        const dataDir = path.join(dir, 'data');
        const blobs = path.join(fixture.dataDir, 'blobs');
        if (store === 'file') {
          expect(existsSync(blobs)).toBe(true);
          cpSync(blobs, path.join(dataDir, 'blobs'), {
            recursive: true,
            filter: (from) => path.basename(from) !== 'tmp',
          });
        } else expect(existsSync(blobs)).toBe(false);

        const database = openDatabase(restoredUrl);
        const app = await testApp(database, { env: { DATA_DIR: dataDir, DOCUMENT_STORE: store } });
        cleanups.push(async () => {
          await app.close();
          await database.close();
        });
        const after = await caseContent(await staffClient(app, 'senior@demo.test'), userId);
        expect(after).toEqual(before);
      });
    });
  }
});
