import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';

/**
 * D80, sign-in behind an email code for an intercepted device (docs/security-verification.md "Before
 * sign-in"): `sign_in_codes`, one email code asked for an email on a device (the guid of spec §3).
 * - `email_key` is an HMAC of the normalised email (a key derived from DATA_MASTER_KEY), never the
 *   address: a row is kept for an email without an account too (with the hash of a code never sent), so
 *   the limits and every answer are the same whether or not the account exists.
 * - `code_hash`: HMAC of the code bound to the row id; `attempts` counts wrong codes (and wrong passwords
 *   after a right code; 5 end it), `sends` the mails; `status` open → passed | failed | replaced, each
 *   change a compare-and-set on the open row.
 */
export const m034SignInCodes: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('sign_in_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email_key', 'text', (c) => c.notNull())
      .addColumn('guid', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('open')
          .check(sql`${sql.ref('status')} in ('open', 'passed', 'failed', 'replaced')`),
      )
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sends', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_sent_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sign_in_codes_email_idx')
      .on('sign_in_codes')
      .columns(['email_key', 'last_sent_at'])
      .execute();
    await db.schema
      .createIndex('sign_in_codes_guid_idx')
      .on('sign_in_codes')
      .columns(['guid', 'last_sent_at'])
      .execute();
    await db.schema
      .createIndex('sign_in_codes_expires_idx')
      .on('sign_in_codes')
      .column('expires_at')
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('sign_in_codes').execute();
  },
});
