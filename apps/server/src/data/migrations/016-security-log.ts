import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

/**
 * The end user's security log (issue 11, docs/security.md "Sign-in abuse"): every sign-in, failed
 * sign-in and throttled attempt on a person's account, which the person reads as "Recent sign-ins".
 * Privacy: the client address is kept only as its network (IPv4 /24, IPv6 /48), the User-Agent only as
 * its browser and system names ("Firefox", "Windows"), never the full header. Failures for an email without an
 * account are stored against no one (there is no row to point at). The index answers the only read, the
 * person's newest first, with an id cursor (ids grow with time).
 */
export const m016SecurityLog: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withIdColumn(db.schema.createTable('user_security_events'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('network', 'text', (c) => c.notNull())
      .addColumn('browser', 'text', (c) => c.notNull())
      .addColumn('system', 'text', (c) => c.notNull())
      .addCheckConstraint(
        'user_security_events_kind_check',
        sql`kind in ('sign_in', 'sign_up', 'sign_in_failed', 'sign_in_throttled', 'second_factor_failed')`,
      )
      .execute();
    await db.schema
      .createIndex('user_security_events_user_idx')
      .on('user_security_events')
      .columns(['user_id', 'id'])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('user_security_events').execute();
  },
});
