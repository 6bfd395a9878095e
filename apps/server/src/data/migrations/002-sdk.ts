import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';

/**
 * SDK (embedded) mode, docs/sdk.md: partner businesses and the access tokens they obtain for their
 * users. Only hashes of API keys and tokens are stored.
 */
export const m002Sdk: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('sdk_businesses')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('allowed_origins', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('access_origin', 'text', (c) => c.notNull().defaultTo('bybit'))
      .addColumn('api_key_hash', 'text', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('sdk_businesses_active_check', sql`active in (0, 1)`)
      .execute();

    await db.schema
      .createTable('sdk_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('business_id', 'text', (c) =>
        c.notNull().references('sdk_businesses.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('sdk_from', 'text', (c) => c.notNull())
      .addColumn('scene', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('is_update_poi', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('redirect_url', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('sdk_tokens_business_user_idx')
      .on('sdk_tokens')
      .columns(['business_id', 'user_id'])
      .execute();
    await db.schema.createIndex('sdk_tokens_user_idx').on('sdk_tokens').column('user_id').execute();
    await db.schema.createIndex('sdk_tokens_expires_idx').on('sdk_tokens').column('expires_at').execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('sdk_tokens').execute();
    await db.schema.dropTable('sdk_businesses').execute();
  },
});
