/**
 * Which decisions the case page offers to the signed-in staff member: the server's rules
 * (docs/backoffice.md "Decisions", domain/kyc/state-machine.ts) as far as the case shows them. The
 * server checks every decision again; these only keep impossible buttons off the screen.
 */
import type { StaffMe } from '@kyc/contracts';
import { can } from '../../lib/permissions.ts';
import type { CaseDecisionEntry, CaseLevel, CaseSubmission, CaseView } from './api/case.ts';

export interface LevelActions {
  level: number;
  approve: boolean;
  rejectRetry: boolean;
  proposeFinal: boolean;
  confirmFinal: boolean;
  /** A final rejection waits for confirmation. */
  proposed: boolean;
  /** Who proposed it (staff id), when one waits. */
  proposedBy: number | null;
  /** The signed-in member proposed it: someone else must confirm (four eyes). */
  proposedByMe: boolean;
  /** The verification vendor that proposed it (a decision by staff 0), else null. */
  proposedByVendor: CaseDecisionEntry['decidedByProvider'];
}

/** The proposal of the final rejection now waiting on this level (newest decision first), if any. */
function proposalOf(caseView: CaseView, level: number): CaseDecisionEntry | undefined {
  const latest = [...caseView.decisions].filter((d) => d.level === level).sort((a, b) => b.id - a.id)[0];
  return latest?.decision === 'reject_final_proposed' ? latest : undefined;
}

/** The staff member who proposed the final rejection now waiting on this level (newest decision first). */
export function proposerOf(caseView: CaseView, level: number): number | null {
  return proposalOf(caseView, level)?.staffId ?? null;
}

export function levelActions(caseView: CaseView, level: CaseLevel, staff: StaffMe): LevelActions {
  const decide = can(staff.role, 'decide');
  const senior = can(staff.role, 'confirm_final');
  const pending = level.status === 'PENDING';
  const proposed = pending && level.finalRejectionProposed;
  const proposedBy = proposed ? proposerOf(caseView, level.level) : null;
  const proposedByMe = proposed && proposedBy === staff.id;
  const proposedByVendor = proposed ? (proposalOf(caseView, level.level)?.decidedByProvider ?? null) : null;
  if (!pending || !decide) {
    return {
      level: level.level,
      approve: false,
      rejectRetry: false,
      proposeFinal: false,
      confirmFinal: false,
      proposed,
      proposedBy,
      proposedByMe,
      proposedByVendor,
    };
  }
  return {
    level: level.level,
    // While a proposal waits, only a senior reviewer (or admin) may decide otherwise.
    approve: !proposed || senior,
    rejectRetry: !proposed || senior,
    proposeFinal: !proposed,
    confirmFinal: proposed && senior && !proposedByMe,
    proposed,
    proposedBy,
    proposedByMe,
    proposedByVendor,
  };
}

/**
 * Issue 18: a screening hit not yet resolved — open, or a false positive waiting for the second reviewer —
 * blocks every approval (the server refuses with 61001, as it does for the screening status `open_hit`);
 * the approve controls stay visible, disabled, with the reason beside them.
 */
export function approvalBlocked(caseView: CaseView): boolean {
  return caseView.screening.hits.some((hit) => hit.state === 'open' || hit.state === 'pending_confirmation');
}

export interface ReverificationActions {
  request: boolean;
  approve: boolean;
  reject: boolean;
}

export function reverificationActions(caseView: CaseView, staff: StaffMe): ReverificationActions {
  const decide = can(staff.role, 'decide');
  const status = caseView.reverification.status;
  const level1 = caseView.levels.find((l) => l.level === 1);
  return {
    request: decide && status === 'DisplayUpdatePOIStatus_No' && level1?.status === 'SUCCESS',
    approve: decide && status === 'DisplayUpdatePOIStatus_Pending',
    reject: decide && status === 'DisplayUpdatePOIStatus_Pending',
  };
}

const UPDATE_KINDS: readonly string[] = ['update_id', 'update_poa'];

/** ID and address updates waiting for a decision (when the staff member may decide). */
export function pendingUpdates(caseView: CaseView, staff: StaffMe): CaseSubmission[] {
  if (!can(staff.role, 'decide')) return [];
  return caseView.submissions.filter((s) => UPDATE_KINDS.includes(s.kind) && s.status === 'PENDING');
}
