/**
 * Claims and assignment of verification cases (issue 17, docs/backoffice-at-volume.md "Working a queue
 * together"). A reviewer claims a case ("Assign to me"); a lead (`assign_cases`) assigns, reassigns or
 * breaks a claim; while a claim lasts (CLAIM_MINUTES) only its assignee decides (decide.ts asks
 * `assertMayDecide` inside the decision's transaction). Each change is a compare-and-set in one
 * transaction with its audit entry: of two reviewers claiming at once one wins, the other gets 55011.
 */
import { roleCan, type CaseAssignee, type StaffMe } from '@kyc/contracts';
import type { Repositories, TxRepositories } from '../../../data/repositories/index.ts';
import type { ActiveClaim } from '../../../data/repositories/work-repo.ts';
import { AppError } from '../../../lib/app-error.ts';
import { requirePermission } from '../permissions.ts';
import { staffLabel } from '../staff-label.ts';

/** How long a claim lasts without a decision or a renewal. */
export const CLAIM_MINUTES = 120;
const MINUTE_MS = 60_000;

export const caseRefOf = (userId: number) => `user:${userId}`;

export function assigneeOf(
  claim:
    | Pick<ActiveClaim, 'staff_id' | 'expires_at' | 'version' | 'staff_display_name' | 'staff_email'>
    | undefined,
): CaseAssignee | null {
  if (!claim) return null;
  return {
    staffId: Number(claim.staff_id),
    name: staffLabel(claim.staff_display_name, claim.staff_email),
    expiresAt: Number(claim.expires_at),
    version: Number(claim.version),
  };
}

/** Refuses a decision by anyone but the assignee while a claim lasts (55013). */
export async function assertMayDecide(tx: TxRepositories, staff: StaffMe, userId: number, now: number) {
  const claim = await tx.work.claimOf(caseRefOf(userId));
  if (claim && Number(claim.expires_at) > now && Number(claim.staff_id) !== staff.id)
    throw new AppError('CASE_NOT_ASSIGNEE');
}

/** The staff id the audit entry and the claim's `assigned_by` name for an assignment no person made. */
export const SYSTEM_STAFF_ID = 0;

/**
 * An assignment in the caller's transaction: the compare-and-set over the claim as read
 * (`expectedVersion`, null when there was none) and its audit entry `case.assign`. A lead's (`by` the
 * lead) and the automatic assignment's (`by` SYSTEM_STAFF_ID, `automatic: true` in the entry) are the
 * same. False, with nothing written, when the claim changed meanwhile.
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
  },
): Promise<boolean> {
  const { userId, to, by, now } = a;
  const expiresAt = now + CLAIM_MINUTES * MINUTE_MS;
  if (!(await tx.work.assign(caseRefOf(userId), userId, to, by, a.expectedVersion, now, expiresAt)))
    return false;
  const automatic = by === SYSTEM_STAFF_ID ? { automatic: true } : {};
  await tx.audit.insert(
    {
      staffId: by,
      action: 'case.assign',
      subjectUserId: userId,
      caseRef: caseRefOf(userId),
      details: { from: a.from, to, expiresAt, ...automatic },
    },
    now,
  );
  return true;
}

export function assignmentUseCases(repos: Repositories) {
  async function current(tx: TxRepositories, userId: number, now: number) {
    return assigneeOf((await tx.work.activeClaims([userId], now)).get(userId));
  }
  async function requirePerson(tx: TxRepositories, userId: number) {
    if (!(await tx.users.findById(userId)))
      throw new AppError('PARAMS_ERROR', 'userId: no such applicant', 404);
  }

  return {
    /** "Assign to me": claims the case, or renews one's own claim. */
    async claim(staff: StaffMe, userId: number, now = Date.now()) {
      requirePermission(staff, 'decide');
      return repos.transaction(async (tx) => {
        await requirePerson(tx, userId);
        const expiresAt = now + CLAIM_MINUTES * MINUTE_MS;
        if (!(await tx.work.claim(caseRefOf(userId), userId, staff.id, now, expiresAt)))
          throw new AppError('CASE_CLAIMED_BY_OTHER');
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'case.claim',
            subjectUserId: userId,
            caseRef: caseRefOf(userId),
            details: { expiresAt },
          },
          now,
        );
        return { assignee: await current(tx, userId, now) };
      });
    },

    /** A lead assigns the case to a member who may decide, over the assignment as read. */
    async assign(
      staff: StaffMe,
      userId: number,
      to: number,
      expectedVersion: number | null,
      now = Date.now(),
    ) {
      requirePermission(staff, 'assign_cases');
      return repos.transaction(async (tx) => {
        await requirePerson(tx, userId);
        const member = await tx.staff.findById(to);
        if (!member || member.disabled || !roleCan(member.role, 'decide'))
          throw new AppError('CASE_ASSIGNEE_INVALID');
        const before = await tx.work.claimOf(caseRefOf(userId));
        const from = before ? Number(before.staff_id) : null;
        if (!(await assignCase(tx, { userId, to, by: staff.id, expectedVersion, from, now })))
          throw new AppError('CASE_CLAIM_CHANGED');
        return { assignee: await current(tx, userId, now) };
      });
    },

    /** The assignee gives the case back, or a lead breaks the claim (over the claim as read). */
    async release(staff: StaffMe, userId: number, version: number, now = Date.now()) {
      requirePermission(staff, 'decide');
      return repos.transaction(async (tx) => {
        const claim = await tx.work.claimOf(caseRefOf(userId));
        if (!claim || Number(claim.version) !== version) throw new AppError('CASE_CLAIM_CHANGED');
        const own = Number(claim.staff_id) === staff.id;
        if (!own) requirePermission(staff, 'assign_cases');
        if (!(await tx.work.release(caseRefOf(userId), version))) throw new AppError('CASE_CLAIM_CHANGED');
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'case.release',
            subjectUserId: userId,
            caseRef: caseRefOf(userId),
            details: { from: Number(claim.staff_id), broken: !own },
          },
          now,
        );
        return { assignee: null };
      });
    },
  };
}
