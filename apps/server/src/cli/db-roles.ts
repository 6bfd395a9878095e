/**
 * `npm run db:roles` (issue 11, docs/operations.md "Database roles"): as the owner role
 * (DATABASE_MIGRATION_URL) runs the migrations, creates the runtime role named in DATABASE_URL if it is
 * missing (with that address's password), and grants it what the server needs and nothing more
 * (data/roles.ts). Idempotent: run it again after an upgrade or to change the password.
 */
import { isPostgresUrl, loadConfig } from '../config.ts';
import { openMigratedDatabase } from '../data/prepare.ts';
import { ensureRole, grantRuntime, roleOf } from '../data/roles.ts';

export async function dbRoles(env: NodeJS.ProcessEnv, print: (line: string) => void): Promise<number> {
  const config = loadConfig(env);
  if (!isPostgresUrl(config.databaseUrl) || !isPostgresUrl(config.databaseMigrationUrl)) {
    print(
      'db:roles is for PostgreSQL: set DATABASE_URL (runtime role) and DATABASE_MIGRATION_URL (owner role)',
    );
    return 1;
  }
  const runtime = roleOf(config.databaseUrl);
  const owner = roleOf(config.databaseMigrationUrl);
  if (runtime === owner) {
    print(
      `DATABASE_URL and DATABASE_MIGRATION_URL both name role ${owner}: the runtime role must be another`,
    );
    return 1;
  }
  const database = await openMigratedDatabase({ ...config, databaseUrl: config.databaseMigrationUrl });
  try {
    const password = decodeURIComponent(new URL(config.databaseUrl).password) || undefined;
    const state = await ensureRole(database.db, runtime, password);
    print(`role ${runtime}: ${state}${password ? ', password set' : ''}`);
    for (const statement of await grantRuntime(database.db, runtime)) print(`  ${statement};`);
    print(`role ${runtime} may read and append to the audit log, never change it; it owns nothing`);
    return 0;
  } finally {
    await database.close();
  }
}
