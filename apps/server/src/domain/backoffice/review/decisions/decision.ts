/**
 * What one decision kind is (docs/backoffice.md "Decisions"): who may take it, and how it moves the case.
 * `apply` runs inside the decision's one transaction (decide.ts) with a `DecisionContext` bound to it,
 * and writes the decision row, the state change and the person's notice there; the audit entry is its
 * last write, because appending it locks the audit chain's head until the transaction commits.
 */
import type { AuditAction, DecisionRequest, KycStepStatus, StaffMe } from '@kyc/contracts';
import type { TxRepositories } from '../../../../data/repositories/index.ts';
import type { ApplicantRow, UserRow } from '../../../../data/schema/index.ts';
import type { MasterKeyring } from '../../../../lib/crypto/envelope.ts';
import type { KycActor } from '../../../kyc/state-machine.ts';
import type { Permission } from '../../permissions.ts';

/** The request of one decision kind, narrowed from the contracts' union. */
export type DecisionRequestOf<K extends DecisionRequest['decision']> = Extract<
  DecisionRequest,
  { decision: K }
>;

export interface Decision<R extends DecisionRequest> {
  /** What the staff member's role must allow, checked before the transaction starts. */
  permission: Permission;
  /**
   * The decision approves something (a level, a re-verification, an update): refused while the person
   * has an open screening hit, and the person is screened first when the lists changed (issue 18).
   */
  approves?: boolean;
  apply(ctx: DecisionContext, request: R): Promise<void>;
}

/** Everything a decision reads and writes, bound to the decision's transaction. */
export interface DecisionContext {
  tx: TxRepositories;
  staff: StaffMe;
  /** The state machine's actor for the staff member's role. */
  actor: KycActor;
  userId: number;
  user: UserRow;
  applicant: ApplicantRow | undefined;
  keyring: MasterKeyring;
  now: number;
  /** The provider deciding by itself (issue 19, D102: 'default'), written on the decision row. */
  decidedByProvider?: string;
  /** A level's stored status as the case was read in this transaction. */
  statusOf(level: number): KycStepStatus;
  /** Appends the decision's audit entry (`decision.<kind>`): call it last. */
  audit(caseRef: string, details: Record<string, unknown>): Promise<void>;
}

/** The audit action of a decision kind. */
export const auditActionOf = (kind: DecisionRequest['decision']): AuditAction => `decision.${kind}`;
