/**
 * The back office's reading of the one stored column the schema does not yet type with its contract
 * union: kyc_decisions.decision (written only by the decision modules, so an unknown value means a row
 * from a newer version; it reads as its safe default here, in one place).
 */
import { DECISION_KINDS, type DecisionKind } from '@kyc/contracts';

const isOneOf = <T extends string>(values: readonly T[], v: string): v is T =>
  (values as readonly string[]).includes(v);

export function asDecision(v: string): DecisionKind {
  return isOneOf(DECISION_KINDS, v) ? v : 'approve';
}
