import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';
import { withIdColumn } from './helpers.ts';

/**
 * Partners reach only their own users (issue 11, docs/sdk.md "Partner links", D36):
 * - `partner_links`: a person agreed to share their verification with a business, which knows them by
 *   its own reference (never our email or user id). At most one live link per (business, reference) and
 *   per (business, person); a revoked link stays as a record of the consent and its end.
 * - `sdk_link_tokens`: an access token minted for a reference that is not (yet) linked. It opens only
 *   the embedded sign-in / sign-up / consent screens; on consent the same token becomes an ordinary
 *   `sdk_tokens` row for the person. `pending_user_id` holds who signed in before they agreed.
 * - `sdk_businesses.first_party`: the exchange's own apps, set by the operator, keep access to every user.
 *   `linked_users` is a counter kept in the link's transaction (no count over the links per page view).
 * - `sdk_business_secrets`: HMAC secrets of signed partner calls, sealed with the data key (the server
 *   must hold the secret to verify a signature); two may be live at once for rotation.
 * - `sdk_request_nonces`: signatures already accepted, kept for the 5-minute window, so a replayed
 *   call is refused on every instance.
 */
export const m013PartnerLinks: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await db.schema
      .alterTable('sdk_businesses')
      .addColumn('first_party', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('sdk_businesses')
      .addColumn('linked_users', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    // The exchange's own web portal is first party by construction (migration 006).
    await db.updateTable('sdk_businesses').set({ first_party: 1 }).where('id', '=', 'exchange-web').execute();

    await withIdColumn(db.schema.createTable('partner_links'), dialect)
      .addColumn('business_id', 'text', (c) =>
        c.notNull().references('sdk_businesses.id').onDelete('cascade'),
      )
      .addColumn('partner_ref', 'text', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('consent_version', 'text', (c) => c.notNull())
      .addColumn('consented_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('revoked_by', 'text')
      .addCheckConstraint(
        'partner_links_revoked_by_check',
        sql`revoked_by is null or revoked_by in ('user', 'partner', 'staff')`,
      )
      .execute();
    await db.schema
      .createIndex('partner_links_live_ref_idx')
      .on('partner_links')
      .columns(['business_id', 'partner_ref'])
      .unique()
      .where(sql.ref('revoked_at'), 'is', null)
      .execute();
    await db.schema
      .createIndex('partner_links_live_user_idx')
      .on('partner_links')
      .columns(['business_id', 'user_id'])
      .unique()
      .where(sql.ref('revoked_at'), 'is', null)
      .execute();
    await db.schema
      .createIndex('partner_links_user_idx')
      .on('partner_links')
      .columns(['user_id', 'consented_at'])
      .execute();

    await db.schema
      .createTable('sdk_link_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('business_id', 'text', (c) =>
        c.notNull().references('sdk_businesses.id').onDelete('cascade'),
      )
      .addColumn('partner_ref', 'text', (c) => c.notNull())
      .addColumn('sdk_from', 'text', (c) => c.notNull())
      .addColumn('scene', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('is_update_poi', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('redirect_url', 'text')
      .addColumn('pending_user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('sdk_link_tokens_business_ref_idx')
      .on('sdk_link_tokens')
      .columns(['business_id', 'partner_ref'])
      .execute();
    await db.schema
      .createIndex('sdk_link_tokens_expires_idx')
      .on('sdk_link_tokens')
      .column('expires_at')
      .execute();

    await withIdColumn(db.schema.createTable('sdk_business_secrets'), dialect)
      .addColumn('business_id', 'text', (c) =>
        c.notNull().references('sdk_businesses.id').onDelete('cascade'),
      )
      .addColumn('secret_sealed', 'text', (c) => c.notNull())
      /** The first 8 hex digits of SHA-256(secret): how staff and partners tell two secrets apart. */
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('sdk_business_secrets_business_idx')
      .on('sdk_business_secrets')
      .columns(['business_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('sdk_request_nonces')
      .addColumn('signature', 'text', (c) => c.primaryKey())
      .addColumn('business_id', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sdk_request_nonces_expires_idx')
      .on('sdk_request_nonces')
      .column('expires_at')
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('sdk_request_nonces').execute();
    await db.schema.dropTable('sdk_business_secrets').execute();
    await db.schema.dropTable('sdk_link_tokens').execute();
    await db.schema.dropTable('partner_links').execute();
    await db.schema.alterTable('sdk_businesses').dropColumn('linked_users').execute();
    await db.schema.alterTable('sdk_businesses').dropColumn('first_party').execute();
  },
});
