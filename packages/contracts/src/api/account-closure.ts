/**
 * Closing an account and the person's erasure request (issue 20, docs/data-lifecycle.md "Closing an
 * account", D76–D77). The person closes from the personal page behind security verification of scene
 * 30035; staff with `close_accounts` close from the case page with a reason. Either way the answer says,
 * per kind of record, until when it is kept under the retention policy in force and why.
 */
import { z } from 'zod';
import { RETENTION_CLOCKS, RETENTION_KINDS } from './backoffice-retention.ts';

/** Who closed the account. */
export const CLOSED_BY = ['self', 'staff'] as const;
export type ClosedBy = (typeof CLOSED_BY)[number];

/**
 * One kind of record still kept after the closure: until when at the latest under the policy in force
 * (the person-level kinds: their clock plus the period; the rolling kinds: the closure plus the period,
 * since each of their rows counts from its own creation or last change), and the legal source.
 */
export const retainedRecord = z.object({
  kind: z.enum(RETENTION_KINDS),
  /** ISO 8601 duration of the policy, e.g. P5Y. */
  period: z.string(),
  clock: z.enum(RETENTION_CLOCKS),
  /** When it goes, epoch ms (the erasure job's next run after this instant). */
  until: z.number().int(),
  legalSource: z.string(),
});
export type RetainedRecord = z.infer<typeof retainedRecord>;

/** One kind erased at once on the person's request, and how many records went. */
export const erasedRecord = z.object({
  kind: z.enum([...RETENTION_KINDS, 'authenticator', 'notices']),
  count: z.number().int().min(0),
});
export type ErasedRecord = z.infer<typeof erasedRecord>;

/** The erasure request and its answer (GDPR Art. 17), recorded as given. */
export const erasureRequestAnswer = z.object({
  id: z.number().int(),
  requestedAt: z.number().int(),
  /** Erased at once: what no law requires us to keep. */
  granted: z.array(erasedRecord),
  /** Kept with the date it goes and the law that requires it (GDPR Art. 17(3)(b)). */
  kept: z.array(retainedRecord),
  policyVersion: z.number().int(),
});
export type ErasureRequestAnswer = z.infer<typeof erasureRequestAnswer>;

/**
 * POST /v3/private/user/account/close and …/erasure-request: what remains and when it goes. The session
 * is ended by the answer (every session of the person is).
 */
export const accountClosureResult = z.object({
  closedAt: z.number().int(),
  closedBy: z.enum(CLOSED_BY),
  site: z.string(),
  policyVersion: z.number().int(),
  remains: z.array(retainedRecord),
  /** Present when the closure came with an erasure request. */
  erasure: erasureRequestAnswer.optional(),
});
export type AccountClosureResult = z.infer<typeof accountClosureResult>;

/** POST /v3/private/user/account/close: an explicit confirmation (the page's checkbox). */
export const closeAccountRequest = z.object({ confirm: z.literal(true) });
export type CloseAccountRequest = z.infer<typeof closeAccountRequest>;

/** POST /v3/private/user/account/erasure-request: the same, knowing that it closes the account. */
export const erasureRequestBody = z.object({ confirm: z.literal(true) });
export type ErasureRequestBody = z.infer<typeof erasureRequestBody>;

/** The shortest and longest reason staff give for closing an account. */
export const CLOSE_REASON_MIN = 3;
export const CLOSE_REASON_MAX = 1000;

/** POST /backoffice/api/cases/:userId/close (`close_accounts`): the reason is required and audited. */
export const staffCloseAccountRequest = z.object({
  reason: z.string().trim().min(CLOSE_REASON_MIN).max(CLOSE_REASON_MAX),
});
export type StaffCloseAccountRequest = z.infer<typeof staffCloseAccountRequest>;

/** GET /backoffice/api/cases/:userId/closure: the closure (null while the relationship lasts), requests. */
export const accountClosureView = z.object({
  closure: z
    .object({
      closedAt: z.number().int(),
      closedBy: z.enum(CLOSED_BY),
      /** The staff member who closed it (closedBy staff). */
      staff: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      reason: z.string(),
      erasedAt: z.number().int().nullable(),
    })
    .nullable(),
  /** The person's erasure requests and the answers given, newest first. */
  erasureRequests: z.array(erasureRequestAnswer.extend({ held: z.boolean() })),
  /** What remains and when it goes under the policy in force (empty while the relationship lasts). */
  remains: z.array(retainedRecord),
});
export type AccountClosureView = z.infer<typeof accountClosureView>;
