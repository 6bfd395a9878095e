/**
 * Automatic assignment of new screening alerts (issue 18 "alerts queue"; docs/screening.md "The alerts
 * queue", SCREENING_ALERT_AUTO_ASSIGN, off by default): each alert still to resolve that nobody works goes
 * to the next active member, round-robin by staff id, among the roles that resolve hits (`decide`)
 * other than admins (they administer; they can still take an alert with "assign to me").
 *
 * It runs in the `screening` job (once across instances) and after a run that found hits. Each alert is
 * its own transaction: the round-robin's place moves by compare-and-set from the member read, and the
 * alert is given by the compare-and-set of "assign to me" (assignee still null); either one lost rolls
 * both back, so two assigners at once give each alert once and never skip or repeat a member.
 */
import { ROLE_PERMISSIONS, type StaffRole } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import { isWriteConflict } from '../../data/write-conflict.ts';

/** Alerts assigned per call. */
const BATCH = 200;
/** The staff id the audit entry names for an assignment no person made. */
export const SYSTEM_STAFF_ID = 0;

/** The roles that get alerts: those that resolve hits, admins left out. */
export const ALERT_ROLES: readonly StaffRole[] = (Object.keys(ROLE_PERMISSIONS) as StaffRole[]).filter(
  (role) => role !== 'admin' && ROLE_PERMISSIONS[role].includes('decide'),
);

class Lost extends Error {}

/** The member after `last` in id order, wrapping round (the first when `last` is none or gone). */
export function nextMember(members: readonly number[], last: number | null): number | undefined {
  if (members.length === 0) return undefined;
  if (last === null) return members[0];
  return members.find((id) => id > last) ?? members[0];
}

export function alertAssignment(options: { repos: Repositories; enabled: boolean; now: () => number }) {
  const { repos, now } = options;

  /** Gives each unassigned alert to the next member; answers how many this call gave. */
  async function assignNew(): Promise<number> {
    if (!options.enabled) return 0;
    const members = await repos.screeningAlerts.assignableStaff(ALERT_ROLES);
    if (members.length === 0) return 0;
    let given = 0;
    for (const alert of await repos.screeningAlerts.unassigned(BATCH)) {
      try {
        await repos.transaction(async (tx) => {
          const at = now();
          const last = await tx.screeningAlerts.lastAssigned();
          const to = nextMember(members, last) as number;
          if (!(await tx.screeningAlerts.moveRotation(last, to, at))) throw new Lost();
          if (!(await tx.screening.assignHit(alert.id, to, null, at))) throw new Lost();
          await tx.audit.insert(
            {
              staffId: SYSTEM_STAFF_ID,
              action: 'screening.alert.assign',
              subjectUserId: alert.userId,
              caseRef: `screening-hit:${alert.id}`,
              details: { hitId: alert.id, from: null, to, automatic: true },
            },
            at,
          );
        });
        given++;
      } catch (error) {
        if (!(error instanceof Lost) && !isWriteConflict(error)) throw error;
        // Someone took the alert, or another assigner moved the rotation (or wrote first): it is left
        // for the next tick, which reads again.
      }
    }
    return given;
  }

  return { assignNew };
}
