/**
 * The help centre's "Report a problem" form and the back-office support inbox (docs/help-centre.md):
 * wire schemas shared by the server, the help pages' script and the back office. The rules a message
 * must follow live here too, so that the form and the API always agree.
 */
import { z } from 'zod';

/** What a report is about: the form's select, the inbox's column. */
export const SUPPORT_TOPICS = ['verification', 'documents', 'account', 'questionnaire', 'other'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

export const SUPPORT_STATUSES = ['open', 'answered'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 4000;
export const SUPPORT_ANSWER_MAX = 4000;
/** Inbox pages: at most this many requests per page. */
export const SUPPORT_PAGE_MAX = 100;

/**
 * POST /v3/public/help/support-requests. Shapes only (the server answers 10001 for a wrong type);
 * the rules (topic, length, email when signed out, language) are the use-case's, each with its
 * 5200x ret_code, so the form can say which field is wrong.
 */
export const supportRequestBody = z.object({
  topic: z.string().max(64),
  message: z.string().max(20_000),
  email: z.string().max(1000).optional(),
  language: z.string().max(16),
});
export type SupportRequestBody = z.infer<typeof supportRequestBody>;

/** A person's own report as the help page lists it: the staff answer, once there is one. */
export const ownSupportRequest = z.object({
  id: z.number().int(),
  topic: z.string(),
  message: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  createdAt: z.number().int(),
  answer: z.string().nullable(),
  answeredAt: z.number().int().nullable(),
});
export type OwnSupportRequest = z.infer<typeof ownSupportRequest>;
export const ownSupportRequests = z.object({ items: z.array(ownSupportRequest) });
export type OwnSupportRequests = z.infer<typeof ownSupportRequests>;

/** GET /backoffice/api/support-requests: newest first; `cursor` is the last id of the previous page. */
export const supportInboxQuery = z.object({
  status: z.enum(SUPPORT_STATUSES).optional(),
  cursor: z.coerce.number().int().positive().optional(),
  pageSize: z.coerce.number().int().min(1).max(SUPPORT_PAGE_MAX).default(20),
});
export type SupportInboxQuery = z.infer<typeof supportInboxQuery>;

export const supportInboxItem = z.object({
  id: z.number().int(),
  topic: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  language: z.string(),
  createdAt: z.number().int(),
  /** The account's user id; null for a signed-out person. */
  userId: z.number().int().nullable(),
  /** The account's email, or the one a signed-out person gave. */
  email: z.string().nullable(),
  /** The first 160 characters of the message. */
  excerpt: z.string(),
  /**
   * Issue 20 (D86): the person's account is closed (or erased). Then the list shows no name, email or
   * text of theirs (empty strings) and the back office shows "Closed account #id" instead.
   */
  closed: z.boolean(),
});
export type SupportInboxItem = z.infer<typeof supportInboxItem>;
export const supportInboxResult = z.object({
  items: z.array(supportInboxItem),
  /** The cursor of the next page; null on the last one. */
  nextCursor: z.number().int().nullable(),
});
export type SupportInboxResult = z.infer<typeof supportInboxResult>;

export const supportRequestDetail = supportInboxItem.extend({
  message: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.number().int().nullable(),
  answeredBy: z.number().int().nullable(),
  /** The answering member's display name, else email; null while open. */
  answeredByName: z.string().nullable(),
});
export type SupportRequestDetail = z.infer<typeof supportRequestDetail>;

/** POST /backoffice/api/support-requests/:id/answer (reviewer or above). */
export const supportAnswerBody = z.object({ answer: z.string().max(20_000) });
export type SupportAnswerBody = z.infer<typeof supportAnswerBody>;
