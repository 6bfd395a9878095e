/**
 * The audit chain's state for the audit page and for `npm run audit:verify` (issue 11, D40).
 * The page verifies incrementally: it re-checks the last verified entry (still there, same hash) and
 * then only the entries written since, at most PAGE_BUDGET per view, so a million-row log is never
 * walked per page view. The command walks everything from the first entry. Either records its result
 * in `audit_chain_checks` by compare-and-set (two concurrent views never overwrite each other's
 * newer result); a break, once found, stays shown until a full verification finds the chain whole.
 */
import type { AuditChainStatus } from '@kyc/contracts';
import { GENESIS_HASH, auditRowHash } from '../../lib/audit-chain-hash.ts';
import type { ChainChecks } from '../../data/repositories/audit-chain-repo.ts';
import type { Repositories } from '../../data/repositories/index.ts';
import { requirePermission } from '../backoffice/permissions.ts';
import type { StaffMe } from '@kyc/contracts';
import { walkChain, type ChainBreak, type WalkResult } from './verify-chain.ts';

/** Entries one page view verifies at most; the rest wait for the next view. */
export const PAGE_BUDGET = 20_000;

export interface ChainReport {
  status: AuditChainStatus;
  /** The chain head when checked: logged so an outside copy of the log anchors it. */
  head: { id: number; hash: string };
}

export function auditChainUseCases(
  repos: Pick<Repositories, 'auditChain'>,
  options: { budget?: number } = {},
) {
  const repo = repos.auditChain;
  const budget = options.budget ?? PAGE_BUDGET;

  async function record(before: ChainChecks, result: WalkResult, now: number): Promise<ChainReport> {
    const next: ChainChecks = result.ok
      ? {
          verified_id: result.lastId,
          verified_hash: result.lastHash,
          verified_at: now,
          broken_id: null,
          broken_kind: null,
          broken_at: null,
        }
      : { ...before, broken_id: result.broken.id, broken_kind: result.broken.kind, broken_at: now };
    // Lost the compare-and-set: another check recorded meanwhile; show what it recorded.
    const saved = (await repo.saveChecks(before, next)) ? next : await repo.checks();
    return report(saved);
  }

  async function report(checks: ChainChecks): Promise<ChainReport> {
    const head = await repo.head();
    const broken =
      checks.broken_id === null
        ? null
        : {
            id: Number(checks.broken_id),
            kind: checks.broken_kind as ChainBreak['kind'],
            foundAt: Number(checks.broken_at),
          };
    return {
      status: {
        state: broken ? 'broken' : 'verified',
        verifiedThroughId: Number(checks.verified_id),
        verifiedAt: checks.verified_at === null ? null : Number(checks.verified_at),
        pending: Math.max(0, head.lastId - Number(checks.verified_id)),
        broken,
      },
      head: { id: head.lastId, hash: head.lastHash },
    };
  }

  /** The last verified entry must still be there, unchanged; else the break is there. */
  async function checkpointBreak(checks: ChainChecks): Promise<ChainBreak | undefined> {
    const id = Number(checks.verified_id);
    if (id === 0) return undefined;
    const row = await repo.row(id);
    if (!row) return { id, kind: 'deleted' };
    if (row.hash !== checks.verified_hash || row.hash !== auditRowHash(row.prev_hash, row))
      return { id, kind: 'edited' };
    return undefined;
  }

  return {
    /** The audit page's indication: verifies what was written since the last check. */
    async status(staff: StaffMe, now: number): Promise<ChainReport> {
      requirePermission(staff, 'read_audit');
      return this.verifyIncrementally(now);
    },

    async verifyIncrementally(now: number): Promise<ChainReport> {
      const checks = await repo.checks();
      if (checks.broken_id !== null) return report(checks);
      const lost = await checkpointBreak(checks);
      if (lost) return record(checks, { ok: false, broken: lost, checked: 0 }, now);
      const result = await walkChain(repo, {
        from: { id: Number(checks.verified_id), hash: checks.verified_hash },
        budget,
      });
      return record(checks, result, now);
    },

    /** `npm run audit:verify`: the whole chain from its first entry; clears a break it no longer finds. */
    async verifyAll(now: number): Promise<ChainReport & { checked: number }> {
      const checks = await repo.checks();
      const result = await walkChain(repo, { from: { id: 0, hash: GENESIS_HASH } });
      return { ...(await record(checks, result, now)), checked: result.checked };
    },
  };
}
export type AuditChainUseCases = ReturnType<typeof auditChainUseCases>;
