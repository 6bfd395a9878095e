import type { AuditAction } from '@kyc/contracts';
import type { Db } from '../db.ts';
import type { AuditLogRow } from '../schema.ts';

/** An audit entry with the staff member it names (null columns: no such member). */
export interface AuditEntryWithStaff extends AuditLogRow {
  staff_display_name: string | null;
  staff_email: string | null;
}

export interface AuditEntry {
  staffId: number;
  /** One of the contracts' AUDIT_ACTIONS, so the audit page can name and filter every entry. */
  action: AuditAction;
  subjectUserId?: number | null;
  caseRef?: string;
  /** Serialised as JSON; never secrets (no passwords, tokens, TOTP secrets, document bytes). */
  details?: Record<string, unknown>;
}

export interface AuditFilter {
  staffId?: number | undefined;
  subjectUserId?: number | undefined;
  action?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  limit: number;
  offset: number;
}

/**
 * The audit log: append and read, nothing else. The database refuses UPDATE and DELETE on the table
 * (migration 005), so even code that bypassed this repository could not edit it.
 */
export function auditRepo(db: Db) {
  return {
    /** For tests that show the database itself refuses changes; application code never uses it. */
    db,

    async insert(entry: AuditEntry, at: number): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          at,
          staff_id: entry.staffId,
          action: entry.action,
          subject_user_id: entry.subjectUserId ?? null,
          case_ref: entry.caseRef ?? '',
          details: JSON.stringify(entry.details ?? {}),
        })
        .execute();
    },

    /** A page of entries, newest first, each with its staff member's name and email (null: none such). */
    async list(filter: AuditFilter): Promise<{ rows: AuditEntryWithStaff[]; total: number }> {
      let query = db.selectFrom('audit_log as a');
      if (filter.staffId !== undefined) query = query.where('a.staff_id', '=', filter.staffId);
      if (filter.subjectUserId !== undefined)
        query = query.where('a.subject_user_id', '=', filter.subjectUserId);
      if (filter.action !== undefined) query = query.where('a.action', '=', filter.action);
      if (filter.from !== undefined) query = query.where('a.at', '>=', filter.from);
      if (filter.to !== undefined) query = query.where('a.at', '<=', filter.to);
      const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await query
        .leftJoin('staff_users as s', 's.id', 'a.staff_id')
        .selectAll('a')
        .select(['s.display_name as staff_display_name', 's.email as staff_email'])
        .orderBy('a.id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
      return { rows, total: Number(count.n) };
    },
  };
}
export type AuditRepo = ReturnType<typeof auditRepo>;
