/**
 * The verification queue (docs/backoffice.md "Queue and submissions"): one item per PENDING submission
 * of every kind, oldest first (keyset on pending-since then submission id, issue 17), filtered by level, country, site, age, kind and awaiting-final, with the
 * applicant's names opened from their sealed columns by the repository.
 */
import type { ReviewQueueQuery, ReviewQueueResult, StaffMe } from '@kyc/contracts';
import type { Repositories } from '../../../data/repositories/index.ts';
import { decodeCursor, keysetPage } from '../../../data/keyset.ts';
import { requirePermission } from '../permissions.ts';
import { assigneeOf } from '../work/assignment.ts';
import { HOUR_MS, serviceLevelHours, workKindOf } from '../work/service-levels.ts';

export function queueUseCase(repos: Pick<Repositories, 'review' | 'work' | 'accountClosures'>) {
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
    const claims = await repos.work.activeClaims(
      rows.map((r) => r.user_id),
      now,
    );
    // Issue 20 (D86): a closed person's row shows no personal data; one read for the page.
    const closed = await repos.accountClosures.closedAmong(rows.map((r) => r.user_id));
    return {
      items: rows.map((r) => ({
        userId: r.user_id,
        email: closed.has(r.user_id) ? '' : r.email,
        site: r.site,
        level: r.level,
        country: r.country,
        firstName: closed.has(r.user_id) ? '' : r.first_name,
        lastName: closed.has(r.user_id) ? '' : r.last_name,
        pendingSince: r.pending_since,
        submissionId: r.submission_id,
        kind: r.kind,
        finalProposed: r.final_proposed_at !== null,
        assignee: assigneeOf(claims.get(r.user_id)),
        dueAt: r.pending_since + hours[workKindOf(r.kind, r.level)] * HOUR_MS,
        breached: r.pending_since + hours[workKindOf(r.kind, r.level)] * HOUR_MS <= now,
        closed: closed.has(r.user_id),
      })),
      nextCursor,
      total: found.total,
      totalCapped: found.totalCapped,
    };
  };
}
