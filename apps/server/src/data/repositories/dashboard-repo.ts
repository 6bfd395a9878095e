/**
 * The dashboard's reads (issue 17, D87, D119): every figure of a period sums the days of the decision
 * roll-ups (`decision_counts`, `decision_durations`, migration 055, kept by triggers in each decision's
 * transaction), a few thousand rows whatever the volume; the backlog aggregates the waiting work
 * (`verification_queue`, the questionnaire queue, open screening hits) — never a count over a whole table.
 * All of them run in one read-only transaction under the lists' statement timeout (PostgreSQL), cancelled
 * when the client goes away (data/list-limits.ts).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db.ts';
import { withListLimits, type ListLimits } from '../list-limits.ts';

export const DAY_MS = 86_400_000;

/** A number as a bigint parameter (PostgreSQL cannot infer a parameter's type inside CASE). */
const big = (n: number): RawBuilder<number> => sql<number>`cast(${Math.round(n)} as bigint)`;

const REJECTED = sql`('REJECTED_RETRY', 'REJECTED_FINAL')`;

/** Hours to a decision per kind of verification work (the service levels in force). */
export interface VerificationHours {
  level_1: number;
  level_2: number;
  reverification: number;
  update: number;
}

export interface BacklogBands {
  under_1d: number;
  from_1d_to_3d: number;
  from_3d_to_7d: number;
  over_7d: number;
  overdue: number;
}

export interface DashboardRead {
  /** Waiting submissions per (kind, level) of submission. */
  pendingSubmissions: (BacklogBands & { kind: string; level: number })[];
  questionnaires: BacklogBands;
  screeningAlerts: BacklogBands;
  /** Decisions per UTC day number (ms / 86 400 000) that had any. */
  perDay: { day: number; approved: number; rejected: number }[];
  reasons: { reasonCode: string; count: number }[];
  /** The period's decisions per (kind, level) of submission and time-to-decision bucket (D119). */
  durations: { kind: string; level: number; bucketMinutes: number; n: number }[];
  /** Per deciding member (staff decisions only); undefined when not asked for. */
  throughput?: { staffId: number; name: string | null; approved: number; rejected: number }[];
}

export interface DashboardParams {
  /** Decisions with decided_at in [from, to). */
  from: number;
  to: number;
  now: number;
  /** Hours of each kind of verification work: the backlog's overdue count. */
  hours: VerificationHours;
  questionnaireHours: number;
  screeningHours: number;
  team: boolean;
}

const num = (v: unknown): number => Number(v ?? 0);

/** sum(case …) of the age bands and the overdue count over a waiting-since column. */
function bandSums(since: RawBuilder<unknown>, now: number, dueBefore: RawBuilder<unknown>) {
  return sql`
    sum(case when ${since} > ${big(now - DAY_MS)} then 1 else 0 end) as under_1d,
    sum(case when ${since} <= ${big(now - DAY_MS)} and ${since} > ${big(now - 3 * DAY_MS)} then 1 else 0 end) as from_1d_to_3d,
    sum(case when ${since} <= ${big(now - 3 * DAY_MS)} and ${since} > ${big(now - 7 * DAY_MS)} then 1 else 0 end) as from_3d_to_7d,
    sum(case when ${since} <= ${big(now - 7 * DAY_MS)} then 1 else 0 end) as over_7d,
    sum(case when ${since} <= ${dueBefore} then 1 else 0 end) as overdue`;
}

function bandsOf(row: Record<string, unknown> | undefined): BacklogBands {
  return {
    under_1d: num(row?.under_1d),
    from_1d_to_3d: num(row?.from_1d_to_3d),
    from_3d_to_7d: num(row?.from_3d_to_7d),
    over_7d: num(row?.over_7d),
    overdue: num(row?.overdue),
  };
}

/** Hours of a submission row's kind of work, as SQL (the same mapping as `workKindOf`). */
function hoursOfRow(h: VerificationHours): RawBuilder<number> {
  return sql<number>`case
    when kind = 'reverification' then ${big(h.reverification)}
    when kind in ('update_id', 'update_poa') then ${big(h.update)}
    when level >= 2 then ${big(h.level_2)}
    else ${big(h.level_1)} end`;
}

export function dashboardRepo(db: Db) {
  /** The period's days of a roll-up (its days are UTC day numbers; the period is whole days). */
  const inPeriod = (p: DashboardParams) =>
    sql`decided_at_day >= ${big(Math.floor(p.from / DAY_MS))} and decided_at_day < ${big(Math.ceil(p.to / DAY_MS))}`;

  return {
    async read(p: DashboardParams, limits: ListLimits = {}): Promise<DashboardRead> {
      return withListLimits(db, limits, async (trx) => {
        const pending = await sql<Record<string, unknown> & { kind: string; level: unknown }>`
          select kind, level, ${bandSums(sql.ref('pending_since'), p.now, sql`${big(p.now)} - ${hoursOfRow(p.hours)} * 3600000`)}
          from verification_queue group by kind, level`.execute(trx);
        const questionnaires = await sql<Record<string, unknown>>`
          select ${bandSums(sql.ref('pending_since'), p.now, big(p.now - p.questionnaireHours * 3_600_000))}
          from questionnaire_queue where waiting = 1`.execute(trx);
        const screening = await sql<Record<string, unknown>>`
          select ${bandSums(sql.ref('raised_at'), p.now, big(p.now - p.screeningHours * 3_600_000))}
          from screening_hits where state in ('open', 'pending_confirmation')`.execute(trx);
        const perDay = await sql<{ day: unknown; approved: unknown; rejected: unknown }>`
          select decided_at_day as day,
            sum(case when status = 'APPROVED' then n else 0 end) as approved,
            sum(case when status in ${REJECTED} then n else 0 end) as rejected
          from decision_counts where ${inPeriod(p)}
          group by decided_at_day order by day`.execute(trx);
        const reasons = await sql<{ code: string; n: unknown }>`
          select reason as code, sum(n) as n from decision_counts
          where ${inPeriod(p)} and status in ${REJECTED}
          group by reason having sum(n) > 0 order by n desc, code limit 5`.execute(trx);
        const durations = await sql<{ kind: string; level: unknown; bucket: unknown; n: unknown }>`
          select kind, level, bucket_minutes as bucket, sum(n) as n from decision_durations
          where ${inPeriod(p)} group by kind, level, bucket_minutes having sum(n) > 0`.execute(trx);
        const read: DashboardRead = {
          pendingSubmissions: pending.rows.map((r) => ({ kind: r.kind, level: num(r.level), ...bandsOf(r) })),
          questionnaires: bandsOf(questionnaires.rows[0]),
          screeningAlerts: bandsOf(screening.rows[0]),
          perDay: perDay.rows.map((r) => ({
            day: num(r.day),
            approved: num(r.approved),
            rejected: num(r.rejected),
          })),
          reasons: reasons.rows.map((r) => ({ reasonCode: r.code, count: num(r.n) })),
          durations: durations.rows.map((r) => ({
            kind: r.kind,
            level: num(r.level),
            bucketMinutes: num(r.bucket),
            n: num(r.n),
          })),
        };
        if (p.team) {
          const team = await sql<{
            staff_id: unknown;
            display_name: string | null;
            email: string | null;
            approved: unknown;
            rejected: unknown;
          }>`
            select t.staff_id, s.display_name, s.email, t.approved, t.rejected from (
              select decided_by as staff_id,
                sum(case when status = 'APPROVED' then n else 0 end) as approved,
                sum(case when status in ${REJECTED} then n else 0 end) as rejected
              from decision_counts where ${inPeriod(p)} and decided_by > 0
              group by decided_by having sum(n) > 0) t
            left join staff_users s on s.id = t.staff_id
            order by t.approved + t.rejected desc, t.staff_id`.execute(trx);
          read.throughput = team.rows.map((r) => ({
            staffId: num(r.staff_id),
            name: r.display_name || r.email || null,
            approved: num(r.approved),
            rejected: num(r.rejected),
          }));
        }
        return read;
      });
    },
  };
}
export type DashboardRepo = ReturnType<typeof dashboardRepo>;
