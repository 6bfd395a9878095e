import type { Db } from '../db.ts';
import type { NewSdkToken, SdkBusinessRow, SdkTokenRow } from '../schema/index.ts';

/** A partner business as the rest of the server sees it (allowed origins parsed, flags as booleans). */
export interface SdkBusiness {
  id: string;
  name: string;
  allowedOrigins: string[];
  accessOrigin: string;
  apiKeyHash: string;
  active: boolean;
  /** The exchange's own apps: they reach every user; any other business only its linked users. */
  firstParty: boolean;
}

export interface NewSdkBusiness {
  id: string;
  name: string;
  allowedOrigins: readonly string[];
  accessOrigin?: string;
  apiKeyHash: string;
  active?: boolean;
  firstParty?: boolean;
}

/** A token row with what every SDK call must also check: its business and its user. */
export interface SdkTokenContext extends SdkTokenRow {
  business_active: number;
  access_origin: string;
  user_disabled: number;
  business_first_party: number;
  /** A live partner link of the token's business and user exists (1/true), or not. */
  link_live: number | boolean;
}

function toBusiness(row: SdkBusinessRow): SdkBusiness {
  return {
    id: row.id,
    name: row.name,
    allowedOrigins: parseOrigins(row.allowed_origins),
    accessOrigin: row.access_origin,
    apiKeyHash: row.api_key_hash,
    active: row.active === 1,
    firstParty: row.first_party === 1,
  };
}

function parseOrigins(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Partner businesses and their SDK access tokens (keyed by the SHA-256 of the token). */
export function sdkRepo(db: Db) {
  return {
    async findBusiness(id: string): Promise<SdkBusiness | undefined> {
      const row = await db.selectFrom('sdk_businesses').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toBusiness(row) : undefined;
    },

    async insertBusiness(business: NewSdkBusiness, at: number): Promise<void> {
      await db
        .insertInto('sdk_businesses')
        .values({
          id: business.id,
          name: business.name,
          allowed_origins: JSON.stringify(business.allowedOrigins),
          ...(business.accessOrigin ? { access_origin: business.accessOrigin } : {}),
          api_key_hash: business.apiKeyHash,
          active: business.active === false ? 0 : 1,
          first_party: business.firstParty === true ? 1 : 0,
          created_at: at,
          updated_at: at,
        })
        .execute();
    },

    async updateBusiness(
      id: string,
      fields: { active?: boolean; apiKeyHash?: string; allowedOrigins?: readonly string[] },
      at: number,
    ): Promise<void> {
      await db
        .updateTable('sdk_businesses')
        .set({
          ...(fields.active === undefined ? {} : { active: fields.active ? 1 : 0 }),
          ...(fields.apiKeyHash === undefined ? {} : { api_key_hash: fields.apiKeyHash }),
          ...(fields.allowedOrigins === undefined
            ? {}
            : { allowed_origins: JSON.stringify(fields.allowedOrigins) }),
          updated_at: at,
        })
        .where('id', '=', id)
        .execute();
    },

    async insertToken(token: NewSdkToken): Promise<void> {
      await db.insertInto('sdk_tokens').values(token).execute();
    },

    async findToken(id: string): Promise<SdkTokenRow | undefined> {
      return db.selectFrom('sdk_tokens').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * One query for everything a presented token must satisfy, including whether its business still
     * holds a live link to its user (a partner's token stops the moment the person revokes the link).
     */
    async findTokenContext(id: string): Promise<SdkTokenContext | undefined> {
      return db
        .selectFrom('sdk_tokens')
        .innerJoin('sdk_businesses', 'sdk_businesses.id', 'sdk_tokens.business_id')
        .innerJoin('users', 'users.id', 'sdk_tokens.user_id')
        .selectAll('sdk_tokens')
        .select((eb) => [
          'sdk_businesses.active as business_active',
          'sdk_businesses.access_origin as access_origin',
          'sdk_businesses.first_party as business_first_party',
          'users.disabled as user_disabled',
          eb
            .exists(
              eb
                .selectFrom('partner_links')
                .select('partner_links.id')
                .whereRef('partner_links.business_id', '=', 'sdk_tokens.business_id')
                .whereRef('partner_links.user_id', '=', 'sdk_tokens.user_id')
                .where('partner_links.revoked_at', 'is', null),
            )
            .as('link_live'),
        ])
        .where('sdk_tokens.id', '=', id)
        .executeTakeFirst();
    },

    /** Revokes one token of the business (a token of another business is left alone). Returns how many. */
    async revokeToken(businessId: string, id: string, at: number): Promise<number> {
      const result = await db
        .updateTable('sdk_tokens')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('business_id', '=', businessId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Revokes every live token the business holds for one user. Returns how many. */
    async revokeUserTokens(businessId: string, userId: number, at: number): Promise<number> {
      const result = await db
        .updateTable('sdk_tokens')
        .set({ revoked_at: at })
        .where('business_id', '=', businessId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Removes tokens past their expiry (revoked ones too, once expired). Returns how many. */
    async deleteExpired(now: number): Promise<number> {
      const result = await db.deleteFrom('sdk_tokens').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type SdkRepo = ReturnType<typeof sdkRepo>;
