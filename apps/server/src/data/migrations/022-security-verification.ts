import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

/**
 * Issue 15, security verification (step-up; docs/security-verification.md, D52–D54):
 * - `user_totp`: a person's authenticator app. The secret is sealed (AES-GCM under a key derived from
 *   DATA_MASTER_KEY, as the staff's); `enabled_at` is null until the first code confirms the enrolment;
 *   `last_step` is the last accepted time step, advanced by a compare-and-set so a code works once.
 * - `verification_challenges`: one email code (30101 otp) sent for a scene in a session. Only an HMAC of
 *   the code is kept; `attempts` counts wrong codes (5 end it), `sends` the mails (resend limits);
 *   `status` open → passed | failed | replaced, each change a compare-and-set on the open row.
 * - `risk_tokens`: what a passed verification yields. Only the SHA-256 of the token is stored, bound to
 *   the person, the scene and the session; `used_at` is set by a compare-and-set (single use).
 * - `device_sign_in_failures`: failed sign-ins per device (the guid cookie, spec §3), which
 *   `/user/public/risk/default-intercept` reads.
 * - `dev_mailbox`: mail kept by the server when no SMTP_URL is set outside production (/dev/mailbox).
 */
export const m022SecurityVerification: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('user_totp')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('secret_enc', 'text', (c) => c.notNull())
      .addColumn('enabled_at', 'bigint')
      .addColumn('last_step', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('verification_challenges')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('scene', 'integer', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('open')
          .check(sqlIn('status', ['open', 'passed', 'failed', 'replaced'])),
      )
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sends', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_sent_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('verification_challenges_user_idx')
      .on('verification_challenges')
      .columns(['user_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('risk_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('scene', 'integer', (c) => c.notNull())
      .addColumn('component', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('risk_tokens_expires_idx').on('risk_tokens').column('expires_at').execute();

    await db.schema
      .createTable('device_sign_in_failures')
      .addColumn('guid', 'text', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('first_at', 'bigint', (c) => c.notNull())
      .addColumn('last_at', 'bigint', (c) => c.notNull())
      .execute();

    await withIdColumn(db.schema.createTable('dev_mailbox'), dialect)
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text_body', 'text', (c) => c.notNull())
      .addColumn('html_body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: MigrationDb) {
    for (const table of [
      'dev_mailbox',
      'device_sign_in_failures',
      'risk_tokens',
      'verification_challenges',
      'user_totp',
    ])
      await db.schema.dropTable(table).execute();
  },
});

/** A CHECK that `column` holds one of `values`. */
function sqlIn(column: string, values: readonly string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}
