/**
 * Legal holds (issue 20, docs/data-lifecycle.md "Legal hold"): compliance holds a person (or one case of
 * theirs: the whole person is held either way) for an investigation, a suspicious-activity report or a
 * court order, with a date to review it; nothing of a held person is erased until the hold is lifted.
 * Placing and lifting take the person's case lock (the erasure's transaction takes it too), so a hold
 * committed before an erasure's check stops it, and one placed during an erasure waits for it.
 */
import {
  type LegalHold,
  type LegalHoldLiftRequest,
  type LegalHoldRequest,
  type LegalHoldsQuery,
  type LegalHoldsResult,
  type StaffMe,
} from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import { decodeCursor, keysetPage } from '../../data/keyset.ts';
import type { LegalHoldRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../backoffice/permissions.ts';
import { DAY_MS } from './due-rules.ts';

/** A review date is at most this far ahead: a hold is looked at again at least every two years. */
export const MAX_REVIEW_MS = 2 * 366 * DAY_MS;

function holdOf(row: LegalHoldRow, now: number): LegalHold {
  return {
    id: row.id,
    userId: row.user_id,
    caseRef: row.case_ref,
    reason: row.reason,
    note: row.note,
    reviewAt: row.review_at,
    reviewOverdue: row.lifted_at === null && row.review_at <= now,
    createdBy: row.created_by,
    createdAt: row.created_at,
    liftedBy: row.lifted_by,
    liftedAt: row.lifted_at,
    liftReason: row.lift_reason,
  };
}

export function holdUseCases(repos: Repositories) {
  return {
    /** POST /backoffice/api/retention/holds (`manage_legal_holds`); audited. */
    async place(staff: StaffMe, body: LegalHoldRequest, now = Date.now()): Promise<LegalHold> {
      requirePermission(staff, 'manage_legal_holds');
      if (body.reviewAt <= now || body.reviewAt > now + MAX_REVIEW_MS)
        throw new AppError('LEGAL_HOLD_REVIEW_DATE_INVALID');
      return repos.transaction(async (tx) => {
        if (!(await tx.users.findById(body.userId)))
          throw new AppError('LEGAL_HOLD_PERSON_UNKNOWN', undefined, 404);
        await tx.review.lockCase(body.userId);
        const id = await tx.retention.insertHold({
          userId: body.userId,
          caseRef: body.caseRef ?? '',
          reason: body.reason,
          note: body.note,
          reviewAt: body.reviewAt,
          createdBy: staff.id,
          createdAt: now,
        });
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'retention.hold.place',
            subjectUserId: body.userId,
            caseRef: body.caseRef || `user:${body.userId}`,
            // The note may name people: it stays in the hold, the audit entry says only that there is one.
            details: {
              holdId: id,
              reason: body.reason,
              reviewAt: body.reviewAt,
              noteLength: body.note.length,
            },
          },
          now,
        );
        const row = await tx.retention.findHold(id);
        if (!row) throw new Error('hold not written');
        return holdOf(row, now);
      });
    },

    /** POST /backoffice/api/retention/holds/:id/lift (`manage_legal_holds`): the clocks resume; audited. */
    async lift(
      staff: StaffMe,
      holdId: number,
      body: LegalHoldLiftRequest,
      now = Date.now(),
    ): Promise<LegalHold> {
      requirePermission(staff, 'manage_legal_holds');
      return repos.transaction(async (tx) => {
        const hold = await tx.retention.findHold(holdId);
        if (!hold) throw new AppError('LEGAL_HOLD_UNKNOWN', undefined, 404);
        if (hold.lifted_at !== null) throw new AppError('LEGAL_HOLD_ALREADY_LIFTED', undefined, 409);
        await tx.review.lockCase(hold.user_id);
        if (!(await tx.retention.liftHold(holdId, staff.id, body.reason, now)))
          throw new AppError('LEGAL_HOLD_ALREADY_LIFTED', undefined, 409);
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'retention.hold.lift',
            subjectUserId: hold.user_id,
            caseRef: hold.case_ref || `user:${hold.user_id}`,
            details: { holdId, heldSince: hold.created_at, reasonLength: body.reason.length },
          },
          now,
        );
        const row = await tx.retention.findHold(holdId);
        if (!row) throw new Error('hold vanished');
        return holdOf(row, now);
      });
    },

    /** GET /backoffice/api/retention/holds (`read_retention`): newest first, by cursor. */
    async list(
      staff: StaffMe,
      q: LegalHoldsQuery,
      now = Date.now(),
      signal?: AbortSignal,
    ): Promise<LegalHoldsResult> {
      requirePermission(staff, 'read_retention');
      const before = decodeCursor(q.cursor, ['number'])?.[0] as number | undefined;
      const found = await repos.retention.listHolds(
        { state: q.state, userId: q.userId, beforeId: before, limit: q.limit },
        { signal },
      );
      const { rows, nextCursor } = keysetPage(found.rows, q.limit, (r) => [r.id]);
      return {
        items: rows.map((r) => holdOf(r, now)),
        nextCursor,
        total: found.total,
        totalCapped: found.totalCapped,
      };
    },
  };
}
export type HoldUseCases = ReturnType<typeof holdUseCases>;
