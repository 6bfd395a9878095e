import type { ChainedFields } from '../../lib/audit-chain-hash.ts';
import type { Db } from '../db.ts';
import type { AuditChainChecksTable } from '../schema/index.ts';

/** A stored audit row with the fields its chain hash covers, and the two hashes that chain it. */
export interface ChainedRow extends ChainedFields {
  prev_hash: string;
  hash: string;
}

export type ChainChecks = Omit<AuditChainChecksTable, 'id'>;

const CHAINED_COLUMNS = [
  'id',
  'at',
  'staff_id',
  'action',
  'subject_user_id',
  'case_ref',
  'details',
  'prev_hash',
  'hash',
] as const;

/**
 * What the audit chain's verifier reads (domain/audit/verify-chain.ts): the head, rows in id order in
 * batches, and the one-row record of the last verification, moved by compare-and-set.
 */
export function auditChainRepo(db: Db) {
  return {
    async head(): Promise<{ lastId: number; lastHash: string }> {
      const row = await db
        .selectFrom('audit_chain_head')
        .select(['last_id', 'last_hash'])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      return { lastId: Number(row.last_id), lastHash: row.last_hash };
    },

    /** Up to `limit` rows with an id above `afterId` (and at most `throughId`), in id order. */
    async rowsAfter(afterId: number, limit: number, throughId?: number): Promise<ChainedRow[]> {
      let query = db.selectFrom('audit_log').select(CHAINED_COLUMNS).where('id', '>', afterId);
      if (throughId !== undefined) query = query.where('id', '<=', throughId);
      const rows = await query.orderBy('id').limit(limit).execute();
      return rows.map((r) => ({ ...r, id: Number(r.id), at: Number(r.at), staff_id: Number(r.staff_id) }));
    },

    async row(id: number): Promise<ChainedRow | undefined> {
      const [row] = await this.rowsAfter(id - 1, 1, id);
      return row;
    },

    async checks(): Promise<ChainChecks> {
      return db
        .selectFrom('audit_chain_checks')
        .select(['verified_id', 'verified_hash', 'verified_at', 'broken_id', 'broken_kind', 'broken_at'])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
    },

    /**
     * Records a verification if nobody recorded another since `expected` was read (compare-and-set on
     * the verified point and the broken mark); answers whether it was recorded.
     */
    async saveChecks(expected: ChainChecks, next: ChainChecks): Promise<boolean> {
      let query = db
        .updateTable('audit_chain_checks')
        .set(next)
        .where('id', '=', 1)
        .where('verified_id', '=', expected.verified_id);
      query =
        expected.broken_id === null
          ? query.where('broken_id', 'is', null)
          : query.where('broken_id', '=', expected.broken_id);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type AuditChainRepo = ReturnType<typeof auditChainRepo>;
