/**
 * Claims and assignment of verification cases (issue 17, docs/backoffice-at-volume.md "Working a queue
 * together"). A reviewer claims a case ("Assign to me"); a lead (`assign_cases`) assigns, reassigns or
 * breaks a claim; while a claim lasts (CASE_CLAIM_MINUTES, D120) only its assignee decides (decide.ts asks
 * `assertMayDecide` inside the decision's transaction). Each change is a compare-and-set in one
 * transaction with its audit entry: of two reviewers claiming at once one wins, the other gets 55011.
 */
import { roleCan, type CaseAssignee, type StaffMe } from '@kyc/contracts';
import type { Repositories, TxRepositories } from '../../../data/repositories/index.ts';
import type { ActiveClaim } from '../../../data/repositories/work-repo.ts';
import { AppError } from '../../../lib/app-error.ts';
import { requirePermission } from '../permissions.ts';
import { staffLabel } from '../staff-label.ts';

/** How long a claim lasts without a decision or a renewal, unless CASE_CLAIM_MINUTES says otherwise. */
export const DEFAULT_CLAIM_MINUTES = 120;
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

export interface AssignmentSettings {
  /** CASE_CLAIM_MINUTES (config.ts): how long a claim or an assignment lasts. */
  claimMinutes: number;
}

export function assignmentUseCases(
  repos: Repositories,
  { claimMinutes }: AssignmentSettings = { claimMinutes: DEFAULT_CLAIM_MINUTES },
) {
  const claimMs = claimMinutes * MINUTE_MS;
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
        const expiresAt = now + claimMs;
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
        const expiresAt = now + claimMs;
        if (!(await tx.work.assign(caseRefOf(userId), userId, to, staff.id, expectedVersion, now, expiresAt)))
          throw new AppError('CASE_CLAIM_CHANGED');
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'case.assign',
            subjectUserId: userId,
            caseRef: caseRefOf(userId),
            details: { from: before ? Number(before.staff_id) : null, to, expiresAt },
          },
          now,
        );
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
