/**
 * The audit log page (docs/backoffice.md "Audit log"): a page of staff actions, newest first (keyset on
 * the id, issue 17), each with
 * the staff member's name; only roles that may read the audit see it.
 */
import type { AuditQuery, AuditResult, StaffMe } from '@kyc/contracts';
import type { Repositories } from '../../../data/repositories/index.ts';
import { decodeCursor, keysetPage } from '../../../data/keyset.ts';
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
  return async function auditLog(staff: StaffMe, q: AuditQuery, signal?: AbortSignal): Promise<AuditResult> {
    requirePermission(staff, 'read_audit');
    const before = decodeCursor(q.cursor, ['number'])?.[0] as number | undefined;
    const found = await repos.audit.list(
      {
        staffId: q.staffId,
        subjectUserId: q.subjectUserId,
        action: q.action,
        from: q.from,
        to: q.to,
        before,
        limit: q.limit,
      },
      { signal },
    );
    const { rows, nextCursor } = keysetPage(found.rows, q.limit, (r) => [Number(r.id)]);
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
      nextCursor,
      total: found.total,
      totalCapped: found.totalCapped,
    };
  };
}
