import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withStartupLock } from './startup-lock.ts';

describe('the start-up lock on SQLite (a lock file next to the database)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kyc-start-lock-'));
  const databaseUrl = path.join(dir, 'kyc.sqlite');
  const config = { databaseUrl, databaseMigrationUrl: databaseUrl };
  afterEach(() => rmSync(`${databaseUrl}.start-lock`, { force: true }));

  it('when two starts run at once, then their start-up work runs one after the other', async () => {
    const events: string[] = [];
    const work = (name: string) => async () => {
      events.push(`${name} in`);
      await new Promise((resolve) => setTimeout(resolve, 150));
      events.push(`${name} out`);
      return name;
    };
    const answers = await Promise.all([
      withStartupLock(config, work('a')),
      withStartupLock(config, work('b')),
    ]);
    expect(answers).toEqual(['a', 'b']);
    expect(events).toEqual(['a in', 'a out', 'b in', 'b out']);
    expect(existsSync(`${databaseUrl}.start-lock`)).toBe(false);
  });

  it('when a lock file is left by a process that no longer runs, then it is taken over', async () => {
    // Pids are at most 2^22 on Linux: this one runs nowhere.
    writeFileSync(`${databaseUrl}.start-lock`, String(2 ** 22 + 12_345));
    expect(await withStartupLock(config, async () => 'started')).toBe('started');
  });

  it('when the work fails, then the lock is released', async () => {
    await expect(
      withStartupLock(config, async () => {
        throw new Error('migration failed');
      }),
    ).rejects.toThrow('migration failed');
    expect(existsSync(`${databaseUrl}.start-lock`)).toBe(false);
  });
});
