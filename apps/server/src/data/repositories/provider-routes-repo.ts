import type { KycProvider } from '@kyc/contracts';
import type { Db } from '../db.ts';

export interface StoredProviderRoute {
  country: string;
  provider: KycProvider;
  percentage: number;
  updatedAt: number;
}

/**
 * The provider routes (migration 007, decision D23) as the back office edits them: the only writes of
 * `provider_routes` besides the demo seed. Every change is a compare-and-set on `updated_at` (the
 * version an admin read): a create inserts only when no row exists, an update or delete touches the row
 * only when its `updated_at` is still the one read, so of two concurrent edits exactly one wins. Reading
 * for routing stays in verification-paths-repo.
 */
export function providerRoutesRepo(db: Db) {
  const columns = ['country', 'provider', 'percentage', 'updated_at'] as const;
  const toRoute = (r: {
    country: string;
    provider: KycProvider;
    percentage: number;
    updated_at: number;
  }) => ({
    country: r.country,
    provider: r.provider,
    percentage: Number(r.percentage),
    updatedAt: Number(r.updated_at),
  });

  return {
    /** Every route, '*' first, then by country. */
    async list(): Promise<StoredProviderRoute[]> {
      const rows = await db.selectFrom('provider_routes').select(columns).orderBy('country').execute();
      return rows.map(toRoute).sort((a, b) => (a.country === '*' ? -1 : b.country === '*' ? 1 : 0));
    },

    async find(country: string): Promise<StoredProviderRoute | undefined> {
      const row = await db
        .selectFrom('provider_routes')
        .select(columns)
        .where('country', '=', country)
        .executeTakeFirst();
      return row && toRoute(row);
    },

    /** Creates the route; false when one exists already (a concurrent create won). */
    async insertIfAbsent(route: StoredProviderRoute): Promise<boolean> {
      const row = await db
        .insertInto('provider_routes')
        .values({
          country: route.country,
          provider: route.provider,
          percentage: route.percentage,
          updated_at: route.updatedAt,
        })
        .onConflict((oc) => oc.column('country').doNothing())
        .returning('country')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Changes the route only if it is still at `expectedUpdatedAt`; false otherwise. */
    async update(route: StoredProviderRoute, expectedUpdatedAt: number): Promise<boolean> {
      const result = await db
        .updateTable('provider_routes')
        .set({ provider: route.provider, percentage: route.percentage, updated_at: route.updatedAt })
        .where('country', '=', route.country)
        .where('updated_at', '=', expectedUpdatedAt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Deletes the route (only if still at `expectedUpdatedAt`, when given); false when nothing matched. */
    async delete(country: string, expectedUpdatedAt?: number): Promise<boolean> {
      let query = db.deleteFrom('provider_routes').where('country', '=', country);
      if (expectedUpdatedAt !== undefined) query = query.where('updated_at', '=', expectedUpdatedAt);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}
export type ProviderRoutesRepo = ReturnType<typeof providerRoutesRepo>;
