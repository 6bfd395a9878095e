/**
 * The data lifecycle of issue 20 (docs/data-lifecycle.md), composed: the policies, legal holds, the
 * erasure job and its redaction records. The closing of an account and the person's own copy are other
 * slices' (the closures repository is theirs to write through).
 */
import type { Repositories } from '../../data/repositories/index.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import type { BlobStore } from '../../lib/uploads/blob-store.ts';
import { closedAccessUseCases } from './closed-access.ts';
import { erasureUseCases, type ErasureOptions } from './erasure.ts';
import { holdUseCases } from './holds.ts';
import { policyUseCases } from './policies.ts';
import { policyVersionUseCases } from './policy-versions.ts';
import { redactionUseCases } from './redactions.ts';
import { rollingSweepUseCases } from './rolling-sweep.ts';

export type RetentionOptions = ErasureOptions;

export function retentionUseCases(
  deps: { repos: Repositories; blobs: BlobStore; keyring: MasterKeyring } & RetentionOptions,
) {
  const closedAccess = closedAccessUseCases(deps.repos, deps.keyring);
  const policies = policyUseCases(deps.repos);
  const erasure = erasureUseCases({ ...deps, policies });
  return {
    getPolicies: policies.get,
    putPolicies: policies.put,
    placeHold: holdUseCases(deps.repos).place,
    liftHold: holdUseCases(deps.repos).lift,
    listHolds: holdUseCases(deps.repos).list,
    listRedactions: redactionUseCases(deps.repos).list,
    runNow: erasure.runNow,
    runScheduled: erasure.runScheduled,
    // D106: the abandoned-uploads and old-security-log-entries sweeps, under the policies.
    sweepRolling: rollingSweepUseCases({ ...deps, policies }).sweep,
    // Slice C (the back office's pages, access after closure; D78–D79).
    listPolicyVersions: policyVersionUseCases(deps.repos).list,
    grantClosedAccess: closedAccess.grant,
    lookupPerson: closedAccess.lookup,
    recordClosureForTests: closedAccess.recordClosureForTests,
  };
}
export type RetentionUseCases = ReturnType<typeof retentionUseCases>;
