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
 */
import {
  CARD_PRODUCT,
  TRANSFER_REFUSED_COUNTRIES,
  roleCan,
  type IdentityResult,
  type StaffMe,
  type TransferCase,
  type TransferDecisionRequest,
  type TransferQueueResult,
  type TransferStage,
  type TransferStatusResult,
  type TransferView,
} from '@kyc/contracts';
import type { Repositories, TxRepositories } from '../../data/repositories/index.ts';
import type { IdentityTransferRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import { sealFreeTexts } from '../audit/sealed-text.ts';
import { alreadyDecided, decisionTransaction } from '../backoffice/decision-conflicts.ts';
import { staffLabel } from '../backoffice/staff-label.ts';
import { accessNote, closedAccessGate, type AccessNote } from '../retention/closed-access.ts';
import { isUniqueViolation } from '../kyc/idempotency.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailTexts } from '../mail/mail-texts.ts';
import { maskEmail } from '../security-verification/security-verification.ts';

export interface IdentityTransferPolicy {
  /** How long both people have to cancel after the source consents (TRANSFER_COOLING_OFF_HOURS). */
  coolingOffMs: number;
  /** A source at or above this level needs two senior reviewers (TRANSFER_FOUR_EYES_LEVEL). */
  fourEyesLevel: number;
}

export interface IdentityTransferDeps {
  repos: Repositories;
  /** Seals a rejection's reason in its audit entry under the target person's data key (D110). */
  keyring: MasterKeyring;
  mailer: Mailer;
  texts: MailTexts;
  policy: IdentityTransferPolicy;
  now?: () => number;
  log?: (message: string, error: unknown) => void;
}

const OPEN_STAGES: readonly TransferStage[] = ['awaiting_source', 'in_review', 'approved'];

/** Names compared as a reviewer would: case, accents, spacing and hyphens aside. */
export function comparableName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s\-‐'’.]+/g, ' ')
    .trim();
}

function statusOf(stage: TransferStage): Pick<TransferView, 'status' | 'outcome'> {
  if (stage === 'completed') return { status: 'COMPLETE', outcome: 'success' };
  if (OPEN_STAGES.includes(stage)) return { status: 'PENDING', outcome: 'pending' };
  return { status: 'UNDEFINED', outcome: null };
}

export function identityTransferUseCases(deps: IdentityTransferDeps) {
  const { repos, mailer, texts, policy } = deps;
  const now = deps.now ?? Date.now;

  async function emailOf(userId: number): Promise<string> {
    return (await repos.users.findById(userId))?.email ?? '';
  }

  async function send(
    to: string,
    language: string,
    kind: 'requested' | 'coolingOff' | 'completed',
    values: Record<string, string>,
  ) {
    try {
      await mailer.send(texts.transfer(language, to, kind, values));
    } catch (error) {
      // A notice that does not go out does not undo the step; it is logged for operations.
      deps.log?.(`identity transfer mail ${kind} to ${maskEmail(to)} not sent`, error);
    }
  }

  async function viewOf(row: IdentityTransferRow, userId: number): Promise<TransferView> {
    const role = row.source_user_id === userId ? 'source' : 'target';
    const other = role === 'source' ? row.target_user_id : row.source_user_id;
    return {
      id: row.id,
      role,
      stage: row.status,
      ...statusOf(row.status),
      otherAccount: maskEmail(await emailOf(other)),
      level: row.source_level,
      createdAt: row.created_at,
      coolingOffUntil: row.cooling_off_until,
      rejectReason: row.reject_reason,
    };
  }

  /** The rules a compliance officer asks of the source, checked at the start and again at consent. */
  async function checkSource(tx: TxRepositories, sourceId: number): Promise<number> {
    const applicant = await tx.kyc.findApplicant(sourceId);
    const level = applicant?.level ?? 0;
    if (!applicant || level < 1) throw new AppError('TRANSFER_SOURCE_INVALID');
    const countries = [applicant.country, applicant.residence_country].map((c) => c.toUpperCase());
    if (countries.some((c) => (TRANSFER_REFUSED_COUNTRIES as readonly string[]).includes(c)))
      throw new AppError('TRANSFER_COUNTRY_REFUSED');
    const states = await tx.kyc.levelStates(sourceId);
    if (applicant.limitation !== 'LIMITATION_DEFAULT' || states.some((s) => s.status === 'PENDING'))
      throw new AppError('TRANSFER_SOURCE_RESTRICTED');
    if (await tx.identityTransfers.hasOpenProduct(sourceId, CARD_PRODUCT))
      throw new AppError('TRANSFER_OPEN_CARD');
    return level;
  }

  async function checkTarget(tx: TxRepositories, targetId: number): Promise<void> {
    const applicant = await tx.kyc.findApplicant(targetId);
    const states = await tx.kyc.levelStates(targetId);
    if ((applicant?.level ?? 0) > 0 || states.some((s) => s.status === 'PENDING' || s.status === 'SUCCESS'))
      throw new AppError('TRANSFER_TARGET_VERIFIED');
  }

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

  function cursorOf(row: IdentityTransferRow): string {
    return Buffer.from(`${row.created_at}:${row.id}`).toString('base64url');
  }
  function parseCursor(cursor: string | undefined) {
    if (!cursor) return undefined;
    const match = /^(\d+):(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
    if (!match) throw new AppError('PARAMS_ERROR', 'cursor: not a cursor of this list', 400);
    return { createdAt: Number(match[1]), id: Number(match[2]) };
  }

  function requirePermission(me: StaffMe, permission: 'view_cases' | 'decide') {
    if (!roleCan(me.role, permission)) throw new AppError('PERMISSION_DENIED', `${permission} needed`);
  }

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

  /**
   * A transfer as a list or the case shows it. `closed`: the people of the page whose account is closed
   * (issue 20, D86); in the queue (`masked`) their email is left out, the case (gated) shows it.
   */
  async function queueItemOf(row: IdentityTransferRow, closed: Set<number>, masked: boolean) {
    const sourceClosed = closed.has(row.source_user_id);
    const targetClosed = closed.has(row.target_user_id);
    return {
      id: row.id,
      stage: row.status,
      sourceUserId: row.source_user_id,
      targetUserId: row.target_user_id,
      sourceClosed,
      targetClosed,
      sourceEmail: masked && sourceClosed ? '' : await emailOf(row.source_user_id),
      targetEmail: masked && targetClosed ? '' : await emailOf(row.target_user_id),
      level: row.source_level,
      createdAt: row.created_at,
      coolingOffUntil: row.cooling_off_until,
      firstApprovedBy: row.first_approved_by,
    };
  }

  /**
   * Issue 20 (D78–D79): a transfer involving a closed or held person (either side) opens only to a member
   * with `access_closed_accounts` and a reason in force for each such person (62040 / 62041). Answers
   * what the audit entries add: the reasons, by side.
   */
  async function closedAccessOf(
    me: StaffMe,
    row: IdentityTransferRow,
    at: number,
  ): Promise<AccessNote & { targetAccess?: AccessNote['access'] }> {
    const gate = closedAccessGate(repos, deps.keyring);
    const source = accessNote(await gate.require(me, row.source_user_id, at)).access;
    const target = accessNote(await gate.require(me, row.target_user_id, at)).access;
    // `access` as every gated view writes it (the source's reason first); the target's when it differs.
    const first = source ?? target;
    return {
      ...(first ? { access: first } : {}),
      ...(source && target ? { targetAccess: target } : {}),
    };
  }

  /** Both accounts side by side; the view of personal data is audited. */
  async function caseOfTransfer(me: StaffMe, id: number): Promise<TransferCase> {
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
  }

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

    // ── back office ───────────────────────────────────────────────────────────────────────────────
    async queue(
      me: StaffMe,
      query: { status: TransferStage; cursor?: string | undefined; limit: number },
    ): Promise<TransferQueueResult> {
      requirePermission(me, 'view_cases');
      const rows = await repos.identityTransfers.page(
        query.status,
        query.limit + 1,
        parseCursor(query.cursor),
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      // Issue 20 (D86): one read for the page's people whose account is closed.
      const closed = await repos.accountClosures.closedAmong(
        page.flatMap((r) => [r.source_user_id, r.target_user_id]),
      );
      return {
        items: await Promise.all(page.map((row) => queueItemOf(row, closed, true))),
        nextCursor: rows.length > query.limit && last ? cursorOf(last) : null,
      };
    },

    /** Both accounts side by side; the view of personal data is audited. */
    caseOf: caseOfTransfer,

    /**
     * A reviewer's decision. Reject: in_review → rejected. Approve: in_review → approved, or, at or above
     * the four-eyes level, a first approval recorded (still in_review) and a second by another senior
     * reviewer. Every step a compare-and-set with its audit entry; the loser answers 30081.
     */
    async decide(me: StaffMe, id: number, request: TransferDecisionRequest) {
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
                deps.keyring,
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
      return caseOfTransfer(me, id);
    },

    /** The minutely job: approved transfers whose cooling-off has ended are completed. */
    async completeDue(): Promise<number> {
      let count = 0;
      for (const id of await repos.identityTransfers.dueForCompletion(now(), 50))
        if (await complete(id)) count++;
      return count;
    },

    /** Tests and the demo: a product (e.g. 'card') opened or closed for a person. */
    setProduct: (userId: number, product: string, status: 'open' | 'closed') =>
      repos.identityTransfers.setProduct(userId, product, status, now()),
  };
}
export type IdentityTransferUseCases = ReturnType<typeof identityTransferUseCases>;
