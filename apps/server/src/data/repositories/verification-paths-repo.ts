import type { KycProvider } from '@kyc/contracts';
import type { Db } from '../db.ts';
import type { KycSubmissionRow, QuickKycOfferRow, VendorSessionRow } from '../schema/index.ts';

export interface VendorIdTypeRow {
  idType: string;
  country: string;
  enabled: boolean;
}

export interface NewVendorSession {
  id: string;
  userId: number;
  level: number;
  idType: string;
  country: string;
  provider: string;
  createdAt: number;
  expiresAt: number;
}

export interface ProviderRoute {
  country: string;
  provider: KycProvider;
  percentage: number;
}

/**
 * Migration 007's tables (docs/kyc.md "Vendor (non-document) verification", "Quick KYC", "Routing and
 * the verification flow", "Announcements") and the approved identities kyc-info lists: their only SQL.
 */
export function verificationPathsRepo(db: Db) {
  const repo = {
    async vendorIdTypes(): Promise<VendorIdTypeRow[]> {
      const rows = await db
        .selectFrom('vendor_id_types')
        .selectAll()
        .orderBy('country')
        .orderBy('id_type')
        .execute();
      return rows.map((r) => ({ idType: r.id_type, country: r.country, enabled: r.enabled === 1 }));
    },

    async insertVendorSession(s: NewVendorSession): Promise<void> {
      await db
        .insertInto('vendor_sessions')
        .values({
          id: s.id,
          user_id: s.userId,
          level: s.level,
          id_type: s.idType,
          country: s.country,
          provider: s.provider,
          created_at: s.createdAt,
          expires_at: s.expiresAt,
          used_at: null,
        })
        .execute();
    },

    /** The session with this token hash, only if it is this user's (another user's is not found). */
    async findVendorSession(userId: number, id: string): Promise<VendorSessionRow | undefined> {
      return db
        .selectFrom('vendor_sessions')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Marks a live session used (compare-and-set): false when it was used or expired meanwhile. */
    async useVendorSession(id: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('vendor_sessions')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async countVendorSessionsSince(userId: number, since: number): Promise<number> {
      const row = await db
        .selectFrom('vendor_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Deletes sessions that ended more than a day ago (the submission keeps what was checked). */
    async sweepVendorSessions(before: number): Promise<number> {
      const result = await db
        .deleteFrom('vendor_sessions')
        .where('expires_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The user's newest offer that is neither consumed nor expired at `at`. */
    async liveQuickKycOffer(userId: number, at: number): Promise<QuickKycOfferRow | undefined> {
      return db
        .selectFrom('quick_kyc_offers')
        .selectAll()
        .where('user_id', '=', userId)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', at)
        .orderBy('verified_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async consumedQuickKycOffers(userId: number): Promise<QuickKycOfferRow[]> {
      return db
        .selectFrom('quick_kyc_offers')
        .selectAll()
        .where('user_id', '=', userId)
        .where('consumed_at', 'is not', null)
        .orderBy('consumed_at')
        .execute();
    },

    /** Consumes a live offer (compare-and-set): false when it was consumed or expired meanwhile. */
    async consumeQuickKycOffer(id: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('quick_kyc_offers')
        .set({ consumed_at: at })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async insertQuickKycOffer(offer: Omit<QuickKycOfferRow, 'id' | 'consumed_at'>): Promise<number> {
      const row = await db
        .insertInto('quick_kyc_offers')
        .values({ ...offer, consumed_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async hasQuickKycOffer(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('quick_kyc_offers')
        .select('id')
        .where('user_id', '=', userId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The route of a country, else the '*' route, else none. */
    async providerRoute(country: string): Promise<ProviderRoute | undefined> {
      const rows = await db
        .selectFrom('provider_routes')
        .select(['country', 'provider', 'percentage'])
        .where('country', 'in', country ? [country, '*'] : ['*'])
        .execute();
      return rows.find((r) => r.country === country) ?? rows.find((r) => r.country === '*');
    },

    async setProviderRoute(route: ProviderRoute, at: number): Promise<void> {
      const values = { provider: route.provider, percentage: route.percentage, updated_at: at };
      await db
        .insertInto('provider_routes')
        .values({ ...values, country: route.country })
        .onConflict((oc) => oc.column('country').doUpdateSet(values))
        .execute();
    },

    /** announcement id → when the person acknowledged it. */
    async acknowledgements(userId: number): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('kyc_announcement_acks')
        .select(['announcement_id', 'acknowledged_at'])
        .where('user_id', '=', userId)
        .execute();
      return new Map(rows.map((r) => [r.announcement_id, Number(r.acknowledged_at)]));
    },

    async acknowledge(userId: number, announcementId: string, at: number): Promise<void> {
      await db
        .insertInto('kyc_announcement_acks')
        .values({ user_id: userId, announcement_id: announcementId, acknowledged_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'announcement_id']).doUpdateSet({ acknowledged_at: at }))
        .execute();
    },

    /** The user's APPROVED level-1 identity submissions (documents and vendor checks), oldest first. */
    async approvedIdentitySubmissions(userId: number): Promise<KycSubmissionRow[]> {
      return db
        .selectFrom('kyc_submissions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'APPROVED')
        .where('level', '=', 1)
        .where('kind', 'in', ['level', 'reverification', 'update_id', 'vendor'])
        .orderBy('decided_at')
        .orderBy('id')
        .execute();
    },

    /** submission id → the sides of its documents. */
    async sidesOfSubmissions(userId: number, ids: readonly number[]): Promise<Map<number, string[]>> {
      const sides = new Map<number, string[]>();
      if (ids.length === 0) return sides;
      const rows = await db
        .selectFrom('kyc_documents')
        .select(['submission_id', 'side'])
        .where('user_id', '=', userId)
        .where('submission_id', 'in', [...ids])
        .orderBy('created_at')
        .execute();
      for (const row of rows) {
        const id = Number(row.submission_id);
        sides.set(id, [...(sides.get(id) ?? []), row.side]);
      }
      return sides;
    },
  };
  return repo;
}
export type VerificationPathsRepo = ReturnType<typeof verificationPathsRepo>;
