import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.ts';
import { sessionsRepo } from '../src/data/repositories/sessions-repo.ts';
import { sessionService } from '../src/domain/sessions/session-service.ts';
import type { Database } from '../src/data/db.ts';

const IDLE = 30 * 60_000;
const ABSOLUTE = 12 * 3_600_000;

describe.each(testDatabases())('session expiry on $name', (testDb) => {
  let database: Database;
  beforeEach(async () => {
    database = await testDb.open();
  });
  afterAll(() => testDb.cleanup());

  it('when a session is idle for longer than the idle window, then it no longer resolves and its row is gone', async () => {
    const sessions = sessionService(sessionsRepo(database.db), { idleMs: IDLE, absoluteMs: ABSOLUTE });
    const t0 = 1_700_000_000_000;
    const { token } = await sessions.start('user', 42, t0);
    expect(await sessions.resolve('user', token, t0 + IDLE - 1)).toMatchObject({ subjectId: 42 });
    expect(await sessions.resolve('user', token, t0 + 2 * IDLE)).toBeNull();
    expect(await sessions.resolve('user', token, t0 + 1)).toBeNull();
  });

  it('when a session stays active, then it still ends at its absolute expiry', async () => {
    const sessions = sessionService(sessionsRepo(database.db), { idleMs: IDLE, absoluteMs: ABSOLUTE });
    const t0 = 1_700_000_000_000;
    const { token } = await sessions.start('user', 7, t0);
    for (let t = t0; t < t0 + ABSOLUTE; t += IDLE / 2)
      expect(await sessions.resolve('user', token, t)).not.toBeNull();
    expect(await sessions.resolve('user', token, t0 + ABSOLUTE)).toBeNull();
  });

  it('when a token is presented for the other audience, then it does not resolve', async () => {
    const sessions = sessionService(sessionsRepo(database.db), { idleMs: IDLE, absoluteMs: ABSOLUTE });
    const { token } = await sessions.start('staff', 1);
    expect(await sessions.resolve('user', token)).toBeNull();
    expect(await sessions.resolve('staff', token)).not.toBeNull();
  });

  it('when the sweep runs, then only expired sessions are deleted', async () => {
    const sessions = sessionService(sessionsRepo(database.db), { idleMs: IDLE, absoluteMs: ABSOLUTE });
    const t0 = 1_700_000_000_000;
    await sessions.start('user', 1, t0);
    const { token: fresh } = await sessions.start('user', 2, t0 + IDLE);
    expect(await sessions.sweep(t0 + IDLE + 1)).toBe(1);
    expect(await sessions.resolve('user', fresh, t0 + IDLE + 2)).not.toBeNull();
  });
});
