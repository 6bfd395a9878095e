import type { Db } from '../db.ts';
import type { SdkBusinessRow } from '../schema/index.ts';

/** A partner business as the back office sees it (docs/sdk.md "Signed partner calls"). */
export interface PartnerRow {
  id: string;
  name: string;
  allowedOrigins: string[];
  firstParty: boolean;
  active: boolean;
  linkedUsers: number;
  createdAt: number;
  updatedAt: number;
}

export interface PartnerChange {
  allowedOrigins?: readonly string[];
  firstParty?: boolean;
  active?: boolean;
}

function parseOrigins(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

const toPartner = (row: SdkBusinessRow): PartnerRow => ({
  id: row.id,
  name: row.name,
  allowedOrigins: parseOrigins(row.allowed_origins),
  firstParty: Number(row.first_party) === 1,
  active: Number(row.active) === 1,
  linkedUsers: Number(row.linked_users),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

/**
 * The partners page's reads and writes of sdk_businesses. Every change is a compare-and-set on
 * updated_at, and moves updated_at forward by at least 1 ms, so two edits made on the same read can
 * never both succeed even within one millisecond.
 */
export function partnersRepo(db: Db) {
  return {
    /** Partners in id order after `cursor`; one more than `limit` tells whether a next page exists. */
    async page(cursor: string | undefined, limit: number): Promise<PartnerRow[]> {
      let query = db.selectFrom('sdk_businesses').selectAll();
      if (cursor !== undefined) query = query.where('id', '>', cursor);
      const rows = await query
        .orderBy('id')
        .limit(limit + 1)
        .execute();
      return rows.map(toPartner);
    },

    async find(id: string): Promise<PartnerRow | undefined> {
      const row = await db.selectFrom('sdk_businesses').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toPartner(row) : undefined;
    },

    /** False when the id is taken (the row is left as it is). */
    async insert(
      partner: {
        id: string;
        name: string;
        allowedOrigins: readonly string[];
        firstParty: boolean;
        retiredKeyHash: string;
      },
      at: number,
    ): Promise<boolean> {
      const result = await db
        .insertInto('sdk_businesses')
        .values({
          id: partner.id,
          name: partner.name,
          allowed_origins: JSON.stringify(partner.allowedOrigins),
          api_key_hash: partner.retiredKeyHash,
          first_party: partner.firstParty ? 1 : 0,
          active: 1,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /**
     * Applies the change if the row is still at `expectedUpdatedAt`; answers the row after, or
     * undefined when someone else changed it first (or it does not exist).
     */
    async update(
      id: string,
      expectedUpdatedAt: number,
      change: PartnerChange,
      at: number,
    ): Promise<PartnerRow | undefined> {
      const updatedAt = Math.max(at, expectedUpdatedAt + 1);
      const result = await db
        .updateTable('sdk_businesses')
        .set({
          ...(change.allowedOrigins === undefined
            ? {}
            : { allowed_origins: JSON.stringify(change.allowedOrigins) }),
          ...(change.firstParty === undefined ? {} : { first_party: change.firstParty ? 1 : 0 }),
          ...(change.active === undefined ? {} : { active: change.active ? 1 : 0 }),
          updated_at: updatedAt,
        })
        .where('id', '=', id)
        .where('updated_at', '=', expectedUpdatedAt)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      return this.find(id);
    },
  };
}
export type PartnersRepo = ReturnType<typeof partnersRepo>;
