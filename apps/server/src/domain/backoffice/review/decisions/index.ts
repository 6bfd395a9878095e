/**
 * The decision kinds the back office can take, one module each (its permission, its rule and its
 * transition). A new kind — a vendor's decision, say — is a new module and one line here: the table is
 * typed by the contracts' request union, so a kind without a module does not compile.
 */
import type { DecisionRequest } from '@kyc/contracts';
import { approve } from './approve.ts';
import { approveReverification } from './approve-reverification.ts';
import { approveUpdate } from './approve-update.ts';
import { confirmFinal } from './confirm-final.ts';
import type { Decision, DecisionRequestOf } from './decision.ts';
import { proposeFinal } from './propose-final.ts';
import { rejectRetry } from './reject-retry.ts';
import { rejectReverification } from './reject-reverification.ts';
import { rejectUpdate } from './reject-update.ts';
import { requestReverification } from './request-reverification.ts';

type DecisionTable = { [K in DecisionRequest['decision']]: Decision<DecisionRequestOf<K>> };

const DECISIONS: DecisionTable = {
  approve,
  reject_retry: rejectRetry,
  propose_final: proposeFinal,
  confirm_final: confirmFinal,
  request_reverification: requestReverification,
  approve_reverification: approveReverification,
  reject_reverification: rejectReverification,
  approve_update: approveUpdate,
  reject_update: rejectUpdate,
};

/** The module of the request's kind. */
export function decisionOf<R extends DecisionRequest>(request: R): Decision<R> {
  // The table pairs every kind with the module for exactly that request shape; TypeScript cannot
  // follow the pairing through an indexed access on a union, hence the one widening here.
  return DECISIONS[request.decision] as unknown as Decision<R>;
}
