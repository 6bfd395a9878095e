/**
 * The retention policies (issue 20, docs/data-lifecycle.md "Retention policies"): the version in force
 * (the shipped defaults, written as version 1 on first use) and a new version made by an admin. Versions
 * are never changed: a redaction record names the version it was made under, so what the job did can
 * always be explained by the policy it read.
 */
import {
  retentionPolicy,
  type RetentionPolicyPut,
  type RetentionPolicySet,
  type StaffMe,
} from '@kyc/contracts';
import { z } from 'zod';
import type { Repositories, TxRepositories } from '../../data/repositories/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../backoffice/permissions.ts';
import { DEFAULT_POLICIES } from './default-policies.ts';
import { checkPolicySet, policyKey } from './due-rules.ts';

const storedPolicies = z.array(retentionPolicy);

async function versionInForce(repos: TxRepositories, now: number): Promise<RetentionPolicySet> {
  let row = await repos.retention.latestPolicyVersion();
  if (!row) {
    // The shipped defaults become version 1 the first time anyone asks (concurrent firsts: one insert wins).
    await repos.retention.insertPolicyVersion({
      version: 1,
      createdAt: now,
      createdBy: null,
      reason: 'The shipped defaults (issue 20)',
      policies: JSON.stringify(DEFAULT_POLICIES),
    });
    row = await repos.retention.latestPolicyVersion();
    if (!row) throw new Error('no retention policy version');
  }
  return {
    version: row.version,
    createdAt: row.created_at,
    createdBy: row.created_by,
    reason: row.reason,
    policies: storedPolicies.parse(JSON.parse(row.policies)),
  };
}

export function policyUseCases(repos: Repositories) {
  return {
    /** The version in force, for the erasure job (no permission: the job is not a staff member). */
    inForce: (now = Date.now()) => versionInForce(repos, now),

    /** GET /backoffice/api/retention/policies (`read_retention`). */
    async get(staff: StaffMe, now = Date.now()): Promise<RetentionPolicySet> {
      requirePermission(staff, 'read_retention');
      return versionInForce(repos, now);
    },

    /**
     * PUT /backoffice/api/retention/policies (`edit_retention`, admin): the whole set checked (62001–
     * 62003), written as the next version over the one read (62004), audited with what changed.
     */
    async put(staff: StaffMe, body: RetentionPolicyPut, now = Date.now()): Promise<RetentionPolicySet> {
      requirePermission(staff, 'edit_retention');
      const policies = checkPolicySet(body.policies);
      return repos.transaction(async (tx) => {
        const current = await versionInForce(tx, now);
        const version = current.version + 1;
        if (
          current.version !== body.expectedVersion ||
          !(await tx.retention.insertPolicyVersion({
            version,
            createdAt: now,
            createdBy: staff.id,
            reason: body.reason,
            policies: JSON.stringify(policies),
          }))
        )
          throw new AppError('RETENTION_POLICY_VERSION_CHANGED', undefined, 409);
        const before = new Map(current.policies.map((p) => [policyKey(p.site, p.kind), p]));
        const changed = policies
          .filter((p) => {
            const was = before.get(policyKey(p.site, p.kind));
            return (
              !was || was.period !== p.period || was.clock !== p.clock || was.legalSource !== p.legalSource
            );
          })
          .map((p) => {
            const was = before.get(policyKey(p.site, p.kind));
            return {
              policy: policyKey(p.site, p.kind),
              from: was ? `${was.period}/${was.clock}` : null,
              to: `${p.period}/${p.clock}`,
            };
          });
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'retention.policies.update',
            caseRef: `retention-policies:${version}`,
            details: { from: current.version, to: version, reason: body.reason, changed },
          },
          now,
        );
        return { version, createdAt: now, createdBy: staff.id, reason: body.reason, policies };
      });
    },
  };
}
export type PolicyUseCases = ReturnType<typeof policyUseCases>;
