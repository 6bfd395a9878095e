/**
 * `approve_update`: an ID or address update is accepted (docs/backoffice.md "Decisions"). For an ID
 * update the verified identity becomes the new document's: names and birth date from the submission's
 * sealed details (opened under the person's data key), and its issuing country.
 */
import { openDetails, withStoredDataKey } from '../../../kyc/data-keys.ts';
import type { KycSubmissionRow } from '../../../../data/schema/index.ts';
import type { Decision, DecisionContext, DecisionRequestOf } from './decision.ts';
import { closeUpdate, pendingUpdate } from './update-outcome.ts';

export const approveUpdate: Decision<DecisionRequestOf<'approve_update'>> = {
  permission: 'decide',
  approves: true,
  async apply(ctx, request) {
    const submission = await pendingUpdate(ctx, request.submissionId);
    if (submission.kind === 'update_id') await adoptIdentity(ctx, submission);
    await closeUpdate(ctx, submission, { approved: true });
  },
};

async function adoptIdentity(ctx: DecisionContext, submission: KycSubmissionRow): Promise<void> {
  const { firstName, lastName, dateOfBirth } = await detailsOf(ctx, submission);
  if (!firstName || !lastName || !dateOfBirth)
    throw new Error(`details of submission ${submission.id} are unreadable`);
  await ctx.tx.kyc.upsertApplicant(
    ctx.userId,
    {
      first_name: firstName,
      last_name: lastName,
      date_of_birth: dateOfBirth,
      country: submission.issuing_country,
    },
    ctx.now,
  );
}

/** The submission's sealed details, opened under the user's data key (an integrity failure throws). */
async function detailsOf(ctx: DecisionContext, row: KycSubmissionRow): Promise<Record<string, string>> {
  const sealed = row.details_enc;
  if (sealed === null) return {};
  const { userId } = ctx;
  return withStoredDataKey(ctx.tx.submissions, ctx.keyring, userId, (key) => {
    if (!key) throw new Error(`data key of user ${userId} is missing`);
    return openDetails(key, userId, row.idempotency_key, Buffer.from(sealed));
  });
}
