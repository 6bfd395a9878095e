/**
 * The retention policies (issue 20, docs/data-lifecycle.md "Retention policies"): the version in force,
 * a new version over it (admins; 62001–62004), and the versions newest first by cursor.
 */
import type {
  PolicyVersionsResult,
  RetentionPolicy,
  RetentionPolicyPut,
  RetentionPolicySet,
} from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';

export type { PolicyVersionsResult, RetentionPolicy, RetentionPolicySet };
export type PolicyVersion = PolicyVersionsResult['items'][number];

export const VERSIONS_PAGE_SIZE = 10;

/** GET /backoffice/api/retention/policies (`read_retention`). */
export function fetchPolicies(signal?: AbortSignal): Promise<RetentionPolicySet> {
  return api.get<RetentionPolicySet>('/retention/policies', { signal });
}

/** PUT /backoffice/api/retention/policies (`edit_retention`): the whole set, over the version read. */
export function putPolicies(body: RetentionPolicyPut): Promise<RetentionPolicySet> {
  return api.put<RetentionPolicySet>('/retention/policies', body);
}

/** The set with one site and kind's policy replaced (the PUT names every policy once). */
export function withPolicy(
  policies: readonly RetentionPolicy[],
  changed: RetentionPolicy,
): RetentionPolicy[] {
  return policies.map((p) => (p.site === changed.site && p.kind === changed.kind ? changed : p));
}

/** GET /backoffice/api/retention/policies/versions (`read_retention`): newest first. */
export function fetchPolicyVersions(cursor: string | undefined, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(VERSIONS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get<PolicyVersionsResult>(`/retention/policies/versions?${params.toString()}`, { signal });
}
