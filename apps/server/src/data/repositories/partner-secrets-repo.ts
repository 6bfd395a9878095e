import type { Db } from '../db.ts';

export interface StoredSecret {
  id: number;
  businessId: string;
  sealed: string;
  fingerprint: string;
  createdAt: number;
}

const toSecret = (row: {
  id: number;
  business_id: string;
  secret_sealed: string;
  fingerprint: string;
  created_at: number;
}): StoredSecret => ({
  id: Number(row.id),
  businessId: row.business_id,
  sealed: row.secret_sealed,
  fingerprint: row.fingerprint,
  createdAt: Number(row.created_at),
});

/**
 * Partner signing secrets (sealed) and the signatures already accepted (migration 013). A signature is
 * the primary key of sdk_request_nonces, so "first use" is decided by the database: two instances
 * receiving the same signed request at once cannot both insert it.
 */
export function partnerSecretsRepo(db: Db) {
  return {
    /** The live (not revoked) secrets of one business, oldest first. */
    async liveSecrets(businessId: string): Promise<StoredSecret[]> {
      const rows = await db
        .selectFrom('sdk_business_secrets')
        .select(['id', 'business_id', 'secret_sealed', 'fingerprint', 'created_at'])
        .where('business_id', '=', businessId)
        .where('revoked_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toSecret);
    },

    /** The live secrets of several businesses (one query for a page of the back office). */
    async liveSecretsOf(businessIds: readonly string[]): Promise<StoredSecret[]> {
      if (businessIds.length === 0) return [];
      const rows = await db
        .selectFrom('sdk_business_secrets')
        .select(['id', 'business_id', 'secret_sealed', 'fingerprint', 'created_at'])
        .where('business_id', 'in', businessIds)
        .where('revoked_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toSecret);
    },

    async insertSecret(
      secret: { businessId: string; sealed: string; fingerprint: string },
      at: number,
    ): Promise<number> {
      const row = await db
        .insertInto('sdk_business_secrets')
        .values({
          business_id: secret.businessId,
          secret_sealed: secret.sealed,
          fingerprint: secret.fingerprint,
          created_at: at,
          revoked_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** Revokes one live secret of the business; false when there is no such live secret. */
    async revokeSecret(businessId: string, id: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('sdk_business_secrets')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('business_id', '=', businessId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Secrets still in clear (the demo seed writes them before the app holds the master key). */
    async secretsWithPrefix(prefix: string): Promise<StoredSecret[]> {
      const rows = await db
        .selectFrom('sdk_business_secrets')
        .select(['id', 'business_id', 'secret_sealed', 'fingerprint', 'created_at'])
        .where('secret_sealed', 'like', `${prefix}%`)
        .execute();
      return rows.map(toSecret);
    },

    /** Compare-and-set: replaces the stored value only if it is still `before`. */
    async replaceSealed(id: number, before: string, after: string): Promise<boolean> {
      const result = await db
        .updateTable('sdk_business_secrets')
        .set({ secret_sealed: after })
        .where('id', '=', id)
        .where('secret_sealed', '=', before)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Records an accepted signature; false when it was recorded before (a replay). */
    async recordSignature(signature: string, businessId: string, expiresAt: number): Promise<boolean> {
      const result = await db
        .insertInto('sdk_request_nonces')
        .values({ signature, business_id: businessId, expires_at: expiresAt })
        .onConflict((oc) => oc.column('signature').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Forgets signatures whose window has passed (they would be refused as out of window anyway). */
    async deleteExpiredSignatures(now: number): Promise<number> {
      const result = await db
        .deleteFrom('sdk_request_nonces')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type PartnerSecretsRepo = ReturnType<typeof partnerSecretsRepo>;
