import type { SubmissionKind } from '@kyc/contracts';
import { sql, SqliteAdapter, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db.ts';
import type { KycDecisionRow } from '../schema/index.ts';
import type { PersonalDataCipher } from './kyc-repo.ts';
import { CLAIM_COLUMNS, claimOfRow, type ListedClaim } from './work-repo.ts';
import { cappedCount, cappedCountSubquery, pageTotal } from '../keyset.ts';
import { withListLimits, type ListLimits } from '../list-limits.ts';

export interface QueueFilter {
  level?: number | undefined;
  country?: string | undefined;
  site?: string | undefined;
  /** Only submissions waiting at least this long: created_at <= olderThan. */
  olderThan?: number | undefined;
  kind?: SubmissionKind | undefined;
  /** Only submissions whose final rejection waits for a senior (final_proposed_at set). */
  pendingFinal?: boolean | undefined;
  /** Issue 17 "My cases": only cases this member holds a live claim on (at `now`). */
  assignedTo?: number | undefined;
  /** Issue 17: only items past their due time: pending since at most these times, per kind of work. */
  breachedBy?: { level1: number; level2: number; reverification: number; update: number } | undefined;
  now?: number | undefined;
  /** The key of the last item of the page before: [pending_since, submission_id]. */
  after?: readonly [number, number] | undefined;
  limit: number;
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
  /** The live claim on the case (issue 17), with its assignee's name; null when nobody holds it. */
  claim: ListedClaim | null;
  /** The account is closed (issue 20, D86): the page shows no personal data of it. */
  closed: boolean;
}

const wrappedKeyOf = (value: Uint8Array | null | undefined): Buffer | null =>
  value ? Buffer.from(value) : null;

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
    /**
     * A page of the queue, oldest first then by submission id (keyset: `limit + 1` items after `after`,
     * the extra one says a next page exists), and the total counted up to 10 000. It reads the waiting
     * work (`verification_queue`, migration 054, kept by triggers), where every filter — site and country
     * included — is a range of its own index. The page is one statement (rows, total, data keys, claims,
     * closures); the names are opened in memory.
     */
    async queue(filter: QueueFilter, limits: ListLimits = {}) {
      return withListLimits(db, limits, async (trx) => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same filters on two selects
        const filtered = <Q extends SelectQueryBuilder<any, any, any>>(q: Q): Q => {
          // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
          let query: SelectQueryBuilder<any, any, any> = q;
          if (filter.level !== undefined) query = query.where('q.level', '=', filter.level);
          if (filter.site !== undefined) query = query.where('q.site', '=', filter.site);
          if (filter.country !== undefined) query = query.where('q.country', '=', filter.country);
          if (filter.olderThan !== undefined) query = query.where('q.pending_since', '<=', filter.olderThan);
          if (filter.kind !== undefined) query = query.where('q.kind', '=', filter.kind);
          if (filter.pendingFinal) query = query.where('q.final_proposed_at', 'is not', null);
          const breached = filter.breachedBy;
          if (breached)
            query = query.where((eb) =>
              eb.or([
                eb.and([
                  eb('q.kind', '=', 'reverification'),
                  eb('q.pending_since', '<=', breached.reverification),
                ]),
                eb.and([
                  eb('q.kind', 'in', ['update_id', 'update_poa']),
                  eb('q.pending_since', '<=', breached.update),
                ]),
                eb.and([
                  eb('q.kind', 'in', ['level', 'vendor']),
                  eb('q.level', '<=', 1),
                  eb('q.pending_since', '<=', breached.level1),
                ]),
                eb.and([
                  eb('q.kind', 'in', ['level', 'vendor']),
                  eb('q.level', '>=', 2),
                  eb('q.pending_since', '<=', breached.level2),
                ]),
              ]),
            );
          const assignedTo = filter.assignedTo;
          // "My cases": from the member's own live claims on verification cases (index
          // case_claims_staff_idx); a claim on one of the person's questionnaires (D123) is another case.
          if (assignedTo !== undefined)
            query = query.where((eb) =>
              eb(
                'q.user_id',
                'in',
                eb
                  .selectFrom('case_claims as cc')
                  .select('cc.user_id')
                  .where('cc.staff_id', '=', assignedTo)
                  .where('cc.expires_at', '>', filter.now ?? Date.now())
                  .where(sql<boolean>`cc.case_ref = 'user:' || cc.user_id`),
              ),
            );
          return query as Q;
        };
        const ordered = filtered(trx.selectFrom('verification_queue as q'))
          .orderBy('q.pending_since')
          .orderBy('q.submission_id');
        // One statement for the page (issue 17): its rows, the capped total (a subquery the database
        // runs once), each person's wrapped data key (to open the names), the live claim on the case with
        // its assignee's name, and whether the account is closed. The claim is found by its key
        // (`user:<id>`, the case's primary key), the closure and the data key by the person's.
        const now = filter.now ?? Date.now();
        let query = filtered(
          trx
            .selectFrom('verification_queue as q')
            .innerJoin('users as u', 'u.id', 'q.user_id')
            .leftJoin('applicants as a', 'a.user_id', 'q.user_id')
            .leftJoin('user_data_keys as k', 'k.user_id', 'q.user_id')
            .leftJoin('case_claims as c', (join) =>
              join.on('c.case_ref', '=', sql<string>`'user:' || q.user_id`).on('c.expires_at', '>', now),
            )
            .leftJoin('staff_users as cs', 'cs.id', 'c.staff_id')
            .leftJoin('account_closures as ac', 'ac.user_id', 'q.user_id'),
        );
        const after = filter.after;
        if (after)
          query = query.where((eb) =>
            eb(eb.refTuple('q.pending_since', 'q.submission_id'), '>', eb.tuple(after[0], after[1])),
          );
        const rows = await query
          .select([
            'q.user_id',
            'u.email',
            'q.site',
            'q.level',
            'q.country',
            'a.first_name',
            'a.last_name',
            'q.pending_since',
            'q.submission_id',
            'q.kind',
            'q.final_proposed_at',
            'k.wrapped_key',
            ...CLAIM_COLUMNS,
            'ac.user_id as closed_user_id',
          ])
          .select(cappedCountSubquery(trx, ordered).as('list_total'))
          .orderBy('q.pending_since')
          .orderBy('q.submission_id')
          .limit(filter.limit + 1)
          .execute();
        const queued = rows.map((r): QueueRow => ({
          user_id: Number(r.user_id),
          email: r.email,
          site: r.site,
          level: r.level,
          country: r.country,
          first_name: r.first_name ?? '',
          last_name: r.last_name ?? '',
          pending_since: Number(r.pending_since),
          submission_id: Number(r.submission_id),
          kind: r.kind,
          final_proposed_at: r.final_proposed_at === null ? null : Number(r.final_proposed_at),
          claim: claimOfRow(r),
          closed: r.closed_user_id !== null,
        }));
        const counted = await pageTotal(rows, after, () => cappedCount(trx, ordered));
        const opened = personal
          ? await Promise.all(
              queued.map((row, i) =>
                personal.openWith(trx, row.user_id, row, wrappedKeyOf(rows[i]?.wrapped_key)),
              ),
            )
          : queued;
        return { ...counted, rows: opened };
      });
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
