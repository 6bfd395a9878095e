/**
 * The verification queue (docs/backoffice.md "Queue and submissions"): one item per PENDING submission
 * of every kind, oldest first (keyset on pending-since then submission id, issue 17), filtered by level, country, site, age, kind and awaiting-final, with the
 * applicant's names opened from their sealed columns by the repository. The page, its total, its claims
 * and closures are one statement of the repository; the service levels come from memory (cached
 * reference data, dropped on every change).
 */
import type { ReviewQueueQuery, ReviewQueueResult, StaffMe } from '@kyc/contracts';
import type { Repositories } from '../../../data/repositories/index.ts';
import { decodeCursor, keysetPage } from '../../../data/keyset.ts';
import { requirePermission } from '../permissions.ts';
import { assigneeOf } from '../work/assignment.ts';
import { HOUR_MS, serviceLevelHours, workKindOf } from '../work/service-levels.ts';

export function queueUseCase(repos: Pick<Repositories, 'review' | 'work'>) {
  return async function queue(
    staff: StaffMe,
    q: ReviewQueueQuery,
    now = Date.now(),
    signal?: AbortSignal,
  ): Promise<ReviewQueueResult> {
    requirePermission(staff, 'view_cases');
    const after = decodeCursor(q.cursor, ['number', 'number']) as [number, number] | undefined;
    const hours = await serviceLevelHours(repos);
    const found = await repos.review.queue(
      {
        level: q.level,
        country: q.country,
        site: q.site,
        olderThan: q.minAgeHours !== undefined ? now - q.minAgeHours * HOUR_MS : undefined,
        kind: q.kind,
        pendingFinal: q.pendingFinal === 'true',
        assignedTo: q.assignedTo === 'me' ? staff.id : undefined,
        breachedBy:
          q.breached === 'true'
            ? {
                level1: now - hours.level_1 * HOUR_MS,
                level2: now - hours.level_2 * HOUR_MS,
                reverification: now - hours.reverification * HOUR_MS,
                update: now - hours.update * HOUR_MS,
              }
            : undefined,
        now,
        after,
        limit: q.limit,
      },
      { signal },
    );
    const { rows, nextCursor } = keysetPage(found.rows, q.limit, (r) => [r.pending_since, r.submission_id]);
    // Issue 20 (D86): a closed person's row shows no personal data.
    return {
      items: rows.map((r) => ({
        userId: r.user_id,
        email: r.closed ? '' : r.email,
        site: r.site,
        level: r.level,
        country: r.country,
        firstName: r.closed ? '' : r.first_name,
        lastName: r.closed ? '' : r.last_name,
        pendingSince: r.pending_since,
        submissionId: r.submission_id,
        kind: r.kind,
        finalProposed: r.final_proposed_at !== null,
        assignee: assigneeOf(r.claim ?? undefined),
        dueAt: r.pending_since + hours[workKindOf(r.kind, r.level)] * HOUR_MS,
        breached: r.pending_since + hours[workKindOf(r.kind, r.level)] * HOUR_MS <= now,
        closed: r.closed,
      })),
      nextCursor,
      total: found.total,
      totalCapped: found.totalCapped,
    };
  };
}
