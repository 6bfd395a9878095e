/**
 * Opens the server's database ready for use (issue 11, docs/operations.md "Database roles"): the audit
 * chain key set, migrations run as the owner role (DATABASE_MIGRATION_URL), the runtime role's grants
 * re-applied when it is another role, and the connection the server keeps opened as the runtime role.
 * The runtime connection has the statement timeout (DB_STATEMENT_TIMEOUT_MS, issue 14); migrations run
 * on a connection of their own without one, since building an index on a large table may take minutes.
 */
import { isPostgresUrl, type Config } from '../config.ts';
import { useAuditChainKey } from '../lib/audit-chain-hash.ts';
import { databaseOptionsOf, openDatabase, type Database } from './db.ts';
import { grantRuntime, roleOf } from './roles.ts';

export async function openMigratedDatabase(
  config: Pick<Config, 'databaseUrl' | 'databaseMigrationUrl' | 'dataMasterKey'> &
    Partial<Pick<Config, 'dataMasterKeyPrevious' | 'dbConnectTimeoutMs' | 'dbStatementTimeoutMs'>>,
): Promise<Database> {
  // Before migrating: migration 015 chains the rows already there under this key.
  useAuditChainKey(config.dataMasterKey, config.dataMasterKeyPrevious);
  const runtimeOptions = databaseOptionsOf(config);
  if (!isPostgresUrl(config.databaseUrl)) {
    // SQLite has no statement timeout, and a second handle would lose a ':memory:' database.
    const database = openDatabase(config.databaseUrl, runtimeOptions);
    await database.migrate();
    return database;
  }
  const owner = openDatabase(config.databaseMigrationUrl, {
    poolSize: 1,
    preparedStatements: false,
    connectTimeoutMs: config.dbConnectTimeoutMs,
  });
  try {
    await owner.migrate();
    const runtime = roleOf(config.databaseUrl);
    if (runtime !== roleOf(config.databaseMigrationUrl)) await grantRuntime(owner.db, runtime);
  } finally {
    await owner.close();
  }
  return openDatabase(config.databaseUrl, runtimeOptions);
}
