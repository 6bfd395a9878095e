/**
 * Claims on any case by its key (issue 17, D123): a verification case `user:<id>`, a questionnaire case
 * `user:<id>/questionnaire:<code>`. A reviewer claims a case ("Assign to me") or renews their claim; a
 * lead (`assign_cases`) assigns, reassigns or breaks it; while a claim lasts (CASE_CLAIM_MINUTES, D120)
 * only its assignee decides (`assertMayDecide`, inside the decision's transaction). Each change is a
 * compare-and-set in one transaction with its audit entry (`case.claim`, `case.assign`, `case.release`
 * on the case's key): of two reviewers claiming at once one wins, the other gets 55011.
 */
import { roleCan, type CaseAssignee, type CaseClaimResult, type StaffMe } from '@kyc/contracts';
import type { Repositories, TxRepositories } from '../../../data/repositories/index.ts';
import type { ListedClaim } from '../../../data/repositories/work-repo.ts';
import { AppError } from '../../../lib/app-error.ts';
import { requirePermission } from '../permissions.ts';
import { staffLabel } from '../staff-label.ts';

/** How long a claim lasts without a decision or a renewal, unless CASE_CLAIM_MINUTES says otherwise. */
export const DEFAULT_CLAIM_MINUTES = 120;
const MINUTE_MS = 60_000;

/** A case a claim is on: its key in `case_claims` and the person it is about. */
export interface ClaimedCase {
  caseRef: string;
  userId: number;
}

export interface CaseClaimSettings {
  /** CASE_CLAIM_MINUTES (config.ts): how long a claim or an assignment lasts. */
  claimMinutes: number;
}

export function assigneeOf(claim: ListedClaim | null | undefined): CaseAssignee | null {
  if (!claim) return null;
  return {
    staffId: Number(claim.staff_id),
    name: staffLabel(claim.staff_display_name, claim.staff_email),
    expiresAt: Number(claim.expires_at),
    version: Number(claim.version),
  };
}

/** Refuses a decision by anyone but the assignee while a claim on `caseRef` lasts (55013). */
export async function assertMayDecide(tx: TxRepositories, staff: StaffMe, caseRef: string, now: number) {
  const claim = await tx.work.claimOf(caseRef);
  if (claim && Number(claim.expires_at) > now && Number(claim.staff_id) !== staff.id)
    throw new AppError('CASE_NOT_ASSIGNEE');
}

/**
 * An assignment in the caller's transaction: the compare-and-set over the claim as read
 * (`expectedVersion`, null when there was none) and its audit entry `case.assign` (with `details` added,
 * e.g. the automatic assignment's `automatic: true`). False, with nothing written, when the claim
 * changed meanwhile.
 */
export async function assignClaim(
  tx: TxRepositories,
  a: ClaimedCase & {
    to: number;
    by: number;
    expectedVersion: number | null;
    from: number | null;
    now: number;
    claimMinutes: number;
    details?: Record<string, unknown>;
  },
): Promise<boolean> {
  const expiresAt = a.now + a.claimMinutes * MINUTE_MS;
  if (!(await tx.work.assign(a.caseRef, a.userId, a.to, a.by, a.expectedVersion, a.now, expiresAt)))
    return false;
  await tx.audit.insert(
    {
      staffId: a.by,
      action: 'case.assign',
      subjectUserId: a.userId,
      caseRef: a.caseRef,
      details: { from: a.from, to: a.to, expiresAt, ...a.details },
    },
    a.now,
  );
  return true;
}

/** Claim, assign and release any case; each answers the case's assignee after the change. */
export function caseClaimUseCases(
  repos: Repositories,
  { claimMinutes }: CaseClaimSettings = { claimMinutes: DEFAULT_CLAIM_MINUTES },
) {
  const claimMs = claimMinutes * MINUTE_MS;
  async function current(tx: TxRepositories, caseRef: string, now: number) {
    return assigneeOf(await tx.work.activeClaimOf(caseRef, now));
  }
  async function requirePerson(tx: TxRepositories, userId: number) {
    if (!(await tx.users.findById(userId)))
      throw new AppError('PARAMS_ERROR', 'userId: no such applicant', 404);
  }

  return {
    /** "Assign to me": claims the case, or renews one's own claim; someone else's live claim is 55011. */
    async claim(
      staff: StaffMe,
      { caseRef, userId }: ClaimedCase,
      now = Date.now(),
    ): Promise<CaseClaimResult> {
      requirePermission(staff, 'decide');
      return repos.transaction(async (tx) => {
        await requirePerson(tx, userId);
        const expiresAt = now + claimMs;
        if (!(await tx.work.claim(caseRef, userId, staff.id, now, expiresAt)))
          throw new AppError('CASE_CLAIMED_BY_OTHER');
        await tx.audit.insert(
          { staffId: staff.id, action: 'case.claim', subjectUserId: userId, caseRef, details: { expiresAt } },
          now,
        );
        return { assignee: await current(tx, caseRef, now) };
      });
    },

    /** A lead assigns the case to a member who may decide (else 55014), over the claim as read (55012). */
    async assign(
      staff: StaffMe,
      { caseRef, userId }: ClaimedCase,
      to: number,
      expectedVersion: number | null,
      now = Date.now(),
    ): Promise<CaseClaimResult> {
      requirePermission(staff, 'assign_cases');
      return repos.transaction(async (tx) => {
        await requirePerson(tx, userId);
        const member = await tx.staff.findById(to);
        if (!member || member.disabled || !roleCan(member.role, 'decide'))
          throw new AppError('CASE_ASSIGNEE_INVALID');
        const before = await tx.work.claimOf(caseRef);
        const from = before ? Number(before.staff_id) : null;
        const given = await assignClaim(tx, {
          caseRef,
          userId,
          to,
          by: staff.id,
          expectedVersion,
          from,
          now,
          claimMinutes,
        });
        if (!given) throw new AppError('CASE_CLAIM_CHANGED');
        return { assignee: await current(tx, caseRef, now) };
      });
    },

    /** The assignee gives the case back, or a lead breaks the claim, over the claim as read (55012). */
    async release(
      staff: StaffMe,
      { caseRef, userId }: ClaimedCase,
      version: number,
      now = Date.now(),
    ): Promise<CaseClaimResult> {
      requirePermission(staff, 'decide');
      return repos.transaction(async (tx) => {
        const claim = await tx.work.claimOf(caseRef);
        if (!claim || Number(claim.version) !== version) throw new AppError('CASE_CLAIM_CHANGED');
        const own = Number(claim.staff_id) === staff.id;
        if (!own) requirePermission(staff, 'assign_cases');
        if (!(await tx.work.release(caseRef, version))) throw new AppError('CASE_CLAIM_CHANGED');
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'case.release',
            subjectUserId: userId,
            caseRef,
            details: { from: Number(claim.staff_id), broken: !own },
          },
          now,
        );
        return { assignee: null };
      });
    },
  };
}
export type CaseClaimUseCases = ReturnType<typeof caseClaimUseCases>;
