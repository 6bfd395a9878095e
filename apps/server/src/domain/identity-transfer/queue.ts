/**
 * The back office's transfer queue (docs/identity-transfer.md "Back office", D56): one stage at a time,
 * newest first, paged by an opaque cursor on (created at, id). A person whose account is closed shows as
 * closed, without their email (issue 20, D86): one read for the whole page.
 */
import type { StaffMe, TransferQueueResult, TransferStage } from '@kyc/contracts';
import type { IdentityTransferRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission, type TransferContext } from './transfer-context.ts';

function cursorOf(row: IdentityTransferRow): string {
  return Buffer.from(`${row.created_at}:${row.id}`).toString('base64url');
}
function parseCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const match = /^(\d+):(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new AppError('PARAMS_ERROR', 'cursor: not a cursor of this list', 400);
  return { createdAt: Number(match[1]), id: Number(match[2]) };
}

/**
 * A transfer as a list or the case shows it. `closed`: the people of the page whose account is closed
 * (issue 20, D86); in the queue (`masked`) their email is left out, the case (gated) shows it.
 */
export function transferItems({ emailOf }: Pick<TransferContext, 'emailOf'>) {
  return async function queueItemOf(row: IdentityTransferRow, closed: Set<number>, masked: boolean) {
    const sourceClosed = closed.has(row.source_user_id);
    const targetClosed = closed.has(row.target_user_id);
    return {
      id: row.id,
      stage: row.status,
      sourceUserId: row.source_user_id,
      targetUserId: row.target_user_id,
      sourceClosed,
      targetClosed,
      sourceEmail: masked && sourceClosed ? '' : await emailOf(row.source_user_id),
      targetEmail: masked && targetClosed ? '' : await emailOf(row.target_user_id),
      level: row.source_level,
      createdAt: row.created_at,
      coolingOffUntil: row.cooling_off_until,
      firstApprovedBy: row.first_approved_by,
    };
  };
}

export function queueUseCase(ctx: TransferContext) {
  const { repos } = ctx;
  const queueItemOf = transferItems(ctx);
  return async function queue(
    me: StaffMe,
    query: { status: TransferStage; cursor?: string | undefined; limit: number },
  ): Promise<TransferQueueResult> {
    requirePermission(me, 'view_cases');
    const rows = await repos.identityTransfers.page(query.status, query.limit + 1, parseCursor(query.cursor));
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    // Issue 20 (D86): one read for the page's people whose account is closed.
    const closed = await repos.accountClosures.closedAmong(
      page.flatMap((r) => [r.source_user_id, r.target_user_id]),
    );
    return {
      items: await Promise.all(page.map((row) => queueItemOf(row, closed, true))),
      nextCursor: rows.length > query.limit && last ? cursorOf(last) : null,
    };
  };
}
