/**
 * Identity transfer (issue 15, docs/identity-transfer.md, D55–D56): a person verified on one account
 * (source) moves that verification to another account they own (target).
 *
 *   target starts (30030, details) ─▶ awaiting_source ─ source consents (30031) ─▶ in_review
 *   in_review ─ reviewer approves (two senior reviewers at or above the four-eyes level) ─▶ approved
 *   approved ─ cooling-off ended (job) ─▶ completed;   in_review ─ reject ─▶ rejected
 *   awaiting_source | in_review | approved ─ either person cancels ─▶ cancelled
 *
 * Spec §4: verify status UNDEFINED (none, rejected, cancelled) → PENDING (open) → COMPLETE; outcome
 * success (completed) or pending (open). Every change is a compare-and-set on the status read, in one
 * transaction with its audit entry; two transfers from one source: the partial unique index keeps one.
 * Composed here from one module per concern: the person's steps, the rules, the back office's queue,
 * case and decision, and the completion.
 */
import { caseViewUseCase } from './case-view.ts';
import { completionUseCases } from './completion.ts';
import { decideUseCase } from './decide.ts';
import { personStepUseCases } from './person-steps.ts';
import { queueUseCase } from './queue.ts';
import { transferContext, type IdentityTransferDeps } from './transfer-context.ts';

export type { IdentityTransferDeps, IdentityTransferPolicy } from './transfer-context.ts';

export function identityTransferUseCases(deps: IdentityTransferDeps) {
  const ctx = transferContext(deps);
  const { repos, now } = ctx;
  const { complete, completeDue } = completionUseCases(ctx);
  const caseOf = caseViewUseCase(ctx);
  return {
    ...personStepUseCases(ctx),

    // ── back office ───────────────────────────────────────────────────────────────────────────────
    queue: queueUseCase(ctx),
    /** Both accounts side by side; the view of personal data is audited. */
    caseOf,
    decide: decideUseCase(ctx, complete, caseOf),

    completeDue,

    /** Tests and the demo: a product (e.g. 'card') opened or closed for a person. */
    setProduct: (userId: number, product: string, status: 'open' | 'closed') =>
      repos.identityTransfers.setProduct(userId, product, status, now()),
  };
}
export type IdentityTransferUseCases = ReturnType<typeof identityTransferUseCases>;
