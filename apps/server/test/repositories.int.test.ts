import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.ts';
import { repositories } from '../src/data/repositories/index.ts';
import type { Database } from '../src/data/db.ts';
import type { SessionRow } from '../src/data/schema/index.ts';

const session = (id: string): SessionRow => ({
  id,
  audience: 'user',
  subject_id: 1,
  csrf_token: 'c',
  created_at: 1,
  last_seen_at: 1,
  expires_at: 10 ** 13,
});

describe.each(testDatabases())('the repository set (D42) on $name', (testDb) => {
  let database: Database;
  beforeEach(async () => {
    database = await testDb.open();
  });
  afterAll(() => testDb.cleanup());

  it('when a transaction commits, then what it wrote through its repositories is visible afterwards', async () => {
    const repos = repositories(database.db);
    await repos.transaction(async (tx) => {
      await tx.sessions.insert(session('h1'));
    });
    expect(await repos.sessions.find('h1', 'user')).toBeTruthy();
  });

  it('when the work of a transaction throws, then nothing it wrote stays', async () => {
    const repos = repositories(database.db);
    await expect(
      repos.transaction(async (tx) => {
        await tx.sessions.insert(session('h2'));
        throw new Error('lost the compare-and-set');
      }),
    ).rejects.toThrow('lost the compare-and-set');
    expect(await repos.sessions.find('h2', 'user')).toBeFalsy();
  });

  it('when a repository is read twice, then it is the same object (created once)', () => {
    const repos = repositories(database.db);
    expect(repos.kyc).toBe(repos.kyc);
    expect(Object.keys(repos)).toContain('audit');
  });
});
