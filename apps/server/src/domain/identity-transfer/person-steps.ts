/**
 * The person's side of a transfer (docs/identity-transfer.md "The journey"): what the identity page
 * reads, the target's start with the source's details matched, the source's consent that opens the
 * cooling-off, either person's cancel while open, and the status. Each step re-checks the rules in its
 * transaction and moves the transfer by compare-and-set; mail goes out after the commit.
 */
import type { IdentityResult, TransferStatusResult } from '@kyc/contracts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../kyc/idempotency.ts';
import { maskEmail } from '../security-verification/verification-context.ts';
import { checkSource, checkTarget, comparableName } from './eligibility.ts';
import { OPEN_STAGES, type TransferContext } from './transfer-context.ts';

export function personStepUseCases(ctx: TransferContext) {
  const { repos, policy, now, emailOf, send, viewOf } = ctx;
  return {
    /** POST /v1/kyc/identity. */
    async identity(userId: number): Promise<IdentityResult> {
      const applicant = await repos.kyc.findApplicant(userId);
      const states = await repos.kyc.levelStates(userId);
      const latest = await repos.identityTransfers.latestOf(userId);
      const open = latest && OPEN_STAGES.includes(latest.status);
      const canReceive =
        (applicant?.level ?? 0) === 0 &&
        !states.some((s) => s.status === 'PENDING' || s.status === 'SUCCESS') &&
        !open;
      return {
        level: applicant?.level ?? 0,
        canReceive,
        transfer: latest ? await viewOf(latest, userId) : null,
      };
    },

    /** The target starts (its risk token for 30030 spent by the route): the source named and matched. */
    async start(
      targetId: number,
      request: { sourceEmail: string; firstName: string; lastName: string; dateOfBirth: string },
      language: string,
    ): Promise<TransferStatusResult> {
      const at = now();
      const source = await repos.users.findByEmail(request.sourceEmail);
      if (!source || source.id === targetId) throw new AppError('TRANSFER_SOURCE_INVALID');
      let id: number;
      try {
        id = await repos.transaction(async (tx) => {
          await checkTarget(tx, targetId);
          const level = await checkSource(tx, source.id);
          const applicant = await tx.kyc.findApplicant(source.id);
          const same =
            comparableName(applicant?.first_name ?? '') === comparableName(request.firstName) &&
            comparableName(applicant?.last_name ?? '') === comparableName(request.lastName) &&
            (applicant?.date_of_birth ?? '') === request.dateOfBirth;
          if (!same) throw new AppError('TRANSFER_DETAILS_MISMATCH');
          return tx.identityTransfers.insert({
            sourceUserId: source.id,
            targetUserId: targetId,
            sourceLevel: level,
            at,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('TRANSFER_ALREADY_OPEN');
        throw error;
      }
      await send(source.email, language, 'requested', { account: maskEmail(await emailOf(targetId)) });
      const row = await repos.identityTransfers.find(id);
      return { status: 'PENDING', outcome: 'pending', transfer: row ? await viewOf(row, targetId) : null };
    },

    /** The source consents from its own sign-in (risk token 30031 spent by the route). */
    async consent(sourceId: number, transferId: number, language: string): Promise<TransferStatusResult> {
      const at = now();
      const row = await repos.identityTransfers.find(transferId);
      if (!row || row.source_user_id !== sourceId || row.status !== 'awaiting_source')
        throw new AppError('TRANSFER_NOT_FOUND');
      const until = at + policy.coolingOffMs;
      await repos.transaction(async (tx) => {
        await checkSource(tx, sourceId);
        await checkTarget(tx, row.target_user_id);
        const moved = await tx.identityTransfers.cas(
          transferId,
          'awaiting_source',
          'in_review',
          { source_consent_at: at, cooling_off_until: until },
          at,
        );
        if (!moved) throw new AppError('TRANSFER_NOT_FOUND');
      });
      const until_ = new Date(until).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
      for (const userId of [row.source_user_id, row.target_user_id])
        await send(await emailOf(userId), language, 'coolingOff', { until: until_ });
      const updated = await repos.identityTransfers.find(transferId);
      return {
        status: 'PENDING',
        outcome: 'pending',
        transfer: updated ? await viewOf(updated, sourceId) : null,
      };
    },

    /** Either person cancels while the transfer is open (the link in the cooling-off mail leads here). */
    async cancel(userId: number, transferId: number): Promise<TransferStatusResult> {
      const row = await repos.identityTransfers.find(transferId);
      if (
        !row ||
        (row.source_user_id !== userId && row.target_user_id !== userId) ||
        !OPEN_STAGES.includes(row.status)
      )
        throw new AppError('TRANSFER_NOT_FOUND');
      if (!(await repos.identityTransfers.cas(transferId, row.status, 'cancelled', {}, now())))
        throw new AppError('TRANSFER_NOT_FOUND');
      const updated = await repos.identityTransfers.find(transferId);
      return { status: 'UNDEFINED', outcome: null, transfer: updated ? await viewOf(updated, userId) : null };
    },

    /** POST /v1/kyc/transfer/status. */
    async status(userId: number, transferId?: number): Promise<TransferStatusResult> {
      const row = transferId
        ? await repos.identityTransfers.find(transferId)
        : await repos.identityTransfers.latestOf(userId);
      if (!row || (row.source_user_id !== userId && row.target_user_id !== userId)) {
        if (transferId) throw new AppError('TRANSFER_NOT_FOUND');
        return { status: 'UNDEFINED', outcome: null, transfer: null };
      }
      const view = await viewOf(row, userId);
      return { status: view.status, outcome: view.outcome, transfer: view };
    },
  };
}
