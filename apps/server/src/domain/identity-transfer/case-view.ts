/**
 * The back office's transfer case (docs/identity-transfer.md "Back office"): both accounts side by side
 * with the stage, dates and deciders; the view of personal data is audited. A transfer involving a
 * closed or held person opens only through the closed-account gate (issue 20, D78–D79), whose reasons
 * the decision records too.
 */
import type { StaffMe, TransferCase } from '@kyc/contracts';
import type { IdentityTransferRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { staffLabel } from '../backoffice/staff-label.ts';
import { accessNote, closedAccessGate, type AccessNote } from '../retention/closed-access.ts';
import { transferItems } from './queue.ts';
import { requirePermission, type TransferContext } from './transfer-context.ts';

/**
 * Issue 20 (D78–D79): a transfer involving a closed or held person (either side) opens only to a member
 * with `access_closed_accounts` and a reason in force for each such person (62040 / 62041). Answers
 * what the audit entries add: the reasons, by side.
 */
export function closedTransferAccess({ repos, keyring }: Pick<TransferContext, 'repos' | 'keyring'>) {
  return async function closedAccessOf(
    me: StaffMe,
    row: IdentityTransferRow,
    at: number,
  ): Promise<AccessNote & { targetAccess?: AccessNote['access'] }> {
    const gate = closedAccessGate(repos, keyring);
    const source = accessNote(await gate.require(me, row.source_user_id, at)).access;
    const target = accessNote(await gate.require(me, row.target_user_id, at)).access;
    // `access` as every gated view writes it (the source's reason first); the target's when it differs.
    const first = source ?? target;
    return {
      ...(first ? { access: first } : {}),
      ...(source && target ? { targetAccess: target } : {}),
    };
  };
}

export function caseViewUseCase(ctx: TransferContext) {
  const { repos, policy, now } = ctx;
  const queueItemOf = transferItems(ctx);
  const closedAccessOf = closedTransferAccess(ctx);

  async function accountOf(userId: number) {
    const [user, applicant, states] = await Promise.all([
      repos.users.findById(userId),
      repos.kyc.findApplicant(userId),
      repos.kyc.levelStates(userId),
    ]);
    return {
      userId,
      email: user?.email ?? '',
      level: applicant?.level ?? 0,
      firstName: applicant?.first_name ?? '',
      lastName: applicant?.last_name ?? '',
      dateOfBirth: applicant?.date_of_birth ?? '',
      country: applicant?.country ?? '',
      residenceCountry: applicant?.residence_country ?? '',
      states: states.map((s) => ({ level: s.level, status: s.status })),
    };
  }

  /** Both accounts side by side; the view of personal data is audited. */
  return async function caseOf(me: StaffMe, id: number): Promise<TransferCase> {
    requirePermission(me, 'view_cases');
    const row = await repos.identityTransfers.find(id);
    if (!row) throw new AppError('TRANSFER_NOT_FOUND');
    const at = now();
    const access = await closedAccessOf(me, row, at);
    await repos.audit.insert(
      {
        staffId: me.id,
        action: 'case.view',
        subjectUserId: row.source_user_id,
        caseRef: `transfer:${id}`,
        ...(Object.keys(access).length > 0 ? { details: { ...access } } : {}),
      },
      at,
    );
    const names = await repos.identityTransfers.deciderNames(id);
    return {
      transfer: {
        ...(await queueItemOf(
          row,
          await repos.accountClosures.closedAmong([row.source_user_id, row.target_user_id]),
          false,
        )),
        rejectReason: row.reject_reason,
        sourceConsentAt: row.source_consent_at,
        targetConsentAt: row.target_consent_at,
        completedAt: row.completed_at,
        firstApprovedByName: staffLabel(names?.first_name ?? null, names?.first_email ?? null),
        firstApprovedAt: row.first_approved_at,
        secondApprovedBy: row.second_approved_by,
        secondApprovedByName: staffLabel(names?.second_name ?? null, names?.second_email ?? null),
        secondApprovedAt: row.second_approved_at,
        decidedBy: row.decided_by,
        decidedByName: staffLabel(names?.decider_name ?? null, names?.decider_email ?? null),
        decidedAt: row.decided_at,
        needsSecondApproval: row.source_level >= policy.fourEyesLevel,
      },
      source: await accountOf(row.source_user_id),
      target: await accountOf(row.target_user_id),
    };
  };
}
