import type { Db } from '../db.ts';
import type { KycDecisionRow } from '../schema.ts';

export interface QueueFilter {
  level?: number | undefined;
  country?: string | undefined;
  site?: string | undefined;
  /** Only cases waiting at least this long: updated_at <= olderThan. */
  olderThan?: number | undefined;
  limit: number;
  offset: number;
}

export interface QueueRow {
  user_id: number;
  email: string;
  site: string;
  level: number;
  country: string;
  first_name: string;
  last_name: string;
  pending_since: number;
}

export interface NewDecision {
  userId: number;
  level: number;
  decision: string;
  reasonCode?: string;
  userMessage?: string;
  staffId: number;
  confirmedBy?: number | null;
}

/** Back-office review: the queue of pending steps and the decisions history (SQL only). */
export function reviewRepo(db: Db) {
  return {
    async queue(filter: QueueFilter): Promise<{ rows: QueueRow[]; total: number }> {
      let query = db
        .selectFrom('kyc_level_states as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .leftJoin('applicants as a', 'a.user_id', 's.user_id')
        .where('s.status', '=', 'PENDING');
      if (filter.level !== undefined) query = query.where('s.level', '=', filter.level);
      if (filter.country !== undefined) query = query.where('a.country', '=', filter.country);
      if (filter.site !== undefined) query = query.where('u.site', '=', filter.site);
      if (filter.olderThan !== undefined) query = query.where('s.updated_at', '<=', filter.olderThan);
      const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await query
        .select([
          's.user_id',
          'u.email',
          'u.site',
          's.level',
          'a.country',
          'a.first_name',
          'a.last_name',
          's.updated_at as pending_since',
        ])
        .orderBy('s.updated_at')
        .orderBy('s.user_id')
        .orderBy('s.level')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
      return {
        total: Number(count.n),
        rows: rows.map((r) => ({
          user_id: Number(r.user_id),
          email: r.email,
          site: r.site,
          level: r.level,
          country: r.country ?? '',
          first_name: r.first_name ?? '',
          last_name: r.last_name ?? '',
          pending_since: r.pending_since,
        })),
      };
    },

    async decisions(userId: number): Promise<KycDecisionRow[]> {
      return db
        .selectFrom('kyc_decisions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute();
    },

    async latestDecision(userId: number, level: number): Promise<KycDecisionRow | undefined> {
      return db
        .selectFrom('kyc_decisions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('level', '=', level)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async insertDecision(d: NewDecision, at: number): Promise<number> {
      const row = await db
        .insertInto('kyc_decisions')
        .values({
          user_id: d.userId,
          level: d.level,
          decision: d.decision,
          reason_code: d.reasonCode ?? '',
          user_message: d.userMessage ?? '',
          staff_id: d.staffId,
          confirmed_by: d.confirmedBy ?? null,
          at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** PATCH quotas: sets one limit (decimal string), creating the row if needed. */
    async setQuota(scope: string, level: number, coin: string, limit: string, at: number): Promise<void> {
      await db
        .insertInto('kyc_quotas')
        .values({ scope, level, coin, limit_amount: limit, updated_at: at })
        .onConflict((oc) =>
          oc.columns(['scope', 'level', 'coin']).doUpdateSet({ limit_amount: limit, updated_at: at }),
        )
        .execute();
    },
  };
}
export type ReviewRepo = ReturnType<typeof reviewRepo>;
