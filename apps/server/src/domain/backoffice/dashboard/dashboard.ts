/**
 * The figures a head of compliance asks for (issue 17, docs/backoffice-at-volume.md "The dashboard",
 * D87–D88). `read_figures` for the figures and their CSV, `read_team_figures` (leads, admins) for each
 * reviewer's throughput, `read_audit` for a CSV of an audit-log range. Every export is written to the
 * audit log as a data export before its first byte leaves.
 */
import {
  BACKLOG_AGE_BANDS,
  DASHBOARD_FIGURES,
  roleCan,
  type AuditExportQuery,
  type DashboardFigure,
  type DashboardFigures,
  type DashboardQuery,
  type StaffMe,
  type SubmissionKind,
  type WorkKind,
} from '@kyc/contracts';
import type { Repositories } from '../../../data/repositories/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { csvLine, type CsvCell } from '../../../lib/csv.ts';
import { requirePermission } from '../permissions.ts';
import { staffLabel } from '../staff-label.ts';
import { serviceLevelHours, workKindOf } from '../work/service-levels.ts';
import { DAY_MS, dayOf, periodOf } from './period.ts';
import { lateAfter, percentileOf } from './duration-buckets.ts';

const VERIFICATION_KINDS = ['level_1', 'level_2', 'reverification', 'update'] as const;

const rate = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

const isFigure = (v: string): v is DashboardFigure => (DASHBOARD_FIGURES as readonly string[]).includes(v);

/** The rows of one figure's CSV, header first. */
function figureRows(figure: DashboardFigure, f: DashboardFigures): CsvCell[][] {
  switch (figure) {
    case 'backlog':
      return [
        ['kind', ...BACKLOG_AGE_BANDS, 'total', 'overdue'],
        ...f.backlog.map((b) => [
          b.kind,
          ...BACKLOG_AGE_BANDS.map((band) => b.bands[band]),
          b.total,
          b.overdue,
        ]),
      ];
    case 'decisions_per_day':
      return [
        ['day', 'approved', 'rejected'],
        ...f.decisionsPerDay.map((d) => [d.day, d.approved, d.rejected]),
      ];
    case 'outcomes': {
      const o = f.outcomes;
      return [
        ['decided', 'approved', 'rejected', 'approval_rate', 'rejection_rate'],
        [o.decided, o.approved, o.rejected, o.approvalRate, o.rejectionRate],
      ];
    }
    case 'reject_reasons':
      return [
        ['reason_code', 'count', 'share'],
        ...f.rejectReasons.map((r) => [r.reasonCode, r.count, r.share]),
      ];
    case 'time_to_decision':
      return [
        ['decided', 'median_ms', 'p90_ms'],
        [f.timeToDecision.decided, f.timeToDecision.medianMs, f.timeToDecision.p90Ms],
      ];
    case 'breaches':
      return [
        ['kind', 'service_level_hours', 'decided_in_time', 'decided_late', 'overdue_now'],
        ...f.breaches.map((b) => [b.kind, b.hours, b.decidedInTime, b.decidedLate, b.overdueNow]),
      ];
    case 'reviewer_throughput':
      return [
        ['staff_id', 'name', 'approved', 'rejected', 'total'],
        ...(f.reviewerThroughput ?? []).map((r) => [r.staffId, r.name, r.approved, r.rejected, r.total]),
      ];
  }
}

export function dashboardUseCases(repos: Repositories) {
  async function figures(
    staff: StaffMe,
    query: DashboardQuery,
    signal?: AbortSignal,
    now = Date.now(),
  ): Promise<DashboardFigures> {
    requirePermission(staff, 'read_figures');
    const period = periodOf(query, now);
    const hours = await serviceLevelHours(repos);
    const team = roleCan(staff.role, 'read_team_figures');
    const read = await repos.dashboard.read(
      {
        from: period.startMs,
        to: period.endMs,
        now,
        hours,
        questionnaireHours: hours.questionnaire,
        screeningHours: hours.screening_alert,
        team,
      },
      { signal },
    );

    const backlog = new Map<WorkKind, DashboardFigures['backlog'][number]>();
    const add = (kind: WorkKind, b: typeof read.questionnaires) => {
      const row = backlog.get(kind) ?? {
        kind,
        bands: { under_1d: 0, from_1d_to_3d: 0, from_3d_to_7d: 0, over_7d: 0 },
        total: 0,
        overdue: 0,
      };
      for (const band of BACKLOG_AGE_BANDS) row.bands[band] += b[band];
      row.total = BACKLOG_AGE_BANDS.reduce((sum, band) => sum + row.bands[band], 0);
      row.overdue += b.overdue;
      backlog.set(kind, row);
    };
    for (const kind of VERIFICATION_KINDS)
      add(kind, { under_1d: 0, from_1d_to_3d: 0, from_3d_to_7d: 0, over_7d: 0, overdue: 0 });
    for (const row of read.pendingSubmissions) add(workKindOf(row.kind as SubmissionKind, row.level), row);
    add('questionnaire', read.questionnaires);
    add('screening_alert', read.screeningAlerts);

    const byDay = new Map(read.perDay.map((d) => [d.day, d]));
    const decisionsPerDay = [];
    for (let ms = period.startMs; ms < period.endMs; ms += DAY_MS) {
      const d = byDay.get(ms / DAY_MS);
      decisionsPerDay.push({ day: dayOf(ms), approved: d?.approved ?? 0, rejected: d?.rejected ?? 0 });
    }
    const approved = read.perDay.reduce((sum, d) => sum + d.approved, 0);
    const rejected = read.perDay.reduce((sum, d) => sum + d.rejected, 0);
    const decided = approved + rejected;

    const overdueNow = new Map<WorkKind, number>();
    for (const row of read.pendingSubmissions) {
      const kind = workKindOf(row.kind as SubmissionKind, row.level);
      overdueNow.set(kind, (overdueNow.get(kind) ?? 0) + row.overdue);
    }
    const breaches = VERIFICATION_KINDS.map((kind) => {
      const rows = read.durations.filter((b) => workKindOf(b.kind as SubmissionKind, b.level) === kind);
      const late = lateAfter(rows, hours[kind]);
      const all = rows.reduce((sum, b) => sum + b.n, 0);
      return {
        kind,
        hours: hours[kind],
        decidedInTime: all - late,
        decidedLate: late,
        overdueNow: overdueNow.get(kind) ?? 0,
      };
    });

    return {
      period: { from: period.from, to: period.to, days: period.days },
      generatedAt: now,
      backlog: [...backlog.values()],
      decisionsPerDay,
      outcomes: {
        decided,
        approved,
        rejected,
        approvalRate: rate(approved, decided),
        rejectionRate: rate(rejected, decided),
      },
      rejectReasons: read.reasons.map((r) => ({ ...r, share: rate(r.count, rejected) })),
      timeToDecision: {
        decided: read.durations.reduce((sum, b) => sum + b.n, 0),
        medianMs: percentileOf(read.durations, 0.5),
        p90Ms: percentileOf(read.durations, 0.9),
      },
      breaches,
      reviewerThroughput: read.throughput
        ? read.throughput.map((r) => ({ ...r, total: r.approved + r.rejected }))
        : null,
    };
  }

  return {
    dashboard: figures,

    /** One figure as CSV (small: at most 366 days or a row per kind, reason or member), audited. */
    async exportFigure(
      staff: StaffMe,
      query: DashboardQuery & { figure?: string | undefined },
      now = Date.now(),
    ): Promise<{ filename: string; csv: string }> {
      requirePermission(staff, 'read_figures');
      const figure = query.figure;
      if (figure === undefined || !isFigure(figure)) throw new AppError('DASHBOARD_FIGURE_UNKNOWN');
      if (figure === 'reviewer_throughput') requirePermission(staff, 'read_team_figures');
      const f = await figures(staff, query, undefined, now);
      await repos.audit.insert(
        {
          staffId: staff.id,
          action: 'dashboard.export',
          caseRef: `dashboard:${figure}`,
          details: { figure, from: f.period.from, to: f.period.to },
        },
        now,
      );
      return {
        filename: `${figure}-${f.period.from}-${f.period.to}.csv`,
        csv: figureRows(figure, f).map(csvLine).join(''),
      };
    },

    /**
     * A filtered audit-log range as CSV lines, read in chunks (never whole in memory). The export is
     * audited first; the lines are produced as the response is written.
     */
    async exportAudit(
      staff: StaffMe,
      query: AuditExportQuery,
      now = Date.now(),
    ): Promise<{ filename: string; lines: AsyncIterable<string> }> {
      requirePermission(staff, 'read_audit');
      const period = periodOf(query, now);
      const filter = {
        staffId: query.staffId,
        subjectUserId: query.subjectUserId,
        action: query.action || undefined,
        from: period.startMs,
        to: period.endMs - 1,
      };
      await repos.audit.insert(
        {
          staffId: staff.id,
          action: 'audit.export',
          caseRef: 'audit-log',
          details: {
            from: period.from,
            to: period.to,
            ...(filter.staffId !== undefined ? { staffId: filter.staffId } : {}),
            ...(filter.subjectUserId !== undefined ? { subjectUserId: filter.subjectUserId } : {}),
            ...(filter.action !== undefined ? { action: filter.action } : {}),
          },
        },
        now,
      );
      const audit = repos.audit;
      async function* lines(): AsyncGenerator<string> {
        yield csvLine([
          'id',
          'at',
          'staff_id',
          'staff_name',
          'action',
          'subject_user_id',
          'case_ref',
          'details',
        ]);
        for await (const row of audit.range(filter))
          yield csvLine([
            Number(row.id),
            new Date(Number(row.at)).toISOString(),
            Number(row.staff_id),
            staffLabel(row.staff_display_name, row.staff_email),
            row.action,
            row.subject_user_id === null ? null : Number(row.subject_user_id),
            row.case_ref,
            typeof row.details === 'string' ? row.details : JSON.stringify(row.details),
          ]);
      }
      return { filename: `audit-log-${period.from}-${period.to}.csv`, lines: lines() };
    },
  };
}
export type DashboardUseCases = ReturnType<typeof dashboardUseCases>;
