/**
 * Claims and assignment of verification cases (issue 17, docs/backoffice-at-volume.md "Working a queue
 * together"): the generic claims of case-claims.ts on the case `user:<id>`. A reviewer claims a case
 * ("Assign to me"); a lead (`assign_cases`) assigns, reassigns or breaks a claim; the automatic
 * assignment (auto-assignment.ts, D121) gives a case as a lead would, by the system; while a claim lasts
 * (CASE_CLAIM_MINUTES, D120) only its assignee decides (decide.ts asks `assertMayDecide` inside the
 * decision's transaction). Each change is a compare-and-set in one transaction with its audit entry.
 */
import type { StaffMe } from '@kyc/contracts';
import type { Repositories, TxRepositories } from '../../../data/repositories/index.ts';
import {
  assertMayDecide as assertMayDecideOn,
  assignClaim,
  caseClaimUseCases,
  DEFAULT_CLAIM_MINUTES,
  type CaseClaimSettings,
} from './case-claims.ts';

export { assigneeOf, DEFAULT_CLAIM_MINUTES } from './case-claims.ts';
export type AssignmentSettings = CaseClaimSettings;

/** The staff id the audit entry and the claim's `assigned_by` name for an assignment no person made. */
export const SYSTEM_STAFF_ID = 0;

export const caseRefOf = (userId: number) => `user:${userId}`;

const verificationCase = (userId: number) => ({ caseRef: caseRefOf(userId), userId });

/** Refuses a decision on the person's verification case by anyone but its assignee (55013). */
export async function assertMayDecide(tx: TxRepositories, staff: StaffMe, userId: number, now: number) {
  await assertMayDecideOn(tx, staff, caseRefOf(userId), now);
}

/**
 * An assignment of a verification case in the caller's transaction (case-claims.ts `assignClaim`): a
 * lead's (`by` the lead) and the automatic assignment's (`by` SYSTEM_STAFF_ID, `automatic: true` in the
 * entry) are the same. False, with nothing written, when the claim changed meanwhile.
 */
export async function assignCase(
  tx: TxRepositories,
  a: {
    userId: number;
    to: number;
    by: number;
    expectedVersion: number | null;
    from: number | null;
    now: number;
    claimMinutes?: number | undefined;
  },
): Promise<boolean> {
  return assignClaim(tx, {
    ...verificationCase(a.userId),
    to: a.to,
    by: a.by,
    expectedVersion: a.expectedVersion,
    from: a.from,
    now: a.now,
    claimMinutes: a.claimMinutes ?? DEFAULT_CLAIM_MINUTES,
    ...(a.by === SYSTEM_STAFF_ID ? { details: { automatic: true } } : {}),
  });
}

export function assignmentUseCases(repos: Repositories, settings?: AssignmentSettings) {
  const claims = caseClaimUseCases(repos, settings);
  return {
    /** "Assign to me": claims the case, or renews one's own claim. */
    claim: (staff: StaffMe, userId: number, now = Date.now()) =>
      claims.claim(staff, verificationCase(userId), now),
    /** A lead assigns the case to a member who may decide, over the assignment as read. */
    assign: (staff: StaffMe, userId: number, to: number, expectedVersion: number | null, now = Date.now()) =>
      claims.assign(staff, verificationCase(userId), to, expectedVersion, now),
    /** The assignee gives the case back, or a lead breaks the claim (over the claim as read). */
    release: (staff: StaffMe, userId: number, version: number, now = Date.now()) =>
      claims.release(staff, verificationCase(userId), version, now),
  };
}
