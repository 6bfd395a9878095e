/**
 * The end of a transfer (docs/identity-transfer.md "The journey", step 4): once approved and past the cooling-off,
 * the compare-and-set approved → completed and the move of the verification (the target gets the
 * source's level, level states and verified details; the source is reset) commit in one transaction
 * with the audit entry; then both people are told. Run at once after a late approval and by the
 * minutely `identity-transfer-completion` job.
 */
import type { TxRepositories } from '../../data/repositories/index.ts';
import type { IdentityTransferRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { alreadyDecided, decisionTransaction } from '../backoffice/decision-conflicts.ts';
import type { TransferContext } from './transfer-context.ts';

/** Moves the verification: in the caller's transaction, after the compare-and-set to completed. */
async function moveVerification(tx: TxRepositories, row: IdentityTransferRow, at: number) {
  const source = await tx.kyc.findApplicant(row.source_user_id);
  if (!source) throw new AppError('TRANSFER_SOURCE_INVALID');
  await tx.submissions.ensureApplicant(row.target_user_id, at);
  await tx.kyc.upsertApplicant(
    row.target_user_id,
    {
      level: source.level,
      country: source.country,
      residence_country: source.residence_country,
      first_name: source.first_name,
      last_name: source.last_name,
      date_of_birth: source.date_of_birth,
      limitation_reason: `identity transferred from account #${row.source_user_id} (transfer ${row.id})`,
    },
    at,
  );
  const sourceStates = await tx.kyc.levelStates(row.source_user_id);
  const targetStates = new Map(
    (await tx.kyc.levelStates(row.target_user_id)).map((s) => [s.level, s.status]),
  );
  for (const state of sourceStates) {
    const from = targetStates.get(state.level) ?? (state.level === 1 ? 'ALLOW' : 'NOT_ALLOW');
    await tx.submissions.ensureLevelState(row.target_user_id, state.level, from, at);
    if (!(await tx.submissions.casLevelStatus(row.target_user_id, state.level, from, state.status, at)))
      throw alreadyDecided(`transfer ${row.id}`);
    const reset = state.level === 1 ? 'ALLOW' : 'NOT_ALLOW';
    if (!(await tx.submissions.casLevelStatus(row.source_user_id, state.level, state.status, reset, at)))
      throw alreadyDecided(`transfer ${row.id}`);
  }
  await tx.kyc.upsertApplicant(
    row.source_user_id,
    {
      level: 0,
      limitation_reason: `identity transferred to account #${row.target_user_id} (transfer ${row.id})`,
    },
    at,
  );
}

export function completionUseCases(ctx: TransferContext) {
  const { repos, now, emailOf, send } = ctx;

  async function complete(id: number): Promise<boolean> {
    const at = now();
    const done = await decisionTransaction(repos, async (tx) => {
      const row = await tx.identityTransfers.find(id);
      if (!row || row.status !== 'approved' || (row.cooling_off_until ?? 0) > at) return null;
      if (!(await tx.identityTransfers.cas(id, 'approved', 'completed', { completed_at: at }, at)))
        return null;
      await moveVerification(tx, row, at);
      await tx.audit.insert(
        {
          staffId: row.second_approved_by ?? row.first_approved_by ?? 0,
          action: 'identity_transfer.complete',
          subjectUserId: row.target_user_id,
          caseRef: `transfer:${id}`,
          details: {
            sourceUserId: row.source_user_id,
            targetUserId: row.target_user_id,
            level: row.source_level,
          },
        },
        at,
      );
      return row;
    });
    if (!done) return false;
    for (const userId of [done.source_user_id, done.target_user_id])
      await send(await emailOf(userId), 'en', 'completed', { id: String(id) });
    return true;
  }

  return {
    complete,
    /** The minutely job: approved transfers whose cooling-off has ended are completed. */
    async completeDue(): Promise<number> {
      let count = 0;
      for (const id of await repos.identityTransfers.dueForCompletion(now(), 50))
        if (await complete(id)) count++;
      return count;
    },
  };
}
