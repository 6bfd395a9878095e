/**
 * The figures a head of compliance asks for (issue 17, docs/backoffice-at-volume.md "The dashboard",
 * D87–D88): backlog by kind of work and age (now), decisions a day, approval and rejection rates with the
 * top reject reasons, median and 90th-percentile time to decision, deadline breaches, and each reviewer's
 * throughput (`read_team_figures` only), over a period of whole UTC days.
 */
import { z } from 'zod';
import { WORK_KINDS } from './backoffice-work.ts';

/** The period when none is given: the last 30 days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 30;
/** The longest period (55032 beyond). */
export const DASHBOARD_MAX_DAYS = 366;
/** How many reject reasons the dashboard names (the rest are counted in the rejections). */
export const DASHBOARD_TOP_REASONS = 5;

/** How long waiting work has waited, now. */
export const BACKLOG_AGE_BANDS = ['under_1d', 'from_1d_to_3d', 'from_3d_to_7d', 'over_7d'] as const;
export type BacklogAgeBand = (typeof BACKLOG_AGE_BANDS)[number];

/** Each figure, as `GET /backoffice/api/dashboard/export?figure=` names it (one CSV each). */
export const DASHBOARD_FIGURES = [
  'backlog',
  'decisions_per_day',
  'outcomes',
  'reject_reasons',
  'time_to_decision',
  'breaches',
  'reviewer_throughput',
] as const;
export type DashboardFigure = (typeof DASHBOARD_FIGURES)[number];

/**
 * `from` and `to` are UTC calendar days (`YYYY-MM-DD`), both included. Taken as text and checked by the
 * use-case, so a bad period is 55031 / 55032 in the envelope rather than a schema error.
 */
export const dashboardQuery = z.object({
  from: z.string().max(32).optional(),
  to: z.string().max(32).optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/** `figure` is checked by the use-case too (55033), so a missing one is the same clear answer. */
export const dashboardExportQuery = dashboardQuery.extend({ figure: z.string().max(64).optional() });
export type DashboardExportQuery = z.infer<typeof dashboardExportQuery>;

/** `GET /backoffice/api/audit/export` (read_audit): the audit log's filters over a period of days. */
export const auditExportQuery = dashboardQuery.extend({
  staffId: z.coerce.number().int().positive().optional(),
  subjectUserId: z.coerce.number().int().positive().optional(),
  action: z.string().max(64).optional(),
});
export type AuditExportQuery = z.infer<typeof auditExportQuery>;

const count = z.number().int().min(0);

export const dashboardFigures = z.object({
  period: z.object({ from: z.string(), to: z.string(), days: z.number().int() }),
  /** When the figures were read (the backlog's "now"). */
  generatedAt: z.number().int(),
  /** Waiting work now, per kind of work: how many in each age band, and how many past their due time. */
  backlog: z.array(
    z.object({
      kind: z.enum(WORK_KINDS),
      bands: z.object({ under_1d: count, from_1d_to_3d: count, from_3d_to_7d: count, over_7d: count }),
      total: count,
      overdue: count,
    }),
  ),
  /** Every day of the period (UTC), with the verification decisions made that day. */
  decisionsPerDay: z.array(z.object({ day: z.string(), approved: count, rejected: count })),
  outcomes: z.object({
    decided: count,
    approved: count,
    rejected: count,
    /** approved / decided, 0–1; null when nothing was decided. */
    approvalRate: z.number().nullable(),
    rejectionRate: z.number().nullable(),
  }),
  /** The most frequent reject reason codes of the period, most frequent first (at most 5). */
  rejectReasons: z.array(z.object({ reasonCode: z.string(), count, share: z.number().nullable() })),
  /** From submission to decision, of the period's decisions (percentile_cont: interpolated). */
  timeToDecision: z.object({
    decided: count,
    medianMs: z.number().nullable(),
    p90Ms: z.number().nullable(),
  }),
  /** Per kind of verification work: decided within / after its service level, and waiting past it now. */
  breaches: z.array(
    z.object({
      kind: z.enum(WORK_KINDS),
      hours: z.number().int(),
      decidedInTime: count,
      decidedLate: count,
      overdueNow: count,
    }),
  ),
  /** Each member's decisions of the period; null without `read_team_figures` (leads and admins). */
  reviewerThroughput: z
    .array(
      z.object({
        staffId: z.number().int(),
        name: z.string().nullable(),
        approved: count,
        rejected: count,
        total: count,
      }),
    )
    .nullable(),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;
