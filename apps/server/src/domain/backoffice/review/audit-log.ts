/**
 * The audit log page (docs/backoffice.md "Audit log"): a page of staff actions, newest first, each with
 * the staff member's name; only roles that may read the audit see it.
 */
import type { AuditQuery, AuditResult, StaffMe } from '@kyc/contracts';
import type { Repositories } from '../../../data/repositories/index.ts';
import { requirePermission } from '../permissions.ts';
import { staffLabel } from '../staff-label.ts';

/** An entry's stored details; anything but a JSON object reads as none. */
function parseDetails(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function auditLogUseCase(repos: Pick<Repositories, 'audit'>) {
  return async function auditLog(staff: StaffMe, q: AuditQuery): Promise<AuditResult> {
    requirePermission(staff, 'read_audit');
    const { rows, total } = await repos.audit.list({
      staffId: q.staffId,
      subjectUserId: q.subjectUserId,
      action: q.action,
      from: q.from,
      to: q.to,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return {
      items: rows.map((r) => ({
        id: Number(r.id),
        at: r.at,
        staffId: Number(r.staff_id),
        staffName: staffLabel(r.staff_display_name, r.staff_email),
        action: r.action,
        subjectUserId: r.subject_user_id === null ? null : Number(r.subject_user_id),
        caseRef: r.case_ref,
        details: parseDetails(r.details),
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  };
}
