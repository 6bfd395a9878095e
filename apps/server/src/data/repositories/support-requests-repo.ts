import type { SupportStatus } from '@kyc/contracts';
import type { Db } from '../db.ts';
import type { SupportRequestRow } from '../schema/index.ts';

/** A request with the names the inbox shows: the account's email, the answering member's name. */
export interface SupportRequestWithNames extends SupportRequestRow {
  account_email: string | null;
  staff_display_name: string | null;
  staff_email: string | null;
}

export interface NewSupportRequest {
  userId: number | null;
  email: string | null;
  language: string;
  topic: string;
  message: string;
  createdAt: number;
}

export interface InboxFilter {
  status?: SupportStatus | undefined;
  /** Only ids below this one (the last id of the previous page). */
  beforeId?: number | undefined;
  limit: number;
}

/**
 * The help centre's reports (migration 009). Lists are keyset-paged by id, newest first, each read with
 * one statement (names joined, never a query per row); answering is a compare-and-set on status.
 */
export function supportRequestsRepo(db: Db) {
  function withNames() {
    return db
      .selectFrom('support_requests as r')
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('staff_users as s', 's.id', 'r.answered_by')
      .selectAll('r')
      .select(['u.email as account_email', 's.display_name as staff_display_name', 's.email as staff_email']);
  }

  return {
    async insert(request: NewSupportRequest): Promise<SupportRequestRow> {
      return db
        .insertInto('support_requests')
        .values({
          user_id: request.userId,
          email: request.email,
          language: request.language,
          topic: request.topic,
          message: request.message,
          status: 'open',
          created_at: request.createdAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** A person's own reports, newest first (index support_requests_user_idx). */
    async listOwn(userId: number, limit: number): Promise<SupportRequestRow[]> {
      return db
        .selectFrom('support_requests')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** One page of the inbox, newest first (index support_requests_status_idx when filtered). */
    async listInbox(filter: InboxFilter): Promise<SupportRequestWithNames[]> {
      let query = withNames();
      if (filter.status !== undefined) query = query.where('r.status', '=', filter.status);
      if (filter.beforeId !== undefined) query = query.where('r.id', '<', filter.beforeId);
      return query.orderBy('r.id', 'desc').limit(filter.limit).execute();
    },

    async find(id: number): Promise<SupportRequestWithNames | undefined> {
      return withNames().where('r.id', '=', id).executeTakeFirst();
    },

    /**
     * Answers an open request: true when this call won, false when it was no longer open (another
     * member answered first). Built on a transaction, the audit entry commits with the answer.
     */
    async answer(id: number, answer: string, staffId: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('support_requests')
        .set({ status: 'answered', answer, answered_by: staffId, answered_at: at })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type SupportRequestsRepo = ReturnType<typeof supportRequestsRepo>;
