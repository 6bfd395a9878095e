import type { Db } from '../db.ts';
import type { IdentityTransferRow, TransferStatus } from '../schema/index.ts';

const OPEN: TransferStatus[] = ['awaiting_source', 'in_review', 'approved'];
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function rowOf(row: IdentityTransferRow): IdentityTransferRow {
  return {
    ...row,
    id: Number(row.id),
    source_user_id: Number(row.source_user_id),
    target_user_id: Number(row.target_user_id),
    target_consent_at: Number(row.target_consent_at),
    source_consent_at: numOrNull(row.source_consent_at),
    cooling_off_until: numOrNull(row.cooling_off_until),
    first_approved_by: numOrNull(row.first_approved_by),
    second_approved_by: numOrNull(row.second_approved_by),
    decided_by: numOrNull(row.decided_by),
    first_approved_at: numOrNull(row.first_approved_at),
    second_approved_at: numOrNull(row.second_approved_at),
    decided_at: numOrNull(row.decided_at),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    completed_at: numOrNull(row.completed_at),
  };
}

/**
 * Migration 023's tables (docs/identity-transfer.md): the only SQL on them. Every status change is a
 * compare-and-set on the status read (and, for approvals, the approver columns), so of two concurrent
 * decisions one commits; the partial unique indexes keep one open transfer per source and per target.
 */
export function identityTransfersRepo(db: Db) {
  return {
    /** Inserts a transfer awaiting the source; a unique violation means another one is open. */
    async insert(t: { sourceUserId: number; targetUserId: number; sourceLevel: number; at: number }) {
      const row = await db
        .insertInto('identity_transfers')
        .values({
          source_user_id: t.sourceUserId,
          target_user_id: t.targetUserId,
          status: 'awaiting_source',
          source_level: t.sourceLevel,
          target_consent_at: t.at,
          created_at: t.at,
          updated_at: t.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async find(id: number): Promise<IdentityTransferRow | undefined> {
      const row = await db
        .selectFrom('identity_transfers')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && rowOf(row);
    },

    /**
     * The staff who approved and decided a transfer, as the case history names them (display name, else
     * email; staff-label.ts), in one query: three left joins on `staff_users`.
     */
    async deciderNames(id: number) {
      const row = await db
        .selectFrom('identity_transfers as t')
        .leftJoin('staff_users as first', 'first.id', 't.first_approved_by')
        .leftJoin('staff_users as second', 'second.id', 't.second_approved_by')
        .leftJoin('staff_users as decider', 'decider.id', 't.decided_by')
        .select([
          'first.display_name as first_name',
          'first.email as first_email',
          'second.display_name as second_name',
          'second.email as second_email',
          'decider.display_name as decider_name',
          'decider.email as decider_email',
        ])
        .where('t.id', '=', id)
        .executeTakeFirst();
      return row;
    },

    /** The newest transfer the person takes part in (as source or target). */
    async latestOf(userId: number): Promise<IdentityTransferRow | undefined> {
      const row = await db
        .selectFrom('identity_transfers')
        .selectAll()
        .where((eb) => eb.or([eb('source_user_id', '=', userId), eb('target_user_id', '=', userId)]))
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && rowOf(row);
    },

    async openOf(userId: number): Promise<IdentityTransferRow | undefined> {
      const row = await db
        .selectFrom('identity_transfers')
        .selectAll()
        .where((eb) => eb.or([eb('source_user_id', '=', userId), eb('target_user_id', '=', userId)]))
        .where('status', 'in', OPEN)
        .limit(1)
        .executeTakeFirst();
      return row && rowOf(row);
    },

    /** A status change from `from`, with the columns it sets; false when the row was no longer `from`. */
    async cas(
      id: number,
      from: TransferStatus,
      to: TransferStatus,
      set: Partial<{
        source_consent_at: number;
        cooling_off_until: number;
        first_approved_by: number;
        second_approved_by: number;
        decided_by: number;
        first_approved_at: number;
        second_approved_at: number;
        decided_at: number;
        reject_reason: string;
        completed_at: number;
      }>,
      at: number,
      firstApprovedBy?: number | null,
    ): Promise<boolean> {
      let query = db
        .updateTable('identity_transfers')
        .set({ ...set, status: to, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', from);
      if (firstApprovedBy !== undefined)
        query =
          firstApprovedBy === null
            ? query.where('first_approved_by', 'is', null)
            : query.where('first_approved_by', '=', firstApprovedBy);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The back-office queue: keyset on (created_at, id), oldest first, after the cursor. */
    async page(status: TransferStatus, limit: number, after?: { createdAt: number; id: number }) {
      let query = db.selectFrom('identity_transfers').selectAll().where('status', '=', status);
      if (after)
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '>', after.createdAt),
            eb.and([eb('created_at', '=', after.createdAt), eb('id', '>', after.id)]),
          ]),
        );
      const rows = await query.orderBy('created_at').orderBy('id').limit(limit).execute();
      return rows.map(rowOf);
    },

    /** Approved transfers whose cooling-off has ended (the completion job). */
    async dueForCompletion(at: number, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('identity_transfers')
        .select('id')
        .where('status', '=', 'approved')
        .where('cooling_off_until', '<=', at)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    async hasOpenProduct(userId: number, product: string): Promise<boolean> {
      const row = await db
        .selectFrom('user_products')
        .select('status')
        .where('user_id', '=', userId)
        .where('product', '=', product)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Boolean(row);
    },

    async setProduct(userId: number, product: string, status: 'open' | 'closed', at: number): Promise<void> {
      await db
        .insertInto('user_products')
        .values({ user_id: userId, product, status, updated_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'product']).doUpdateSet({ status, updated_at: at }))
        .execute();
    },
  };
}
export type IdentityTransfersRepo = ReturnType<typeof identityTransfersRepo>;
