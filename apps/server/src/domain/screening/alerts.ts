/**
 * The screening alerts queue (issue 18, slice 3; docs/screening.md "The alerts queue"): every hit still
 * to resolve (or of one state), oldest raised first, cursor-paged on (raised_at, id) like every
 * back-office list (issue 17, D57: keyset, capped count, the list timeout), with who works each alert and
 * its deadline (raised + the `screening_alert` service level). Only the list's side of a hit is shown:
 * our name is sealed and opened on the case page, never per row of a list.
 */
import {
  roleCan,
  type ScreeningAlertAssignee,
  type ScreeningAlertsQuery,
  type ScreeningAlertsResult,
  type ScreeningAssignResult,
  type StaffMe,
} from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import { decodeCursor, keysetPage } from '../../data/keyset.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../backoffice/permissions.ts';
import { staffLabel } from '../backoffice/staff-label.ts';
import { HOUR_MS, serviceLevelHours } from '../backoffice/work/service-levels.ts';

function assigneeOf(row: {
  assignee_id: number | null;
  assigned_at: number | null;
  assignee_name: string | null;
  assignee_email: string | null;
}): ScreeningAlertAssignee | null {
  return row.assignee_id === null
    ? null
    : {
        staffId: row.assignee_id,
        name: staffLabel(row.assignee_name, row.assignee_email),
        at: row.assigned_at ?? 0,
      };
}

export function alertUseCases(repos: Repositories) {
  return {
    /** GET /backoffice/api/screening/alerts (`view_cases`). */
    async alerts(
      staff: StaffMe,
      q: ScreeningAlertsQuery,
      now = Date.now(),
      signal?: AbortSignal,
    ): Promise<ScreeningAlertsResult> {
      requirePermission(staff, 'view_cases');
      const after = decodeCursor(q.cursor, ['number', 'number']) as [number, number] | undefined;
      const hours = (await serviceLevelHours(repos)).screening_alert;
      const found = await repos.screening.alerts(
        {
          state: q.state,
          list: q.list,
          category: q.category,
          assigneeId: q.assignee === 'me' ? staff.id : undefined,
          after,
          limit: q.limit,
        },
        { signal },
      );
      const { rows, nextCursor } = keysetPage(found.rows, q.limit, (r) => [r.raised_at, r.id]);
      // Issue 20 (D86): a closed person's alert shows no email; one read for the page.
      const closed = await repos.accountClosures.closedAmong(rows.map((r) => r.user_id));
      return {
        items: rows.map((r) => {
          const dueAt = r.raised_at + hours * HOUR_MS;
          return {
            hitId: r.id,
            userId: r.user_id,
            email: closed.has(r.user_id) ? '' : r.email,
            list: r.list_id,
            listEntryId: r.list_entry_id,
            // The alias matched the person's name closely enough to alert: for a closed person it would
            // name them, so it goes with the email.
            matchedName: closed.has(r.user_id) ? '' : r.matched_name,
            category: r.category,
            score: r.score,
            state: r.state,
            raisedAt: r.raised_at,
            dueAt,
            // A deadline only binds what is still to resolve.
            breached: (r.state === 'open' || r.state === 'pending_confirmation') && dueAt <= now,
            assignee: assigneeOf(r),
            entryRemovedAt: r.entry_removed_at,
            closed: closed.has(r.user_id),
          };
        }),
        nextCursor,
        total: found.total,
        totalCapped: found.totalCapped,
      };
    },

    /**
     * POST /backoffice/api/screening/hits/:hitId/assignee ("assign to me", `decide`), over the assignee
     * as read: someone else's alert is taken over only by a lead (`assign_cases`, 61009); an assignment
     * that changed meanwhile is 61010. Audited.
     */
    async assignToMe(
      staff: StaffMe,
      hitId: number,
      expectedStaffId: number | null,
      now = Date.now(),
    ): Promise<ScreeningAssignResult> {
      requirePermission(staff, 'decide');
      return repos.transaction(async (tx) => {
        const hit = await tx.screening.findHit(hitId);
        if (!hit) throw new AppError('SCREENING_HIT_UNKNOWN', undefined, 404);
        const current = hit.assignee_id === null ? null : Number(hit.assignee_id);
        if (current !== null && current !== staff.id && !roleCan(staff.role, 'assign_cases'))
          throw new AppError('SCREENING_ALERT_ASSIGNED_TO_OTHER', undefined, 409);
        if (
          current !== expectedStaffId ||
          !(await tx.screening.assignHit(hitId, staff.id, expectedStaffId, now))
        )
          throw new AppError('SCREENING_ALERT_ASSIGNMENT_CHANGED', undefined, 409);
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'screening.alert.assign',
            subjectUserId: Number(hit.user_id),
            caseRef: `screening-hit:${hitId}`,
            details: { hitId, from: current, to: staff.id },
          },
          now,
        );
        const member = await tx.staff.findById(staff.id);
        return {
          assignee: {
            staffId: staff.id,
            name: member ? staffLabel(member.display_name, member.email) : null,
            at: now,
          },
        };
      });
    },
  };
}
export type AlertUseCases = ReturnType<typeof alertUseCases>;
