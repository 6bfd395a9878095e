/**
 * "Report a problem" (docs/help-centre.md): a person files a report from the help centre, signed in
 * (under their account, and they read the answers on the page) or signed out (with a contact email);
 * staff read the inbox and answer each report once. Answering is a compare-and-set with its audit
 * entry in one transaction, so two members answering at once cannot both win (52005 for the loser).
 */
import {
  ALL_LANGUAGE_CODES,
  SUPPORT_ANSWER_MAX,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGE_MIN,
  SUPPORT_TOPICS,
  checkEmail,
  type OwnSupportRequest,
  type StaffMe,
  type SupportInboxItem,
  type SupportInboxQuery,
  type SupportInboxResult,
  type SupportRequestBody,
  type SupportRequestDetail,
} from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { SupportRequestWithNames } from '../../data/repositories/support-requests-repo.ts';
import type { SupportRequestRow } from '../../data/schema/index.ts';
import { AppError, tooManyRequests } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import { requirePermission } from '../backoffice/permissions.ts';
import { accessNote, closedAccessGate, type AccessNote } from '../retention/closed-access.ts';
import { staffLabel } from '../backoffice/staff-label.ts';

export interface SupportLimits {
  /** Reports per client address (signed in or not). */
  filesPerAddress: RateLimiter;
}

/** A person's page lists at most this many of their reports, newest first. */
export const OWN_REQUESTS_SHOWN = 50;
const EXCERPT_LENGTH = 160;

export interface Filer {
  /** The signed-in account, or null for a signed-out person. */
  userId: number | null;
  address: string;
}

function ownView(row: SupportRequestRow): OwnSupportRequest {
  return {
    id: row.id,
    topic: row.topic,
    message: row.message,
    status: row.status,
    createdAt: row.created_at,
    answer: row.answer,
    answeredAt: row.answered_at,
  };
}

function inboxItem(row: SupportRequestWithNames, closed = false): SupportInboxItem {
  if (closed) return { ...inboxItem(row), email: '', excerpt: '', closed };
  return {
    id: row.id,
    topic: row.topic,
    status: row.status,
    language: row.language,
    createdAt: row.created_at,
    userId: row.user_id,
    email: row.account_email ?? row.email,
    excerpt: row.message.slice(0, EXCERPT_LENGTH),
    closed,
  };
}

/** One report in full: opened through the gate, so a closed person's (with a reason) shows in full. */
function detailOf(row: SupportRequestWithNames, closed = false): SupportRequestDetail {
  return {
    ...inboxItem(row),
    closed,
    message: row.message,
    answer: row.answer,
    answeredAt: row.answered_at,
    answeredBy: row.answered_by,
    answeredByName: row.answered_by === null ? null : staffLabel(row.staff_display_name, row.staff_email),
  };
}

/** The rules of a report, each with its own ret_code so that the form names the field. */
export function checkSupportRequest(
  body: SupportRequestBody,
  signedIn: boolean,
): { topic: string; message: string; email: string | null; language: string } {
  if (!(SUPPORT_TOPICS as readonly string[]).includes(body.topic))
    throw new AppError('SUPPORT_TOPIC_INVALID', 'topic: not a known topic');
  const message = body.message.trim();
  if (message.length < SUPPORT_MESSAGE_MIN || message.length > SUPPORT_MESSAGE_MAX)
    throw new AppError(
      'SUPPORT_MESSAGE_INVALID',
      `message: ${SUPPORT_MESSAGE_MIN} to ${SUPPORT_MESSAGE_MAX} characters`,
    );
  if (!ALL_LANGUAGE_CODES.includes(body.language))
    throw new AppError('SUPPORT_LANGUAGE_INVALID', 'language: not a supported language');
  if (signedIn) return { topic: body.topic, message, email: null, language: body.language };
  const email = checkEmail(body.email);
  if (!email.ok || email.value === '')
    throw new AppError('SUPPORT_EMAIL_REQUIRED', 'email: a valid contact email is required');
  return { topic: body.topic, message, email: email.value.toLowerCase(), language: body.language };
}

export function supportUseCases(
  repos: Repositories,
  limits: SupportLimits,
  keyring: MasterKeyring,
  now: () => number = Date.now,
) {
  const repo = repos.supportRequests;

  async function found(id: number): Promise<SupportRequestWithNames> {
    const row = await repo.find(id);
    if (!row) throw new AppError('SUPPORT_REQUEST_NOT_FOUND', `no support request ${id}`);
    return row;
  }

  /**
   * Issue 20 (D78–D79): a closed or held person's report opens (and is answered) only with
   * `access_closed_accounts` and the member's reason in force (62040 / 62041); a report filed without an
   * account has no person behind it.
   */
  async function gateOf(staff: StaffMe, row: SupportRequestWithNames, at: number): Promise<AccessNote> {
    if (row.user_id === null) return {};
    return accessNote(await closedAccessGate(repos, keyring).require(staff, Number(row.user_id), at));
  }

  async function closedPerson(row: SupportRequestWithNames): Promise<boolean> {
    return (
      row.user_id !== null && (await repos.accountClosures.findClosure(Number(row.user_id))) !== undefined
    );
  }

  return {
    /** Files a report; rate limited per address before anything is checked or stored. */
    async file(body: SupportRequestBody, filer: Filer): Promise<OwnSupportRequest> {
      const limit = await limits.filesPerAddress.consume(`support:${filer.address}`);
      if (!limit.ok) throw tooManyRequests(limit.retryAfterSeconds);
      const checked = checkSupportRequest(body, filer.userId !== null);
      const row = await repo.insert({ ...checked, userId: filer.userId, createdAt: now() });
      return ownView(row);
    },

    /** The signed-in person's own reports with the staff answers; never anyone else's. */
    async listOwn(userId: number): Promise<{ items: OwnSupportRequest[] }> {
      return { items: (await repo.listOwn(userId, OWN_REQUESTS_SHOWN)).map(ownView) };
    },

    /** The inbox (view_cases: reviewer and above), newest first, keyset-paged by id. */
    async inbox(staff: StaffMe, query: SupportInboxQuery): Promise<SupportInboxResult> {
      requirePermission(staff, 'view_cases');
      const rows = await repo.listInbox({
        status: query.status,
        beforeId: query.cursor,
        limit: query.pageSize + 1,
      });
      const page = rows.slice(0, query.pageSize);
      const last = page.at(-1);
      // Issue 20 (D86): a closed person's report shows neither email nor text; one read for the page.
      const closed = await repos.accountClosures.closedAmong(
        page.flatMap((r) => (r.user_id === null ? [] : [Number(r.user_id)])),
      );
      return {
        items: page.map((r) => inboxItem(r, r.user_id !== null && closed.has(Number(r.user_id)))),
        nextCursor: rows.length > query.pageSize && last ? last.id : null,
      };
    },

    /** One request in full; audited (support.view) as every view of a person's data. */
    async view(staff: StaffMe, id: number): Promise<SupportRequestDetail> {
      requirePermission(staff, 'view_cases');
      const row = await found(id);
      const at = now();
      const access = await gateOf(staff, row, at);
      await repos.audit.insert(
        {
          staffId: staff.id,
          action: 'support.view',
          subjectUserId: row.user_id,
          caseRef: `support:${id}`,
          ...(access.access ? { details: { ...access } } : {}),
        },
        at,
      );
      return detailOf(row, await closedPerson(row));
    },

    /** Answers an open request (decide: reviewer and above): compare-and-set and audit, together. */
    async answer(staff: StaffMe, id: number, text: string): Promise<SupportRequestDetail> {
      requirePermission(staff, 'decide');
      const answer = text.trim();
      if (answer.length === 0 || answer.length > SUPPORT_ANSWER_MAX)
        throw new AppError('SUPPORT_ANSWER_INVALID', `answer: 1 to ${SUPPORT_ANSWER_MAX} characters`);
      const row = await found(id);
      const at = now();
      const access = await gateOf(staff, row, at);
      await repos.transaction(async (tx) => {
        if (!(await tx.supportRequests.answer(id, answer, staff.id, at)))
          throw new AppError('SUPPORT_ALREADY_ANSWERED', `support request ${id} was answered meanwhile`);
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'support.answer',
            subjectUserId: row.user_id,
            caseRef: `support:${id}`,
            details: { topic: row.topic, length: answer.length, ...access },
          },
          at,
        );
      });
      return detailOf(await found(id), await closedPerson(row));
    },
  };
}
export type SupportUseCases = ReturnType<typeof supportUseCases>;
