import type { Db } from '../db.ts';
import type { PartnerLinkRow, SdkLinkTokenRow } from '../schema/index.ts';

/**
 * Partner links and link tokens (migration 013, docs/sdk.md "Partner links"): the only SQL of "a partner
 * reaches only the people who agreed". Every state change is a compare-and-set (the WHERE names the state
 * it leaves) so two concurrent requests never both win; the repository set's `transaction`
 * (data/repositories/index.ts) runs several of them as one.
 */

/** A link token with what every call on it must also check: its business. */
export interface LinkTokenContext extends SdkLinkTokenRow {
  business_name: string;
  business_active: number;
  access_origin: string;
}

/** A live link of one person, with its business's name, for the personal page. */
export interface PersonLink {
  id: number;
  businessId: string;
  businessName: string;
  consentVersion: string;
  consentedAt: number;
}

export function partnerLinksRepo(db: Db) {
  return {
    async findLiveLinkByRef(businessId: string, ref: string): Promise<PartnerLinkRow | undefined> {
      return db
        .selectFrom('partner_links')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('partner_ref', '=', ref)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
    },

    async findLiveLinkByUser(businessId: string, userId: number): Promise<PartnerLinkRow | undefined> {
      return db
        .selectFrom('partner_links')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
    },

    async insertLinkToken(row: Omit<SdkLinkTokenRow, 'consumed_at' | 'revoked_at' | 'pending_user_id'>) {
      await db
        .insertInto('sdk_link_tokens')
        .values({ ...row, pending_user_id: null, consumed_at: null, revoked_at: null })
        .execute();
    },

    async findLinkTokenContext(id: string): Promise<LinkTokenContext | undefined> {
      return db
        .selectFrom('sdk_link_tokens')
        .innerJoin('sdk_businesses', 'sdk_businesses.id', 'sdk_link_tokens.business_id')
        .selectAll('sdk_link_tokens')
        .select([
          'sdk_businesses.name as business_name',
          'sdk_businesses.active as business_active',
          'sdk_businesses.access_origin as access_origin',
        ])
        .where('sdk_link_tokens.id', '=', id)
        .executeTakeFirst();
    },

    /** Who signed in on an open link token (the last sign-in wins until consent). True when set. */
    async setPendingUser(id: string, userId: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('sdk_link_tokens')
        .set({ pending_user_id: userId })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Consent: the open token, signed in by this user, is spent. Exactly one caller gets true. */
    async consumeLinkToken(id: string, userId: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('sdk_link_tokens')
        .set({ consumed_at: now })
        .where('id', '=', id)
        .where('pending_user_id', '=', userId)
        .where('consumed_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Declined (by the person) or revoked (by the partner): the open token stops. True when it was open. */
    async endLinkToken(id: string, now: number, businessId?: string): Promise<boolean> {
      let query = db
        .updateTable('sdk_link_tokens')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .where('revoked_at', 'is', null);
      if (businessId !== undefined) query = query.where('business_id', '=', businessId);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The partner revokes by reference: its open link tokens for that reference. Returns how many. */
    async endLinkTokensOfRef(businessId: string, ref: string, now: number): Promise<number> {
      const result = await db
        .updateTable('sdk_link_tokens')
        .set({ revoked_at: now })
        .where('business_id', '=', businessId)
        .where('partner_ref', '=', ref)
        .where('consumed_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** A new live link and the business's counter, in the caller's transaction. Returns the link id. */
    async insertLink(
      link: { businessId: string; ref: string; userId: number; consentVersion: string },
      now: number,
    ): Promise<number> {
      const row = await db
        .insertInto('partner_links')
        .values({
          business_id: link.businessId,
          partner_ref: link.ref,
          user_id: link.userId,
          consent_version: link.consentVersion,
          consented_at: now,
          revoked_at: null,
          revoked_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('sdk_businesses')
        .set((eb) => ({ linked_users: eb('linked_users', '+', 1) }))
        .where('id', '=', link.businessId)
        .execute();
      return Number(row.id);
    },

    /** The spent link token becomes an ordinary SDK token of the person: same id, same expiry. */
    async promoteLinkToken(token: SdkLinkTokenRow, userId: number): Promise<void> {
      await db
        .insertInto('sdk_tokens')
        .values({
          id: token.id,
          business_id: token.business_id,
          user_id: userId,
          sdk_from: token.sdk_from,
          scene: token.scene,
          lang: token.lang,
          is_update_poi: token.is_update_poi,
          hidden: token.hidden,
          redirect_url: token.redirect_url,
          created_at: token.created_at,
          expires_at: token.expires_at,
          revoked_at: null,
        })
        .execute();
    },

    /**
     * Ends one live link of this person (compare-and-set on revoked_at), decrements the business's counter
     * and revokes the business's live tokens for the person. Answers the business id, or null when the
     * link was not live (already revoked, or not this person's). Call inside a transaction.
     */
    async revokeLink(
      linkId: number,
      userId: number,
      by: 'user' | 'partner' | 'staff',
      now: number,
    ): Promise<string | null> {
      const ended = await db
        .updateTable('partner_links')
        .set({ revoked_at: now, revoked_by: by })
        .where('id', '=', linkId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .returning('business_id')
        .executeTakeFirst();
      if (!ended) return null;
      await db
        .updateTable('sdk_businesses')
        .set((eb) => ({ linked_users: eb('linked_users', '-', 1) }))
        .where('id', '=', ended.business_id)
        .execute();
      await db
        .updateTable('sdk_tokens')
        .set({ revoked_at: now })
        .where('business_id', '=', ended.business_id)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
      return ended.business_id;
    },

    /** The person's live links, newest first, with each business's display name. */
    async listLiveLinksOfUser(userId: number): Promise<PersonLink[]> {
      const rows = await db
        .selectFrom('partner_links')
        .innerJoin('sdk_businesses', 'sdk_businesses.id', 'partner_links.business_id')
        .select([
          'partner_links.id as id',
          'partner_links.business_id as business_id',
          'sdk_businesses.name as business_name',
          'partner_links.consent_version as consent_version',
          'partner_links.consented_at as consented_at',
        ])
        .where('partner_links.user_id', '=', userId)
        .where('partner_links.revoked_at', 'is', null)
        .orderBy('partner_links.consented_at', 'desc')
        .orderBy('partner_links.id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        businessId: row.business_id,
        businessName: row.business_name,
        consentVersion: row.consent_version,
        consentedAt: Number(row.consented_at),
      }));
    },

    /** Removes link tokens past their expiry (spent or not), in the `expired-sdk-tokens` sweep. */
    async deleteExpiredLinkTokens(now: number): Promise<number> {
      const result = await db.deleteFrom('sdk_link_tokens').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type PartnerLinksRepo = ReturnType<typeof partnerLinksRepo>;
