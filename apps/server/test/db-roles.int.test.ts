/**
 * Least privilege on PostgreSQL (issue 11, docs/operations.md "Database roles"): migrations run as the
 * owner role, the server as a runtime role that may read and append to the audit log and nothing more.
 * The owner could still DISABLE TRIGGER and DELETE (the finding); the runtime role cannot, while the app
 * works as it. The roles made here are dropped afterwards (roles are shared by every database).
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { AuditChainStatus } from '@kyc/contracts';
import { withClient } from './support/databases.ts';
import { staffClient } from './support/kyc-flows.ts';
import { testApp } from './support/test-app.ts';
import type { Database } from '../src/data/db.ts';
import { openMigratedDatabase } from '../src/data/prepare.ts';
import { ensureRole, grantRuntime } from '../src/data/roles.ts';
import { dbRoles } from '../src/cli/db-roles.ts';
import { seedDemoData } from '../src/seed/demo.ts';
import { TEST_MASTER_KEY } from './support/test-app.ts';

const postgresUrl = inject('postgresUrl');
const runId = inject('postgresRunId');

describe.runIf(postgresUrl)('database roles on postgres', () => {
  const adminUrl = postgresUrl ?? '';
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });

  const admin = withClient;
  const withUser = (url: string, user: string, database?: string) => {
    const u = new URL(url);
    u.username = user;
    u.password = '';
    if (database) u.pathname = `/${database}`;
    return u.toString();
  };

  /** A fresh database (dropped by the run's teardown too) and a runtime role for it, both removed after. */
  async function freshDatabaseAndRole() {
    const suffix = randomBytes(4).toString('hex');
    const name = `kyc_${runId}_roles_${suffix}`;
    const role = `kyc_rt_${runId}_${suffix}`;
    await admin(adminUrl, (c) => c.query(`create database "${name}"`));
    cleanups.push(() => admin(adminUrl, (c) => c.query(`drop database if exists "${name}" with (force)`)));
    const ownerUrl = withUser(adminUrl, new URL(adminUrl).username, name);
    cleanups.push(async () => {
      await admin(ownerUrl, (c) => c.query(`drop owned by "${role}"`)).catch(() => undefined);
      await admin(adminUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
      await admin(adminUrl, (c) => c.query(`drop role if exists "${role}"`));
    });
    return { ownerUrl, runtimeUrl: withUser(adminUrl, role, name), role };
  }

  it('when the server starts with an owner and a runtime role, then the app works as the runtime role, which cannot change the audit log', async () => {
    const { ownerUrl, runtimeUrl, role } = await freshDatabaseAndRole();
    const config = {
      databaseUrl: runtimeUrl,
      databaseMigrationUrl: ownerUrl,
      dataMasterKey: Buffer.from(TEST_MASTER_KEY, 'base64'),
    };
    // What `npm run db:roles` does first: the role exists (no grants yet: start-up gives them).
    const owner = await openMigratedDatabase({ ...config, databaseUrl: ownerUrl });
    cleanups.push(() => owner.close());
    expect(await ensureRole(owner.db, role)).toBe('created');
    expect(await ensureRole(owner.db, role)).toBe('existed');
    await seedDemoData(owner);

    const runtime: Database = await openMigratedDatabase(config);
    cleanups.push(() => runtime.close());
    const app = await testApp(runtime, { env: { DEMO_STAFF_TOTP: 'required' } });
    cleanups.push(() => app.close());

    // The app works: staff sign in, a case view is audited, the audit page and its chain answer.
    const reviewer = await staffClient(app, 'reviewer@demo.test');
    const user = await runtime.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'pending@demo.test')
      .executeTakeFirstOrThrow();
    expect((await reviewer.get(`/backoffice/api/cases/${user.id}`)).envelope?.ret_code).toBe(0);
    const auditor = await staffClient(app, 'auditor@demo.test');
    expect((await auditor.get('/backoffice/api/audit')).envelope?.ret_code).toBe(0);
    const chain = (await auditor.get('/backoffice/api/audit/chain')).envelope?.result as AuditChainStatus;
    expect(chain).toMatchObject({ state: 'verified', broken: null });
    expect(chain.verifiedThroughId).toBeGreaterThan(0);

    // As the runtime role every way of rewriting the audit log is refused by PostgreSQL itself.
    const refusals = await admin(runtimeUrl, async (client) => {
      const attempt = async (statement: string) =>
        client.query(statement).then(
          () => 'allowed',
          (error: { code?: string }) => error.code,
        );
      return {
        update: await attempt(`update audit_log set details = '{}'`),
        delete: await attempt('delete from audit_log'),
        truncate: await attempt('truncate audit_log'),
        disableTrigger: await attempt('alter table audit_log disable trigger user'),
        dropTable: await attempt('drop table audit_log'),
        moveHead: await attempt('alter table audit_chain_head disable trigger all'),
        migrations: await attempt('select * from kysely_migration'),
        insert: await attempt(
          `insert into audit_log (id, at, staff_id, action) values (1000000, 1, 1, 'case.view')`,
        ),
      };
    });
    expect(refusals).toEqual({
      update: '42501',
      delete: '42501',
      truncate: '42501',
      disableTrigger: '42501',
      dropTable: '42501',
      moveHead: '42501',
      migrations: '42501',
      // It may append (that is its job): a row written past the chain is then found as inserted.
      insert: 'allowed',
    });

    // The owner role could (the finding): with the trigger off, DELETE goes through.
    await admin(ownerUrl, async (client) => {
      await client.query('alter table audit_log disable trigger user');
      await client.query('delete from audit_log where id = 1');
      await client.query('alter table audit_log enable trigger user');
    });
  });

  it('when the grants are applied twice, then the second run changes nothing and still refuses a runtime role that owns a table', async () => {
    const { ownerUrl, role } = await freshDatabaseAndRole();
    const owner = await openMigratedDatabase({
      databaseUrl: ownerUrl,
      databaseMigrationUrl: ownerUrl,
      dataMasterKey: Buffer.from(TEST_MASTER_KEY, 'base64'),
    });
    cleanups.push(() => owner.close());
    await ensureRole(owner.db, role);
    const first = await grantRuntime(owner.db, role);
    expect(await grantRuntime(owner.db, role)).toEqual(first);
    expect(first).toContain(`grant select, insert on table "public"."audit_log" to "${role}"`);
    await admin(ownerUrl, (c) =>
      c.query(`create table owned_by_runtime (x int); alter table owned_by_runtime owner to "${role}"`),
    );
    await expect(grantRuntime(owner.db, role)).rejects.toThrow(/must own nothing/);
    await admin(ownerUrl, (c) => c.query('drop table owned_by_runtime'));
  });

  it('when npm run db:roles runs twice, then it migrates, creates the runtime role once and grants it; one role for both is refused', async () => {
    const { ownerUrl, runtimeUrl, role } = await freshDatabaseAndRole();
    const withPassword = new URL(runtimeUrl);
    withPassword.password = 'a-long-runtime-password';
    const env = {
      DATABASE_URL: withPassword.toString(),
      DATABASE_MIGRATION_URL: ownerUrl,
      DATA_MASTER_KEY: TEST_MASTER_KEY,
      SESSION_SECRET: 'x'.repeat(40),
    };
    const lines: string[] = [];
    expect(await dbRoles(env, (line) => lines.push(line))).toBe(0);
    expect(lines[0]).toBe(`role ${role}: created, password set`);
    expect(lines).toContain(`  grant select, insert on table "public"."audit_log" to "${role}";`);
    lines.length = 0;
    expect(await dbRoles(env, (line) => lines.push(line))).toBe(0);
    expect(lines[0]).toBe(`role ${role}: existed, password set`);
    expect(await dbRoles({ ...env, DATABASE_URL: ownerUrl }, (line) => lines.push(line))).toBe(1);
    expect(lines.at(-1)).toMatch(/the runtime role must be another/);
  });
});
