/**
 * Issue 18, slice 3 (docs/screening.md "The alerts queue"): the back office's queue of screening hits,
 * cursor-paged like every list (issue 17, D57), and "assign to me".
 */
import { z } from 'zod';
import { SCREENING_CATEGORIES, SCREENING_HIT_STATES } from './backoffice.ts';
import { cursorPageQuery, cursorPageResult } from './cursor-page.ts';

/**
 * GET /backoffice/api/screening/alerts: without `state`, the hits still to resolve (open and
 * pending_confirmation); `list` (a list's name) and `category` narrow it. Oldest raised first.
 */
export const screeningAlertsQuery = z.object({
  state: z.enum(SCREENING_HIT_STATES).optional(),
  list: z.string().trim().min(1).max(200).optional(),
  category: z.enum(SCREENING_CATEGORIES).optional(),
  /** `me`: only the alerts assigned to the member asking (issue 18; screening_hits_assignee_idx). */
  assignee: z.enum(['me']).optional(),
  ...cursorPageQuery,
});
export type ScreeningAlertsQuery = z.infer<typeof screeningAlertsQuery>;

/** Who an alert is assigned to (by "assign to me"); null when nobody. */
export const screeningAlertAssignee = z.object({
  staffId: z.number().int(),
  /** Display name, else email; null when no such member exists. */
  name: z.string().nullable(),
  at: z.number().int(),
});
export type ScreeningAlertAssignee = z.infer<typeof screeningAlertAssignee>;

/**
 * One alert: the list's side of the hit (public list data, never our sealed name), its score, state and
 * age, who works it and its deadline (raised + the `screening_alert` service level).
 */
export const screeningAlert = z.object({
  hitId: z.number().int(),
  userId: z.number().int(),
  email: z.string(),
  list: z.string(),
  listEntryId: z.string(),
  matchedName: z.string(),
  category: z.enum(SCREENING_CATEGORIES),
  score: z.number(),
  state: z.enum(SCREENING_HIT_STATES),
  /** When the hit was raised (again, after its list entry changed). */
  raisedAt: z.number().int(),
  dueAt: z.number().int(),
  breached: z.boolean(),
  assignee: screeningAlertAssignee.nullable(),
  /** When the list entry was found no longer on its list (delisted, or the list removed); null while there. */
  entryRemovedAt: z.number().int().nullable(),
  /**
   * Issue 20 (D86): the person's account is closed (or erased). Then the list shows no name, email or
   * text of theirs (empty strings) and the back office shows "Closed account #id" instead.
   */
  closed: z.boolean(),
});
export type ScreeningAlert = z.infer<typeof screeningAlert>;

export const screeningAlertsResult = z.object({
  items: z.array(screeningAlert),
  ...cursorPageResult,
});
export type ScreeningAlertsResult = z.infer<typeof screeningAlertsResult>;

/**
 * POST /backoffice/api/screening/hits/:hitId/assignee ("assign to me", `decide`), over the assignee as
 * read (`expectedStaffId`, null when nobody): someone else's alert only for a lead (61009); changed
 * meanwhile: 61010.
 */
export const screeningAssignRequest = z.object({ expectedStaffId: z.number().int().nullable() });
export type ScreeningAssignRequest = z.infer<typeof screeningAssignRequest>;
export const screeningAssignResult = z.object({ assignee: screeningAlertAssignee.nullable() });
export type ScreeningAssignResult = z.infer<typeof screeningAssignResult>;

/**
 * Issue 18, refreshing lists (docs/screening.md "Refreshing lists", D95): each configured list as
 * recorded. GET /backoffice/api/screening/lists (`view_cases`); POST /backoffice/api/screening/refresh
 * (`refresh_screening_lists`, admins; audited) refreshes every list now and answers the same, after.
 */
export const screeningListStatus = z.object({
  name: z.string(),
  /** The format read from the content; null until a first good read. */
  format: z.string().nullable(),
  /** The file path or URL of SCREENING_LISTS. */
  source: z.string(),
  /** The publication date the list gives, when it gives one. */
  published: z.string().nullable(),
  entries: z.number().int(),
  /** When the list was last refreshed well (changed or not), and when its content last changed. */
  lastRefreshAt: z.number().int().nullable(),
  lastChangeAt: z.number().int().nullable(),
  /** Why the last refresh failed (the last good copy stays in use), or null. */
  lastError: z.string().nullable(),
  /** The latest delta re-screening of this list: people screened, hits raised, whether finished. */
  delta: z
    .object({
      changed: z.number().int(),
      removed: z.number().int(),
      screened: z.number().int(),
      hits: z.number().int(),
      done: z.boolean(),
      /** `abandoned` (D111): the list left SCREENING_LISTS before the walk ended; never resumed. */
      state: z.enum(['running', 'done', 'abandoned']),
    })
    .nullable(),
});
export type ScreeningListStatus = z.infer<typeof screeningListStatus>;

export const screeningListsResult = z.object({ lists: z.array(screeningListStatus) });
export type ScreeningListsResult = z.infer<typeof screeningListsResult>;
