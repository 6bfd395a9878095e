import type { AuditAction } from '@kyc/contracts';
import type { Db } from '../db.ts';
import type { AuditLogRow } from '../schema/index.ts';
import { auditRowHash } from '../../lib/audit-chain-hash.ts';
import { cappedCount } from '../keyset.ts';
import { withListLimits, type ListLimits } from '../list-limits.ts';

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
  /** Entries older than this id (the last id of the page before). */
  before?: number | undefined;
  limit: number;
}

/**
 * The audit log: append and read, nothing else. The database refuses UPDATE and DELETE on the table
 * (migration 005; the runtime role holds only INSERT and SELECT on it, docs/operations.md), and every
 * row is chained to the one before by an HMAC (migration 015, lib/audit-chain-hash.ts), so a change
 * made by whoever holds the owner role is found by `npm run audit:verify` and on the audit page.
 */
export function auditRepo(db: Db) {
  return {
    /** For tests that show the database itself refuses changes; application code never uses it. */
    db,

    /**
     * Appends one entry to the hash chain. Inside a caller's transaction the entry joins it (and the
     * chain head stays locked until that transaction ends: write the audit entry last); otherwise it
     * gets its own transaction.
     */
    async insert(entry: AuditEntry, at: number): Promise<void> {
      if (db.isTransaction) await appendChained(db, entry, at);
      else await db.transaction().execute((trx) => appendChained(trx, entry, at));
    },

    /**
     * A page of entries, newest first by id (keyset: `limit + 1` entries before `before`, the extra one
     * says a next page exists), each with its staff member's name and email (null: none such), and the
     * total counted up to 10 000. Each filter has its (filter, id) index (migration 024).
     */
    async list(filter: AuditFilter, limits: ListLimits = {}) {
      return withListLimits(db, limits, async (trx) => {
        let query = filtered(trx, filter);
        const counted = await cappedCount(trx, query.orderBy('a.id', 'desc'));
        if (filter.before !== undefined) query = query.where('a.id', '<', filter.before);
        const rows: AuditEntryWithStaff[] = await query
          .leftJoin('staff_users as s', 's.id', 'a.staff_id')
          .selectAll('a')
          .select(['s.display_name as staff_display_name', 's.email as staff_email'])
          .orderBy('a.id', 'desc')
          .limit(filter.limit + 1)
          .execute();
        return { ...counted, rows };
      });
    },

    /**
     * Every entry of a filter, newest first, read in chunks of `chunk` by id (each chunk one keyset read
     * on the filter's index), for a streamed export: never more than one chunk in memory.
     */
    async *range(
      filter: Omit<AuditFilter, 'before' | 'limit'>,
      chunk = 500,
    ): AsyncGenerator<AuditEntryWithStaff> {
      let before: number | undefined;
      for (;;) {
        let query = filtered(db, filter);
        if (before !== undefined) query = query.where('a.id', '<', before);
        const rows: AuditEntryWithStaff[] = await query
          .leftJoin('staff_users as s', 's.id', 'a.staff_id')
          .selectAll('a')
          .select(['s.display_name as staff_display_name', 's.email as staff_email'])
          .orderBy('a.id', 'desc')
          .limit(chunk)
          .execute();
        yield* rows;
        if (rows.length < chunk) return;
        before = Number(rows[rows.length - 1]?.id);
      }
    },
  };
}
export type AuditRepo = ReturnType<typeof auditRepo>;

/** The audit log with a filter's conditions, each served by its (filter, id) index (migration 024). */
function filtered(db: Db, filter: Omit<AuditFilter, 'before' | 'limit'>) {
  let query = db.selectFrom('audit_log as a');
  if (filter.staffId !== undefined) query = query.where('a.staff_id', '=', filter.staffId);
  if (filter.subjectUserId !== undefined) query = query.where('a.subject_user_id', '=', filter.subjectUserId);
  if (filter.action !== undefined) query = query.where('a.action', '=', filter.action);
  if (filter.from !== undefined) query = query.where('a.at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('a.at', '<=', filter.to);
  return query;
}

/**
 * Moves the chain head and inserts the row in the caller's transaction. The UPDATE takes the head's
 * row lock first (PostgreSQL: a concurrent insert waits, then reads the head this one leaves; SQLite:
 * transactions are serialised), so every id follows the last and every prev_hash is the last hash.
 */
async function appendChained(trx: Db, entry: AuditEntry, at: number): Promise<void> {
  const head = await trx
    .updateTable('audit_chain_head')
    .set((eb) => ({ last_id: eb('last_id', '+', 1) }))
    .where('id', '=', 1)
    .returning(['last_id', 'last_hash'])
    .executeTakeFirstOrThrow();
  const row = {
    id: Number(head.last_id),
    at,
    staff_id: entry.staffId,
    action: entry.action,
    subject_user_id: entry.subjectUserId ?? null,
    case_ref: entry.caseRef ?? '',
    details: JSON.stringify(entry.details ?? {}),
  };
  const hash = auditRowHash(head.last_hash, row);
  await trx
    .insertInto('audit_log')
    .values({ ...row, prev_hash: head.last_hash, hash })
    .execute();
  const moved = await trx
    .updateTable('audit_chain_head')
    .set({ last_hash: hash })
    .where('id', '=', 1)
    .where('last_id', '=', row.id)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new Error('audit chain head moved during an insert');
}
