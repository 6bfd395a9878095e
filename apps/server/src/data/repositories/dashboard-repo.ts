/**
 * The dashboard's reads (issue 17, D87): every figure of a period is an aggregate over one range of
 * `kyc_submissions_decided_idx` (decided_at in [from, to), the index carrying every column read), and the
 * backlog an aggregate over the waiting rows' partial indexes — never a count over a whole table. All of
 * them run in one read-only transaction under the lists' statement timeout (PostgreSQL), cancelled when
 * the client goes away (data/list-limits.ts).
 */
import { sql, SqliteAdapter, type RawBuilder } from 'kysely';
import type { Db } from '../db.ts';
import { withListLimits, type ListLimits } from '../list-limits.ts';

export const DAY_MS = 86_400_000;

/** A number as a bigint parameter (PostgreSQL cannot infer a parameter's type inside CASE). */
const big = (n: number): RawBuilder<number> => sql<number>`cast(${Math.round(n)} as bigint)`;

const REJECTED = sql`('REJECTED_RETRY', 'REJECTED_FINAL')`;
const DECIDED = sql`('APPROVED', 'REJECTED_RETRY', 'REJECTED_FINAL')`;

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
  /** Time to decision of the period's decisions. */
  durations: { decided: number; medianMs: number | null; p90Ms: number | null };
  /** Per (kind, level) of submission: decided in the period, and how many of those after their hours. */
  breaches: { kind: string; level: number; decided: number; late: number }[];
  /** Per deciding member (staff decisions only); undefined when not asked for. */
  throughput?: { staffId: number; name: string | null; approved: number; rejected: number }[];
}

export interface DashboardParams {
  /** Decisions with decided_at in [from, to). */
  from: number;
  to: number;
  now: number;
  hours: VerificationHours;
  questionnaireHours: number;
  screeningHours: number;
  team: boolean;
}

const num = (v: unknown): number => Number(v ?? 0);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

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
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;

  /** The period's decided rows, on the decided index (its condition repeated so the planner uses it). */
  const inPeriod = (p: DashboardParams) =>
    sql`decided_at is not null and decided_at >= ${big(p.from)} and decided_at < ${big(p.to)} and status in ${DECIDED}`;

  async function percentiles(trx: Db, p: DashboardParams) {
    if (!sqlite) {
      const { rows } = await sql<{ decided: unknown; median: unknown; p90: unknown }>`
        select count(*) as decided,
          percentile_cont(0.5) within group (order by decided_at - created_at) as median,
          percentile_cont(0.9) within group (order by decided_at - created_at) as p90
        from kyc_submissions where ${inPeriod(p)}`.execute(trx);
      return {
        decided: num(rows[0]?.decided),
        medianMs: numOrNull(rows[0]?.median),
        p90Ms: numOrNull(rows[0]?.p90),
      };
    }
    // SQLite has no percentile_cont: the same interpolation from the two order statistics around
    // p·(n−1), each read by ORDER BY … LIMIT 2 OFFSET k over the period's range of the index (SQLite's
    // sorter spills to disk, so memory stays bounded whatever the period holds).
    const { rows } = await sql<{
      n: unknown;
    }>`select count(*) as n from kyc_submissions where ${inPeriod(p)}`.execute(trx);
    const n = num(rows[0]?.n);
    const at = async (fraction: number): Promise<number | null> => {
      if (n === 0) return null;
      const position = fraction * (n - 1);
      const lower = Math.floor(position);
      const { rows: two } = await sql<{ d: unknown }>`
        select decided_at - created_at as d from kyc_submissions where ${inPeriod(p)}
        order by d limit 2 offset ${lower}`.execute(trx);
      const a = num(two[0]?.d);
      const b = two[1] === undefined ? a : num(two[1].d);
      return a + (b - a) * (position - lower);
    };
    return { decided: n, medianMs: await at(0.5), p90Ms: await at(0.9) };
  }

  return {
    async read(p: DashboardParams, limits: ListLimits = {}): Promise<DashboardRead> {
      return withListLimits(db, limits, async (trx) => {
        const pending = await sql<Record<string, unknown> & { kind: string; level: unknown }>`
          select kind, level, ${bandSums(sql.ref('created_at'), p.now, sql`${big(p.now)} - ${hoursOfRow(p.hours)} * 3600000`)}
          from kyc_submissions where status = 'PENDING' group by kind, level`.execute(trx);
        const questionnaires = await sql<Record<string, unknown>>`
          select ${bandSums(sql.ref('pending_since'), p.now, big(p.now - p.questionnaireHours * 3_600_000))}
          from questionnaire_queue where waiting = 1`.execute(trx);
        const screening = await sql<Record<string, unknown>>`
          select ${bandSums(sql.ref('raised_at'), p.now, big(p.now - p.screeningHours * 3_600_000))}
          from screening_hits where state in ('open', 'pending_confirmation')`.execute(trx);
        const perDay = await sql<{ day: unknown; approved: unknown; rejected: unknown }>`
          select decided_at / ${sql.lit(DAY_MS)} as day,
            sum(case when status = 'APPROVED' then 1 else 0 end) as approved,
            sum(case when status in ${REJECTED} then 1 else 0 end) as rejected
          from kyc_submissions where ${inPeriod(p)}
          group by decided_at / ${sql.lit(DAY_MS)} order by day`.execute(trx);
        const reasons = await sql<{ code: string; n: unknown }>`
          select reject_reason_code as code, count(*) as n from kyc_submissions
          where ${inPeriod(p)} and status in ${REJECTED}
          group by reject_reason_code order by n desc, code limit 5`.execute(trx);
        const breaches = await sql<{ kind: string; level: unknown; decided: unknown; late: unknown }>`
          select kind, level, count(*) as decided,
            sum(case when decided_at - created_at > ${hoursOfRow(p.hours)} * 3600000 then 1 else 0 end) as late
          from kyc_submissions where ${inPeriod(p)} group by kind, level`.execute(trx);
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
          durations: await percentiles(trx, p),
          breaches: breaches.rows.map((r) => ({
            kind: r.kind,
            level: num(r.level),
            decided: num(r.decided),
            late: num(r.late),
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
                sum(case when status = 'APPROVED' then 1 else 0 end) as approved,
                sum(case when status in ${REJECTED} then 1 else 0 end) as rejected
              from kyc_submissions where ${inPeriod(p)} and decided_by > 0
              group by decided_by) t
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
