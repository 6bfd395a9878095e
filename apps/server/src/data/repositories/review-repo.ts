import type { SubmissionKind } from '@kyc/contracts';
import { SqliteAdapter } from 'kysely';
import type { Db } from '../db.ts';
import type { KycDecisionRow } from '../schema/index.ts';
import type { PersonalDataCipher } from './kyc-repo.ts';

export interface QueueFilter {
  level?: number | undefined;
  country?: string | undefined;
  site?: string | undefined;
  /** Only submissions waiting at least this long: created_at <= olderThan. */
  olderThan?: number | undefined;
  kind?: SubmissionKind | undefined;
  /** Only submissions whose final rejection waits for a senior (final_proposed_at set). */
  pendingFinal?: boolean | undefined;
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
  submission_id: number;
  kind: SubmissionKind;
  final_proposed_at: number | null;
}

export interface NewDecision {
  userId: number;
  level: number;
  decision: string;
  reasonCode?: string;
  userMessage?: string;
  staffId: number;
  confirmedBy?: number | null;
  /** The submission a re-verification or update decision is about. */
  submissionId?: number | null;
  /** The reviewer's optional comment (migration 011). */
  comment?: string;
  /** Migration 017: the vendor of an automatic decision (staffId 0). */
  decidedByProvider?: string;
}

/** A decision row with the staff members it names (null columns: no such member). */
export interface DecisionWithStaff extends KycDecisionRow {
  staff_display_name: string | null;
  staff_email: string | null;
  confirmer_display_name: string | null;
  confirmer_email: string | null;
}

/**
 * Back-office review: the queue of pending submissions and the decisions history (SQL only). `personal`
 * opens the applicants' sealed names in the queue's rows (domain/kyc/personal-data.ts), each under its
 * own user's data key; without it they are answered as stored.
 */
export function reviewRepo(db: Db, personal?: PersonalDataCipher) {
  return {
    async queue(filter: QueueFilter): Promise<{ rows: QueueRow[]; total: number }> {
      // One item per PENDING submission of every kind (docs/backoffice.md "Queue").
      let query = db
        .selectFrom('kyc_submissions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .leftJoin('applicants as a', 'a.user_id', 's.user_id')
        .where('s.status', '=', 'PENDING');
      if (filter.level !== undefined) query = query.where('s.level', '=', filter.level);
      if (filter.country !== undefined) query = query.where('a.country', '=', filter.country);
      if (filter.site !== undefined) query = query.where('u.site', '=', filter.site);
      if (filter.olderThan !== undefined) query = query.where('s.created_at', '<=', filter.olderThan);
      if (filter.kind !== undefined) query = query.where('s.kind', '=', filter.kind);
      // Index kyc_submissions_pending_final_idx (status, final_proposed_at, created_at, id).
      if (filter.pendingFinal) query = query.where('s.final_proposed_at', 'is not', null);
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
          's.created_at as pending_since',
          's.id as submission_id',
          's.kind',
          's.final_proposed_at',
        ])
        .orderBy('s.created_at')
        .orderBy('s.id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
      const queued = rows.map((r): QueueRow => ({
        user_id: Number(r.user_id),
        email: r.email,
        site: r.site,
        level: r.level,
        country: r.country ?? '',
        first_name: r.first_name ?? '',
        last_name: r.last_name ?? '',
        pending_since: r.pending_since,
        submission_id: Number(r.submission_id),
        kind: r.kind,
        final_proposed_at: r.final_proposed_at === null ? null : Number(r.final_proposed_at),
      }));
      const opened: QueueRow[] = [];
      for (const row of queued) opened.push(personal ? await personal.open(db, row.user_id, row) : row);
      return { total: Number(count.n), rows: opened };
    },

    /** The case history, newest first, with who decided and who confirmed, in one query. */
    async decisions(userId: number): Promise<DecisionWithStaff[]> {
      // Left joins: decision rows name staff by id without a foreign key, so a member may be missing.
      return db
        .selectFrom('kyc_decisions as d')
        .leftJoin('staff_users as s', 's.id', 'd.staff_id')
        .leftJoin('staff_users as c', 'c.id', 'd.confirmed_by')
        .selectAll('d')
        .select([
          's.display_name as staff_display_name',
          's.email as staff_email',
          'c.display_name as confirmer_display_name',
          'c.email as confirmer_email',
        ])
        .where('d.user_id', '=', userId)
        .orderBy('d.id', 'desc')
        .execute();
    },

    /**
     * Locks the person's case until the decision's transaction ends (issue 14, D46): on PostgreSQL the
     * user's row FOR NO KEY UPDATE, so a second decision waits here and then reads what the first one
     * committed. SQLite has one writer at a time and a transaction that read before another committed
     * cannot write (SQLITE_BUSY, retried by the decision), so there is nothing to lock.
     */
    async lockCase(userId: number): Promise<void> {
      if (db.getExecutor().adapter instanceof SqliteAdapter) return;
      await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
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
          submission_id: d.submissionId ?? null,
          comment: d.comment ?? '',
          decided_by_provider: d.decidedByProvider ?? '',
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
