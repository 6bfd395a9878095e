/**
 * Notices (issue 10, docs/kyc.md "Notices"): the portal's unread marker for a decision staff made about
 * the person. The product sends no mail (email delivery arrives with issue 15, for one-time codes), so
 * this marker is the only way a decision reaches the person outside the page that shows it, and no text
 * may promise more.
 */
import { z } from 'zod';

export const NOTICE_KINDS = ['kyc_level', 'reverification', 'kyc_update', 'questionnaire'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export const NOTICE_OUTCOMES = ['approved', 'rejected', 'info_requested'] as const;
export type NoticeOutcome = (typeof NOTICE_OUTCOMES)[number];

export const notice = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  /** What was decided: LEVEL_1 / LEVEL_2 (kyc_level), the submission id (kyc_update), a template code. */
  ref: z.string(),
  outcome: z.enum(NOTICE_OUTCOMES),
  createdAt: z.number().int(),
});
export type Notice = z.infer<typeof notice>;

/** POST /v3/private/kyc/notices: the person's unread notices, newest first (at most NOTICES_MAX). */
export const NOTICES_MAX = 20;
export const noticesResult = z.object({ unread: z.number().int(), notices: z.array(notice) });
export type NoticesResult = z.infer<typeof noticesResult>;

/** POST /v3/private/kyc/notices/read: marks the person's own notices read (idempotent). */
export const noticesReadRequest = z.strictObject({
  ids: z
    .array(z.string().regex(/^[1-9][0-9]{0,15}$/, 'a notice id'))
    .min(1)
    .max(NOTICES_MAX),
});
export type NoticesReadRequest = z.infer<typeof noticesReadRequest>;
export const noticesReadResult = z.object({ unread: z.number().int() });
export type NoticesReadResult = z.infer<typeof noticesReadResult>;
