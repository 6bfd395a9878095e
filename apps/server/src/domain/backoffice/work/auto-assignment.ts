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
import { chooseAssignee, sitesWithRoom } from './round-robin.ts';

export type CaseAutoAssignMode = 'off' | 'round_robin';

export interface CaseAutoAssignSettings {
  mode: CaseAutoAssignMode;
  /** A member is active when a live session of theirs was seen within this window. */
  activeMs: number;
  /** The live claims on waiting cases up to which a member is given more. */
  maxOpen: number;
}

/** Waiting rows read at a time, and at most per run (a run stops earlier when nobody has room). */
const BATCH = 200;
const SCAN_LIMIT = 2_000;

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
  now?: () => number;
}) {
  const { repos, settings } = options;
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
        });
        if (!given) throw new Lost();
      });
      return true;
    } catch (error) {
      if (error instanceof Lost || isWriteConflict(error)) return false;
      throw error;
    }
  }

  /** One run of the job: answers how many cases it gave. */
  async function run(): Promise<number> {
    if (settings.mode !== 'round_robin') return 0;
    const started = clock();
    let members = await membersNow(started);
    let given = 0;
    let last = 0;
    let after: [number, number] | null = null;
    const seen = new Set<number>();
    for (let scanned = 0; scanned < SCAN_LIMIT;) {
      const sites = sitesWithRoom(members, settings.maxOpen);
      if (sites !== null && sites.length === 0) break; // nobody has room
      const rows = await repos.caseAutoAssign.unclaimedWaiting({ now: started, sites, after, limit: BATCH });
      if (rows.length === 0) break;
      scanned += rows.length;
      const lastRow = rows[rows.length - 1] as UnclaimedCase;
      after = [lastRow.pendingSince, lastRow.submissionId];
      const cases = rows.filter((r) => !seen.has(r.userId) && seen.add(r.userId));
      const finals = await repos.caseAutoAssign.finalProposals(cases.map((c) => c.userId));
      for (const work of cases) {
        const to = chooseAssignee(
          members,
          { site: work.site, finalProposers: finals.get(work.userId) },
          settings.maxOpen,
        );
        if (!to) continue;
        const at = Math.max(clock(), last + 1);
        if (await give(work, to, at)) {
          last = at;
          to.autoAssignedAt = at;
          to.open += 1;
          given += 1;
        } else {
          // Someone took the case, or another run gave this member a case: read the members afresh.
          members = await membersNow(clock());
        }
      }
      if (rows.length < BATCH) break;
    }
    return given;
  }

  return { run, enabled: settings.mode === 'round_robin' };
}
export type CaseAutoAssignment = ReturnType<typeof caseAutoAssignment>;
