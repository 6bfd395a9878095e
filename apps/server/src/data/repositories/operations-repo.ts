import { sql, type Expression } from 'kysely';
import type { Db } from '../db.ts';

/**
 * What `GET /metrics` reads at each scrape (issue 14, docs/operations.md "What to watch"). Every figure
 * is one indexed read that stays cheap at a million rows: counts are capped (`count(*)` over a sub-query
 * with `limit cap + 1`, so a count stops at the cap instead of walking the whole index) and the oldest
 * pending submission is the first entry of the (status, created_at) index.
 */
export interface OperationalFigures {
  /** Partner webhook deliveries still to send (status pending), capped. */
  partnerDeliveries: number;
  /** Status changes not yet turned into partner deliveries (the outbox), capped. */
  statusOutbox: number;
  /** Vendor verifications awaiting an answer, which reconciliation asks about once overdue, capped. */
  vendorPending: number;
  /** Decisions taken since `since` (kyc_decisions.at, index kyc_decisions_at_idx), capped. */
  decisions: number;
  /** created_at of the oldest submission waiting for a reviewer, or null when none waits. */
  oldestPendingSubmission: number | null;
}

/** Counts stop here: a figure of cap + 1 reads "more than cap". */
export const COUNT_CAP = 10_000;

export function operationsRepo(db: Db) {
  /** count(*) of the at most cap + 1 rows `rows` selects. */
  async function cappedCount(rows: Expression<unknown>): Promise<number> {
    const { rows: result } = await sql<{
      n: number | string;
    }>`select count(*) as n from ${rows} as capped`.execute(db);
    return Number(result[0]?.n ?? 0);
  }

  return {
    async figures(since: number, cap = COUNT_CAP): Promise<OperationalFigures> {
      const limit = cap + 1;
      const [partnerDeliveries, statusOutbox, vendorPending, decisions, oldest] = await Promise.all([
        cappedCount(
          db
            .selectFrom('partner_webhook_deliveries')
            .select(sql`1`.as('one'))
            .where('status', '=', 'pending')
            .limit(limit),
        ),
        cappedCount(
          db
            .selectFrom('status_outbox')
            .select(sql`1`.as('one'))
            .where('dispatched_at', 'is', null)
            .limit(limit),
        ),
        cappedCount(
          db
            .selectFrom('vendor_applicants')
            .select(sql`1`.as('one'))
            .where('pending_since', 'is not', null)
            .limit(limit),
        ),
        cappedCount(
          db
            .selectFrom('kyc_decisions')
            .select(sql`1`.as('one'))
            .where('at', '>=', since)
            .limit(limit),
        ),
        db
          .selectFrom('kyc_submissions')
          .select('created_at')
          .where('status', '=', 'PENDING')
          .orderBy('created_at')
          .limit(1)
          .executeTakeFirst(),
      ]);
      return {
        partnerDeliveries,
        statusOutbox,
        vendorPending,
        decisions,
        oldestPendingSubmission: oldest ? Number(oldest.created_at) : null,
      };
    },
  };
}
export type OperationsRepo = ReturnType<typeof operationsRepo>;
