/**
 * The verification queue (docs/backoffice.md "Queue and submissions"): one item per PENDING submission
 * of every kind, oldest first, filtered by level, country, site, age, kind and awaiting-final, with the
 * applicant's names opened from their sealed columns by the repository.
 */
import type { ReviewQueueQuery, ReviewQueueResult, StaffMe } from '@kyc/contracts';
import type { Repositories } from '../../../data/repositories/index.ts';
import { requirePermission } from '../permissions.ts';

const HOUR_MS = 3_600_000;

export function queueUseCase(repos: Pick<Repositories, 'review'>) {
  return async function queue(
    staff: StaffMe,
    q: ReviewQueueQuery,
    now = Date.now(),
  ): Promise<ReviewQueueResult> {
    requirePermission(staff, 'view_cases');
    const { rows, total } = await repos.review.queue({
      level: q.level,
      country: q.country,
      site: q.site,
      olderThan: q.minAgeHours !== undefined ? now - q.minAgeHours * HOUR_MS : undefined,
      kind: q.kind,
      pendingFinal: q.pendingFinal === 'true',
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return {
      items: rows.map((r) => ({
        userId: r.user_id,
        email: r.email,
        site: r.site,
        level: r.level,
        country: r.country,
        firstName: r.first_name,
        lastName: r.last_name,
        pendingSince: r.pending_since,
        submissionId: r.submission_id,
        kind: r.kind,
        finalProposed: r.final_proposed_at !== null,
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  };
}
