/**
 * The redaction records (issue 20, docs/data-lifecycle.md "Redaction records"): what the erasure job
 * redacted, when and under which policy version, newest first and cursor-paged like every back-office
 * list (D57). A record names the person by id only: after erasure, the id is all that is left.
 */
import type { RedactionsQuery, RedactionsResult, StaffMe } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import { decodeCursor, keysetPage } from '../../data/keyset.ts';
import { requirePermission } from '../backoffice/permissions.ts';

function countsOf(json: string): Record<string, number> {
  const value: unknown = JSON.parse(json);
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (e): e is [string, number] => typeof e[1] === 'number' && Number.isSafeInteger(e[1]),
    ),
  );
}

export function redactionUseCases(repos: Repositories) {
  return {
    /** GET /backoffice/api/retention/redactions (`read_retention`). */
    async list(staff: StaffMe, q: RedactionsQuery, signal?: AbortSignal): Promise<RedactionsResult> {
      requirePermission(staff, 'read_retention');
      const before = decodeCursor(q.cursor, ['number'])?.[0] as number | undefined;
      const found = await repos.retention.listRedactions(
        { userId: q.userId, kind: q.kind, beforeId: before, limit: q.limit },
        { signal },
      );
      const { rows, nextCursor } = keysetPage(found.rows, q.limit, (r) => [r.id]);
      return {
        items: rows.map((r) => ({
          id: r.id,
          userId: r.user_id,
          kind: r.kind,
          site: r.site,
          policyVersion: r.policy_version,
          clock: r.clock,
          dueAt: r.due_at,
          redactedAt: r.redacted_at,
          runId: r.run_id,
          counts: countsOf(r.counts),
        })),
        nextCursor,
        total: found.total,
        totalCapped: found.totalCapped,
      };
    },
  };
}
export type RedactionUseCases = ReturnType<typeof redactionUseCases>;
