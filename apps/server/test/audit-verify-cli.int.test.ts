/**
 * `npm run audit:verify` (issue 11): exit 0 and the chain head when intact, exit 2 naming the first
 * broken entry when a row was deleted as the owner role. On a SQLite file: the single-file development
 * database has no roles, and the chain is what detects tampering there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { auditVerify } from '../src/cli/audit-verify.ts';
import { openMigratedDatabase } from '../src/data/prepare.ts';
import { auditRepo } from '../src/data/repositories/audit-repo.ts';
import { asOwner } from './support/audit-tamper.ts';
import { TEST_MASTER_KEY } from './support/test-app.ts';

describe('npm run audit:verify on SQLite', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('when the chain is intact, then it exits 0 with the head; when an entry is deleted, then it exits 2 naming it', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kyc-verify-'));
    const env = { DATA_DIR: dir, DATA_MASTER_KEY: TEST_MASTER_KEY, LOG_LEVEL: 'silent' };
    const file = path.join(dir, 'kyc.sqlite');
    const database = await openMigratedDatabase({
      databaseUrl: file,
      databaseMigrationUrl: file,
      dataMasterKey: Buffer.from(TEST_MASTER_KEY, 'base64'),
    });
    for (let n = 1; n <= 5; n += 1)
      await auditRepo(database.db).insert({ staffId: 1, action: 'quotas.view', details: { n } }, n);

    const lines: string[] = [];
    expect(await auditVerify(env, (line) => lines.push(line))).toBe(0);
    expect(lines).toEqual([
      expect.stringMatching(/^audit chain head: entry 5, hash [0-9a-f]{64}$/),
      expect.stringMatching(/^audit chain verified: 5 entries, up to entry 5, in [\d.]+ s$/),
    ]);

    await asOwner(database, () => database.db.deleteFrom('audit_log').where('id', '=', 2).execute());
    lines.length = 0;
    expect(await auditVerify(env, (line) => lines.push(line))).toBe(2);
    expect(lines[1]).toMatch(/^audit chain BROKEN at entry 2 \(deleted\); 1 entries before it verified/);
    await database.close();
  });
});
