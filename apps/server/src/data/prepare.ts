/**
 * Opens the server's database ready for use (issue 11, docs/operations.md "Database roles"): the audit
 * chain key set, migrations run as the owner role (DATABASE_MIGRATION_URL), the runtime role's grants
 * re-applied when it is another role, and the connection the server keeps opened as the runtime role.
 */
import type { Config } from '../config.ts';
import { useAuditChainKey } from '../lib/audit-chain-hash.ts';
import { openDatabase, type Database } from './db.ts';
import { grantRuntime, roleOf } from './roles.ts';

export async function openMigratedDatabase(
  config: Pick<Config, 'databaseUrl' | 'databaseMigrationUrl' | 'dataMasterKey'>,
): Promise<Database> {
  // Before migrating: migration 015 chains the rows already there under this key.
  useAuditChainKey(config.dataMasterKey);
  if (config.databaseMigrationUrl === config.databaseUrl) {
    const database = openDatabase(config.databaseUrl);
    await database.migrate();
    return database;
  }
  const owner = openDatabase(config.databaseMigrationUrl, { poolSize: 1 });
  try {
    await owner.migrate();
    const runtime = roleOf(config.databaseUrl);
    if (runtime !== roleOf(config.databaseMigrationUrl)) await grantRuntime(owner.db, runtime);
  } finally {
    await owner.close();
  }
  return openDatabase(config.databaseUrl);
}
