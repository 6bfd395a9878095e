/**
 * A reviewer's decision on a transfer (docs/identity-transfer.md "The journey", step 3). Reject:
 * in_review → rejected, the reason sealed in the audit entry (D110). Approve: in_review → approved, or,
 * at or above the four-eyes level, a first approval recorded (still in_review) and a second by another
 * senior reviewer. Every step a compare-and-set with its audit entry; the loser answers 30081. An
 * approval after the cooling-off already ended completes at once.
 */
import { roleCan, type StaffMe, type TransferCase, type TransferDecisionRequest } from '@kyc/contracts';
import { AppError } from '../../lib/app-error.ts';
import { sealFreeTexts } from '../audit/sealed-text.ts';
import { alreadyDecided, decisionTransaction } from '../backoffice/decision-conflicts.ts';
import { closedTransferAccess } from './case-view.ts';
import { requirePermission, type TransferContext } from './transfer-context.ts';

export function decideUseCase(
  ctx: TransferContext,
  complete: (id: number) => Promise<boolean>,
  caseOf: (me: StaffMe, id: number) => Promise<TransferCase>,
) {
  const { repos, keyring, policy, now } = ctx;
  const closedAccessOf = closedTransferAccess(ctx);
  return async function decide(me: StaffMe, id: number, request: TransferDecisionRequest) {
    requirePermission(me, 'decide');
    const at = now();
    const before = await repos.identityTransfers.find(id);
    if (!before) throw new AppError('TRANSFER_NOT_FOUND');
    // Issue 20 (D79): a transfer of a closed or held person is decided only with the recorded reasons.
    const access = await closedAccessOf(me, before, at);
    await decisionTransaction(repos, async (tx) => {
      const row = await tx.identityTransfers.find(id);
      if (!row) throw new AppError('TRANSFER_NOT_FOUND');
      if (row.status !== 'in_review') throw alreadyDecided(`transfer ${id}`);
      if (request.decision === 'reject') {
        if (
          !(await tx.identityTransfers.cas(
            id,
            'in_review',
            'rejected',
            { decided_by: me.id, decided_at: at, reject_reason: request.reason },
            at,
          ))
        )
          throw alreadyDecided(`transfer ${id}`);
        await tx.audit.insert(
          {
            staffId: me.id,
            action: 'identity_transfer.reject',
            subjectUserId: row.target_user_id,
            caseRef: `transfer:${id}`,
            // D110: the reason is about the people; sealed under the target's key (the entry's subject).
            details: await sealFreeTexts(
              tx.submissions,
              keyring,
              row.target_user_id,
              at,
              { reason: request.reason, sourceUserId: row.source_user_id, ...access },
              ['reason'],
            ),
          },
          at,
        );
        return;
      }
      if (!request.selfieReviewed) throw new AppError('TRANSFER_SELFIE_NOT_REVIEWED');
      const fourEyes = row.source_level >= policy.fourEyesLevel;
      let stage: 'first' | 'second' | 'only';
      if (!fourEyes) {
        stage = 'only';
        if (
          !(await tx.identityTransfers.cas(
            id,
            'in_review',
            'approved',
            { first_approved_by: me.id, first_approved_at: at, decided_by: me.id, decided_at: at },
            at,
            null,
          ))
        )
          throw alreadyDecided(`transfer ${id}`);
      } else {
        if (!roleCan(me.role, 'confirm_final')) throw new AppError('TRANSFER_FOUR_EYES');
        if (row.first_approved_by === null) {
          stage = 'first';
          if (
            !(await tx.identityTransfers.cas(
              id,
              'in_review',
              'in_review',
              { first_approved_by: me.id, first_approved_at: at },
              at,
              null,
            ))
          )
            throw alreadyDecided(`transfer ${id}`);
        } else {
          if (row.first_approved_by === me.id) throw new AppError('TRANSFER_FOUR_EYES');
          stage = 'second';
          if (
            !(await tx.identityTransfers.cas(
              id,
              'in_review',
              'approved',
              { second_approved_by: me.id, second_approved_at: at, decided_by: me.id, decided_at: at },
              at,
              row.first_approved_by,
            ))
          )
            throw alreadyDecided(`transfer ${id}`);
        }
      }
      await tx.audit.insert(
        {
          staffId: me.id,
          action: 'identity_transfer.approve',
          subjectUserId: row.target_user_id,
          caseRef: `transfer:${id}`,
          details: { stage, sourceUserId: row.source_user_id, level: row.source_level, ...access },
        },
        at,
      );
    });
    // Approved after the cooling-off already ended: completed at once (else by the job).
    await complete(id);
    return caseOf(me, id);
  };
}
