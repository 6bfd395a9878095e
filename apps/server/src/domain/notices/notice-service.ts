/**
 * Notices (docs/kyc.md "Notices"): what the personal page shows as an unread marker after staff decided
 * something of the person's. Reading and marking are the person's own only (the session's user id; no
 * route takes a user id). Writing happens inside the decision use-cases' transactions (`noticeOf`).
 */
import {
  NOTICES_MAX,
  NOTICE_KINDS,
  NOTICE_OUTCOMES,
  type Notice,
  type NoticeKind,
  type NoticeOutcome,
  type NoticesReadRequest,
  type NoticesReadResult,
  type NoticesResult,
} from '@kyc/contracts';
import type { NoticesRepo } from '../../data/repositories/notices-repo.ts';
import type { NoticeRow } from '../../data/schema/index.ts';

const isKind = (v: string): v is NoticeKind => (NOTICE_KINDS as readonly string[]).includes(v);
const isOutcome = (v: string): v is NoticeOutcome => (NOTICE_OUTCOMES as readonly string[]).includes(v);

/** A stored row as the wire shape; a row the database constraint would refuse cannot occur. */
export function noticeOf(row: NoticeRow): Notice {
  if (!isKind(row.kind) || !isOutcome(row.outcome)) throw new Error(`notice ${row.id}: unknown kind`);
  return {
    id: String(row.id),
    kind: row.kind,
    ref: row.ref,
    outcome: row.outcome,
    createdAt: Number(row.created_at),
  };
}

export function noticeUseCases(repo: NoticesRepo) {
  return {
    /** The person's unread notices (newest first, at most NOTICES_MAX) and how many are unread. */
    async unread(userId: number): Promise<NoticesResult> {
      const [rows, unread] = await Promise.all([repo.unread(userId, NOTICES_MAX), repo.unreadCount(userId)]);
      return { unread, notices: rows.map(noticeOf) };
    },

    /** Marks the person's own notices read; idempotent (another person's id changes nothing). */
    async markRead(
      userId: number,
      request: NoticesReadRequest,
      now = Date.now(),
    ): Promise<NoticesReadResult> {
      await repo.markRead(userId, request.ids.map(Number), now);
      return { unread: await repo.unreadCount(userId) };
    },
  };
}
export type NoticeUseCases = ReturnType<typeof noticeUseCases>;
