/**
 * The history of the retention policies (issue 20 slice C, docs/data-lifecycle.md "Back office"): every
 * version newest first, cursor-paged like every back-office list (D57), each with who saved it, why, and
 * what it changed over the version before — the page reads one version more than it shows, so the
 * oldest version of a page is compared too.
 */
import {
  retentionPolicy,
  type PolicyChange,
  type PolicyVersionsQuery,
  type PolicyVersionsResult,
  type RetentionPolicy,
  type StaffMe,
} from '@kyc/contracts';
import { z } from 'zod';
import type { Repositories } from '../../data/repositories/index.ts';
import { decodeCursor, keysetPage } from '../../data/keyset.ts';
import { requirePermission } from '../backoffice/permissions.ts';
import { staffLabel } from '../backoffice/staff-label.ts';
import { policyKey } from './due-rules.ts';

const storedPolicies = z.array(retentionPolicy);

const parsed = (json: string): RetentionPolicy[] => {
  const result = storedPolicies.safeParse(JSON.parse(json));
  return result.success ? result.data : [];
};

/** What `after` changed over `before` (every policy, in `after`'s order). */
export function policyChanges(before: readonly RetentionPolicy[], after: readonly RetentionPolicy[]) {
  const was = new Map(before.map((p) => [policyKey(p.site, p.kind), p]));
  const changes: PolicyChange[] = [];
  for (const p of after) {
    const old = was.get(policyKey(p.site, p.kind));
    if (old && old.period === p.period && old.clock === p.clock && old.legalSource === p.legalSource)
      continue;
    changes.push({
      site: p.site,
      kind: p.kind,
      from: old ? { period: old.period, clock: old.clock, legalSource: old.legalSource } : null,
      to: { period: p.period, clock: p.clock, legalSource: p.legalSource },
    });
  }
  return changes;
}

export function policyVersionUseCases(repos: Repositories) {
  return {
    /** GET /backoffice/api/retention/policies/versions (`read_retention`): newest first, by cursor. */
    async list(staff: StaffMe, q: PolicyVersionsQuery, signal?: AbortSignal): Promise<PolicyVersionsResult> {
      requirePermission(staff, 'read_retention');
      const before = decodeCursor(q.cursor, ['number'])?.[0] as number | undefined;
      const found = await repos.retention.listPolicyVersions(
        { beforeVersion: before, limit: q.limit },
        { signal },
      );
      const { rows, nextCursor } = keysetPage(found.rows.slice(0, q.limit + 1), q.limit, (r) => [r.version]);
      const items = rows.map((row, i) => {
        const older = found.rows[i + 1];
        return {
          version: row.version,
          createdAt: row.created_at,
          createdBy: row.created_by,
          createdByName: row.created_by === null ? null : staffLabel(row.staff_display_name, row.staff_email),
          reason: row.reason,
          changes: older ? policyChanges(parsed(older.policies), parsed(row.policies)) : [],
        };
      });
      return { items, nextCursor, total: found.total, totalCapped: found.totalCapped };
    },
  };
}
export type PolicyVersionUseCases = ReturnType<typeof policyVersionUseCases>;
