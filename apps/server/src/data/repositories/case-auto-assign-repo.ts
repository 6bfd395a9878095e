import { sql } from 'kysely';
import type { StaffRole } from '@kyc/contracts';
import type { Db } from '../db.ts';

/** A member who may get cases now, as the automatic assignment reads them (one statement each). */
export interface AssignableMember {
  id: number;
  role: StaffRole;
  /** The sites the member works; null: every site (no staff_sites rows). */
  sites: ReadonlySet<string> | null;
  /** When the automatic assignment last gave them a case; null: never. */
  autoAssignedAt: number | null;
  /** Their live claims on cases still waiting (verification_queue). */
  open: number;
}

/** A waiting case nobody holds: its oldest unclaimed waiting row, with the expired claim if any. */
export interface UnclaimedCase {
  userId: number;
  site: string;
  pendingSince: number;
  submissionId: number;
  /** The version of an expired claim on the case (the compare-and-set takes it over); null: none. */
  claimVersion: number | null;
  /** Its staff member, for the audit entry's `from`. */
  claimStaffId: number | null;
}

/**
 * Issue 17, automatic round-robin assignment of verification cases (D121, migration 056): the members
 * who may get a case now, the waiting cases nobody holds (oldest first, keyset on the queue's order),
 * the proposers of final rejections awaiting confirmation, and the round robin's place per member moved
 * by compare-and-set. Every read is one statement for the whole batch.
 */
export function caseAutoAssignRepo(db: Db) {
  return {
    /**
     * Members of `roles`, not disabled, with a live back-office session seen after `seenSince` (index
     * sessions_subject_idx), with their sites and their live claims on waiting cases.
     */
    async activeMembers(
      roles: readonly StaffRole[],
      seenSince: number,
      now: number,
    ): Promise<AssignableMember[]> {
      if (roles.length === 0) return [];
      const rows = await db
        .selectFrom('staff_users as s')
        .select(['s.id', 's.role', 's.auto_assigned_at'])
        .where('s.role', 'in', roles)
        .where('s.disabled', '=', 0)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('sessions as x')
              .select(sql`1`.as('one'))
              .where('x.audience', '=', 'staff')
              .whereRef('x.subject_id', '=', 's.id')
              .where('x.expires_at', '>', now)
              .where('x.last_seen_at', '>', seenSince),
          ),
        )
        .orderBy('s.id')
        .execute();
      if (rows.length === 0) return [];
      const ids = rows.map((r) => Number(r.id));
      const [siteRows, openRows] = await Promise.all([
        db.selectFrom('staff_sites').select(['staff_id', 'site']).where('staff_id', 'in', ids).execute(),
        db
          .selectFrom('case_claims as c')
          .select(['c.staff_id', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where('c.staff_id', 'in', ids)
          .where('c.expires_at', '>', now)
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('verification_queue as q')
                .select(sql`1`.as('one'))
                .whereRef('q.user_id', '=', 'c.user_id'),
            ),
          )
          .groupBy('c.staff_id')
          .execute(),
      ]);
      const sites = new Map<number, Set<string>>();
      for (const r of siteRows) {
        const id = Number(r.staff_id);
        sites.set(id, (sites.get(id) ?? new Set()).add(r.site));
      }
      const open = new Map(openRows.map((r) => [Number(r.staff_id), Number(r.n)]));
      return rows.map((r) => ({
        id: Number(r.id),
        role: r.role,
        sites: sites.get(Number(r.id)) ?? null,
        autoAssignedAt: r.auto_assigned_at === null ? null : Number(r.auto_assigned_at),
        open: open.get(Number(r.id)) ?? 0,
      }));
    },

    /**
     * Waiting rows (verification_queue) of cases without a live claim, oldest first after `after` (the
     * queue's order, verification_queue_order_idx or, for `sites`, verification_queue_site_idx). A
     * person with several waiting submissions has several rows: the caller takes the first.
     */
    async unclaimedWaiting(options: {
      now: number;
      sites: readonly string[] | null;
      after: readonly [number, number] | null;
      limit: number;
    }): Promise<UnclaimedCase[]> {
      const { now, sites, after, limit } = options;
      if (sites !== null && sites.length === 0) return [];
      let query = db
        .selectFrom('verification_queue as q')
        .leftJoin('case_claims as c', (join) => join.on('c.case_ref', '=', sql<string>`'user:' || q.user_id`))
        .select([
          'q.user_id',
          'q.site',
          'q.pending_since',
          'q.submission_id',
          'c.version as claim_version',
          'c.staff_id as claim_staff_id',
        ])
        .where((eb) => eb.or([eb('c.case_ref', 'is', null), eb('c.expires_at', '<=', now)]));
      if (sites !== null) query = query.where('q.site', 'in', sites);
      if (after !== null) {
        const [since, id] = after;
        query = query.where((eb) =>
          eb.or([
            eb('q.pending_since', '>', since),
            eb.and([eb('q.pending_since', '=', since), eb('q.submission_id', '>', id)]),
          ]),
        );
      }
      const rows = await query.orderBy('q.pending_since').orderBy('q.submission_id').limit(limit).execute();
      return rows.map((r) => ({
        userId: Number(r.user_id),
        site: r.site,
        pendingSince: Number(r.pending_since),
        submissionId: Number(r.submission_id),
        claimVersion: r.claim_version === null ? null : Number(r.claim_version),
        claimStaffId: r.claim_staff_id === null ? null : Number(r.claim_staff_id),
      }));
    },

    /**
     * The cases among `userIds` with a final rejection awaiting a senior's confirmation, each with every
     * member who proposed a final rejection of that level for the person (kyc_decisions, index
     * kyc_decisions_user_idx): none of them may be given the confirmation.
     */
    async finalProposals(userIds: readonly number[]): Promise<Map<number, Set<number>>> {
      const found = new Map<number, Set<number>>();
      if (userIds.length === 0) return found;
      const rows = await db
        .selectFrom('verification_queue as q')
        .leftJoin('kyc_decisions as d', (join) =>
          join
            .onRef('d.user_id', '=', 'q.user_id')
            .onRef('d.level', '=', 'q.level')
            .on('d.decision', '=', 'reject_final_proposed'),
        )
        .select(['q.user_id', 'd.staff_id'])
        .where('q.user_id', 'in', [...new Set(userIds)])
        .where('q.final_proposed_at', 'is not', null)
        .execute();
      for (const r of rows) {
        const proposers = found.get(Number(r.user_id)) ?? new Set<number>();
        if (r.staff_id !== null) proposers.add(Number(r.staff_id));
        found.set(Number(r.user_id), proposers);
      }
      return found;
    },

    /**
     * Moves the member's place in the round robin from `from` (as read) to `to`; false when another
     * assigner gave them a case meanwhile.
     */
    async moveRotation(staffId: number, from: number | null, to: number): Promise<boolean> {
      const result = await db
        .updateTable('staff_users')
        .set({ auto_assigned_at: to })
        .where('id', '=', staffId)
        .where((eb) =>
          from === null ? eb('auto_assigned_at', 'is', null) : eb('auto_assigned_at', '=', from),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type CaseAutoAssignRepo = ReturnType<typeof caseAutoAssignRepo>;
