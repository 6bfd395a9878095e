/**
 * Automatic round-robin assignment of verification cases (issue 17, D121; docs/backoffice-at-volume.md
 * "Automatic assignment"; CASE_AUTO_ASSIGN=round_robin, off by default). The `case-auto-assignment` job
 * (once across instances, every JOB_INTERVAL_SECONDS) gives the waiting cases nobody holds, oldest first,
 * to the active reviewers and senior reviewers (a live back-office session seen within
 * CASE_ASSIGN_ACTIVE_MINUTES, not disabled), each up to CASE_ASSIGN_MAX_OPEN live claims: to the
 * member of the case's site given a case least recently (round-robin.ts). A final rejection awaiting
 * confirmation goes only to a senior reviewer who proposed none of it.
 *
 * Each case is its own transaction: the member's place in the round robin moves by compare-and-set from
 * the value read, and the case is given by the lead's compare-and-set and audit entry (assignment.ts,
 * by the system); either one lost rolls both back. So two runs at once give each case once, never to a
 * member twice from one read, and never take a case someone holds (a live claim is never read, and a
 * claim made after the read fails the compare-and-set).
 */
import { ROLE_PERMISSIONS, type StaffRole } from '@kyc/contracts';
import type { Repositories } from '../../../data/repositories/index.ts';
import type { AssignableMember, UnclaimedCase } from '../../../data/repositories/case-auto-assign-repo.ts';
import { isWriteConflict } from '../../../data/write-conflict.ts';
import { assignCase, SYSTEM_STAFF_ID } from './assignment.ts';
import { chooseAssignee, namedSitesWithRoom, sitesWithRoom } from './round-robin.ts';

export type CaseAutoAssignMode = 'off' | 'round_robin';

export interface CaseAutoAssignSettings {
  mode: CaseAutoAssignMode;
  /** A member is active when a live session of theirs was seen within this window. */
  activeMs: number;
  /** The live claims on waiting cases up to which a member is given more. */
  maxOpen: number;
}

/** Waiting rows read at a time, and at most per pass (a pass stops earlier when nobody has room). */
const LIMITS = { batch: 200, scan: 2_000 };

interface RunState {
  started: number;
  members: AssignableMember[];
  given: number;
  /** The time of the last assignment: each next one is later, so the round robin's order is strict. */
  last: number;
}

/**
 * The roles that get cases: those that decide, admins left out (they administer; they take a case with
 * "Assign to me" or a lead gives it to them), as the screening alerts' assigner does.
 */
export const AUTO_ASSIGN_ROLES: readonly StaffRole[] = (Object.keys(ROLE_PERMISSIONS) as StaffRole[]).filter(
  (role) => role !== 'admin' && ROLE_PERMISSIONS[role].includes('decide'),
);

class Lost extends Error {}

export function caseAutoAssignment(options: {
  repos: Repositories;
  settings: CaseAutoAssignSettings;
  /** CASE_CLAIM_MINUTES (D120): how long an assignment lasts; 120 when not given. */
  claimMinutes?: number;
  now?: () => number;
  /** Rows per read and per pass (tests make them small). */
  limits?: { batch: number; scan: number };
}) {
  const { repos, settings } = options;
  const limits = options.limits ?? LIMITS;
  const clock = options.now ?? Date.now;

  const membersNow = (at: number) =>
    repos.caseAutoAssign.activeMembers(AUTO_ASSIGN_ROLES, at - settings.activeMs, at);

  /** Gives one case to `to` (compare-and-set on both); false when either moved meanwhile. */
  async function give(work: UnclaimedCase, to: AssignableMember, at: number): Promise<boolean> {
    try {
      await repos.transaction(async (tx) => {
        if (!(await tx.caseAutoAssign.moveRotation(to.id, to.autoAssignedAt, at))) throw new Lost();
        const given = await assignCase(tx, {
          userId: work.userId,
          to: to.id,
          by: SYSTEM_STAFF_ID,
          expectedVersion: work.claimVersion,
          from: work.claimStaffId,
          now: at,
          claimMinutes: options.claimMinutes,
        });
        if (!given) throw new Lost();
      });
      return true;
    } catch (error) {
      if (error instanceof Lost || isWriteConflict(error)) return false;
      throw error;
    }
  }

  /**
   * One run of the job: answers how many cases it gave. First the whole queue oldest first (only the
   * sites some member with room works); then, for each site a member with room still works by name, that
   * site's own oldest cases (its index), so that a member of a small site is never starved by an older
   * backlog of the others beyond the scan limit.
   */
  async function run(): Promise<number> {
    if (settings.mode !== 'round_robin') return 0;
    const state: RunState = { started: clock(), members: await membersNow(clock()), given: 0, last: 0 };
    await pass(state, () => sitesWithRoom(state.members, settings.maxOpen));
    for (const site of namedSitesWithRoom(state.members, settings.maxOpen))
      await pass(state, () =>
        namedSitesWithRoom(state.members, settings.maxOpen).includes(site) ? [site] : [],
      );
    return state.given;
  }

  /** Reads the unclaimed waiting rows of `sitesNow()` (null: every site; empty: stop) in keyset batches. */
  async function pass(state: RunState, sitesNow: () => string[] | null): Promise<void> {
    let after: [number, number] | null = null;
    const seen = new Set<number>();
    for (let scanned = 0; scanned < limits.scan;) {
      const sites = sitesNow();
      if (sites !== null && sites.length === 0) return; // nobody with room works them
      const rows = await repos.caseAutoAssign.unclaimedWaiting({
        now: state.started,
        sites,
        after,
        limit: limits.batch,
      });
      if (rows.length === 0) return;
      scanned += rows.length;
      const lastRow = rows[rows.length - 1] as UnclaimedCase;
      after = [lastRow.pendingSince, lastRow.submissionId];
      const cases = rows.filter((r) => !seen.has(r.userId) && seen.add(r.userId));
      const finals = await repos.caseAutoAssign.finalProposals(cases.map((c) => c.userId));
      for (const work of cases) {
        const to = chooseAssignee(
          state.members,
          { site: work.site, finalProposers: finals.get(work.userId) },
          settings.maxOpen,
        );
        if (!to) continue;
        const at = Math.max(clock(), state.last + 1);
        if (await give(work, to, at)) {
          state.last = at;
          to.autoAssignedAt = at;
          to.open += 1;
          state.given += 1;
        } else {
          // Someone took the case, or another run gave this member a case: read the members afresh.
          state.members = await membersNow(clock());
        }
      }
      if (rows.length < limits.batch) return;
    }
  }

  return { run, enabled: settings.mode === 'round_robin' };
}
export type CaseAutoAssignment = ReturnType<typeof caseAutoAssignment>;
