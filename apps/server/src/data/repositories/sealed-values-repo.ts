import type { Db } from '../db.ts';

/** A value sealed under a master key, where it is kept: its row and the text or bytes stored. */
export interface SealedRow<T, Id = number> {
  /** The row's key, in the order pages are read. */
  id: Id;
  /** What the value is bound to (the business of a partner secret), when the value names it. */
  owner: string;
  sealed: T;
}

/**
 * Every value sealed under DATA_MASTER_KEY, for its rotation (D62): the users' wrapped data keys, the
 * partners' signing and webhook secrets, the staff's TOTP secrets. Reads page by id; each replacement
 * is a compare-and-set on the stored value, so a row changed meanwhile (a new secret, a re-enrolment) is
 * left alone and never overwritten with a re-sealed old value.
 */
export function sealedValuesRepo(db: Db) {
  return {
    /** Users' data keys not wrapped under `keyId`, after `afterUserId`, in user id order. */
    async dataKeysNotUnder(keyId: number, afterUserId: number, limit: number): Promise<SealedRow<Buffer>[]> {
      const rows = await db
        .selectFrom('user_data_keys')
        .select(['user_id', 'wrapped_key'])
        .where('key_id', '<>', keyId)
        .where('user_id', '>', afterUserId)
        .orderBy('user_id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: Number(r.user_id),
        owner: String(r.user_id),
        sealed: Buffer.from(r.wrapped_key),
      }));
    },

    async countDataKeysNotUnder(keyId: number): Promise<number> {
      const row = await db
        .selectFrom('user_data_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('key_id', '<>', keyId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async replaceDataKey(userId: number, was: Buffer, wrapped: Buffer, keyId: number): Promise<boolean> {
      const result = await db
        .updateTable('user_data_keys')
        .set({ wrapped_key: wrapped, key_id: keyId })
        .where('user_id', '=', userId)
        .where('wrapped_key', '=', was)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Partner signing secrets, revoked ones too (a revoked secret is still a secret). */
    async partnerSecrets(afterId: number, limit: number): Promise<SealedRow<string>[]> {
      const rows = await db
        .selectFrom('sdk_business_secrets')
        .select(['id', 'business_id', 'secret_sealed'])
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: Number(r.id), owner: r.business_id, sealed: r.secret_sealed }));
    },

    async replacePartnerSecret(id: number, was: string, sealed: string): Promise<boolean> {
      const result = await db
        .updateTable('sdk_business_secrets')
        .set({ secret_sealed: sealed })
        .where('id', '=', id)
        .where('secret_sealed', '=', was)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Webhook endpoints, one per business: paged by the business (ids are strings, none is ''). */
    async webhookSecrets(afterBusiness: string, limit: number): Promise<SealedRow<string, string>[]> {
      const rows = await db
        .selectFrom('partner_webhooks')
        .select(['business_id', 'secret_sealed'])
        .where('business_id', '>', afterBusiness)
        .orderBy('business_id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: r.business_id, owner: r.business_id, sealed: r.secret_sealed }));
    },

    async replaceWebhookSecret(businessId: string, was: string, sealed: string): Promise<boolean> {
      const result = await db
        .updateTable('partner_webhooks')
        .set({ secret_sealed: sealed })
        .where('business_id', '=', businessId)
        .where('secret_sealed', '=', was)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Staff TOTP secrets sealed under a master key (published 'demo:' secrets are not sealed). */
    async staffTotpSecrets(afterId: number, limit: number): Promise<SealedRow<string>[]> {
      const rows = await db
        .selectFrom('staff_users')
        .select(['id', 'totp_secret'])
        .where('totp_secret', 'like', 'v1:%')
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: Number(r.id), owner: String(r.id), sealed: r.totp_secret ?? '' }));
    },

    async replaceStaffTotpSecret(id: number, was: string, sealed: string): Promise<boolean> {
      const result = await db
        .updateTable('staff_users')
        .set({ totp_secret: sealed })
        .where('id', '=', id)
        .where('totp_secret', '=', was)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type SealedValuesRepo = ReturnType<typeof sealedValuesRepo>;
