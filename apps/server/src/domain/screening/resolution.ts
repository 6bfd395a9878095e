/**
 * Resolving a screening hit (issue 18, slice 3; docs/screening.md "Resolving a hit", D66). A reviewer
 * (`decide`) resolves a hit over its state and version as read:
 *
 * - false positive, with a reason: a PEP or internal hit is `cleared` at once; a sanctions hit goes to
 *   `pending_confirmation` and needs a second, different reviewer (four eyes) who `confirm`s it
 *   (`confirmed_false_positive`) or sends it back (`open` again). Nobody confirms their own (61006).
 *   Either way it is remembered for the person and the list entry's fingerprint: screening again against
 *   the same entry leaves it resolved, a changed entry raises it again (screening-repo `upsertHit`).
 * - true match, with a reason: the hit is `true_match`, the account is frozen (`account_freezes`: kyc-info
 *   shows it, every submission refuses with 61007, no approval), the suspicious-activity export is made
 *   and sealed, all in the one transaction; after the commit compliance is mailed (COMPLIANCE_EMAIL), and
 *   the screening job mails any freeze the mail failed for.
 *
 * Every resolution takes the case lock (as decisions and screenings do, D46/D65), re-reads the hit and
 * moves it by compare-and-set on its state and version: of two reviewers resolving one hit at once, one
 * commits, the other gets 61004 and writes nothing. Each writes its audit entry in the same transaction.
 */
import type { HitResolutionRequest, LiftFreezeRequest, ReviewCase, StaffMe } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { HitTransition } from '../../data/repositories/screening-repo.ts';
import type { ScreeningHitRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import { decisionTransaction } from '../backoffice/decision-conflicts.ts';
import { requirePermission } from '../backoffice/permissions.ts';
import { withDataKey, withStoredDataKey } from '../kyc/data-keys.ts';
import { sealFreeTexts } from '../audit/sealed-text.ts';
import { accessNote, closedAccessGate, redactedKind } from '../retention/closed-access.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailTexts } from '../mail/mail-texts.ts';
import type { LoadLog } from './load-lists.ts';
import { buildSarExport, openSarExport, sealSarExport } from './sar-export.ts';
import type { ScreeningUseCases } from './screening-service.ts';

const hitChanged = () => new AppError('SCREENING_HIT_CHANGED', undefined, 409);
const hitUnknown = () => new AppError('SCREENING_HIT_UNKNOWN', undefined, 404);
const wrongState = (state: string, action: string) =>
  new AppError('SCREENING_HIT_WRONG_STATE', `a hit in state ${state} cannot take ${action}`);

/** What a resolution changes, from the hit as it is now; refuses what the state does not allow. */
export function transitionOf(
  hit: Pick<ScreeningHitRow, 'state' | 'category' | 'proposed_by'>,
  request: HitResolutionRequest,
  staffId: number,
  at: number,
): HitTransition {
  const { state } = hit;
  switch (request.action) {
    case 'false_positive':
      if (state !== 'open') throw wrongState(state, request.action);
      return hit.category === 'sanctions'
        ? { state: 'pending_confirmation', reason: request.reason, proposedBy: staffId, proposedAt: at }
        : { state: 'cleared', reason: request.reason, resolvedBy: staffId, resolvedAt: at };
    case 'confirm':
      if (state !== 'pending_confirmation') throw wrongState(state, request.action);
      // Four eyes: the second reviewer is never the first.
      if (hit.proposed_by !== null && Number(hit.proposed_by) === staffId)
        throw new AppError('SCREENING_OWN_CONFIRMATION', undefined, 403);
      return { state: 'confirmed_false_positive', reason: '', resolvedBy: staffId, resolvedAt: at };
    case 'send_back':
      if (state !== 'pending_confirmation') throw wrongState(state, request.action);
      return { state: 'open', reason: '', proposedBy: null, proposedAt: null };
    case 'true_match':
      if (state !== 'open' && state !== 'pending_confirmation') throw wrongState(state, request.action);
      return { state: 'true_match', reason: request.reason, resolvedBy: staffId, resolvedAt: at };
  }
}

/** The confirmation keeps the first reviewer's reason: the hit reads as it was cleared. */
function keepReason(hit: ScreeningHitRow, to: HitTransition): HitTransition {
  return to.state === 'confirmed_false_positive' ? { ...to, reason: hit.reason } : to;
}

export interface ResolutionOptions {
  repos: Repositories;
  keyring: MasterKeyring;
  screening: Pick<ScreeningUseCases, 'caseScreening'>;
  viewCase: (staff: StaffMe, userId: number, now: number) => Promise<ReviewCase>;
  mail: { mailer: Mailer; texts: MailTexts; complianceEmail: string; publicOrigin: string };
  log?: () => LoadLog;
  /** Issue 18 "Risk score": a resolved hit recomputes the person's risk before the case is answered. */
  risk?: { recompute(userId: number, trigger: 'screening_hit_resolved'): Promise<unknown> };
}

export function resolutionUseCases(options: ResolutionOptions) {
  const { repos, keyring, screening, viewCase, mail } = options;
  const log = () => options.log?.();

  /** Mails compliance about the person's freeze, once (marked after the mail went). */
  async function notifyCompliance(userId: number, now: number): Promise<boolean> {
    const freeze = await repos.screening.freezeOf(userId);
    if (!freeze || freeze.notified_at !== null) return false;
    const hit = await repos.screening.findHit(Number(freeze.hit_id));
    const exported = await repos.screening.latestExport(userId);
    const caseUrl = `${mail.publicOrigin}/backoffice/cases/${userId}`;
    await mail.mailer.send(
      mail.texts.complianceFreeze('en', mail.complianceEmail, {
        userId: String(userId),
        list: hit?.list_id ?? '',
        entry: hit?.list_entry_id ?? '',
        category: hit?.category ?? '',
        frozenAt: new Date(Number(freeze.frozen_at)).toISOString(),
        exportId: exported ? String(exported.id) : '',
        caseUrl,
      }),
    );
    return repos.screening.markNotified(userId, now);
  }

  return {
    /** POST /backoffice/api/screening/hits/:hitId/resolution: the case as it now stands. */
    async resolve(
      staff: StaffMe,
      hitId: number,
      request: HitResolutionRequest,
      now = Date.now(),
    ): Promise<ReviewCase> {
      requirePermission(staff, 'decide');
      const found = await repos.screening.findHit(hitId);
      if (!found) throw hitUnknown();
      const userId = Number(found.user_id);
      // Issue 20 (D79): a closed or held person's hit is resolved only with the member's recorded reason.
      await closedAccessGate(repos, keyring).require(staff, userId, now);
      let frozeNow = false;
      await decisionTransaction(repos, async (tx) => {
        await tx.review.lockCase(userId);
        const hit = await tx.screening.findHit(hitId);
        if (!hit) throw hitUnknown();
        if (Number(hit.version) !== request.expectedVersion) throw hitChanged();
        const to = keepReason(hit, transitionOf(hit, request, staff.id, now));
        const moved = await tx.screening.transitionHit(
          hitId,
          { state: hit.state, version: Number(hit.version) },
          to,
          now,
        );
        if (!moved) throw hitChanged();
        let exportId: number | undefined;
        if (to.state === 'true_match') {
          frozeNow = await tx.screening.freeze(userId, hitId, staff.id, now);
          const document = await buildSarExport(tx, {
            userId,
            hitId,
            staffId: staff.id,
            at: now,
            screening: await screening.caseScreening(userId, tx),
            keyring,
          });
          const documentEnc = await withDataKey(tx.submissions, keyring, userId, now, (key) =>
            sealSarExport(key, { userId, hitId, at: now }, document),
          );
          exportId = await tx.screening.insertExport(
            { userId, hitId, createdBy: staff.id, documentEnc },
            now,
          );
        }
        // D110: the reason (a false positive's, a true match's note) is sealed under the person's key.
        const details = await sealFreeTexts(
          tx.submissions,
          keyring,
          userId,
          now,
          {
            hitId,
            list: hit.list_id,
            listEntryId: hit.list_entry_id,
            category: hit.category,
            from: hit.state,
            to: to.state,
            ...('reason' in request ? { reason: request.reason } : {}),
            ...(exportId !== undefined ? { exportId, frozen: frozeNow } : {}),
          },
          ['reason'],
        );
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: `screening.${request.action}`,
            subjectUserId: userId,
            caseRef: `screening-hit:${hitId}`,
            details,
          },
          now,
        );
      });
      if (frozeNow) {
        // After the commit: a mail that fails is logged and sent again by the screening job.
        await notifyCompliance(userId, now).catch((error: unknown) => {
          log()?.error(
            { event: 'screening.compliance_mail.failed', user: userId, err: error },
            'compliance not mailed about a freeze; the screening job retries',
          );
        });
      }
      // After the commit: the risk follows the hit's new state; a failure is logged (the case still answers).
      await options.risk?.recompute(userId, 'screening_hit_resolved').catch((error: unknown) => {
        log()?.error({ event: 'risk.recompute.failed', user: userId, err: error }, 'risk recompute failed');
      });
      return viewCase(staff, userId, now);
    },

    /**
     * POST /backoffice/api/cases/:userId/freeze/lift (`confirm_final`: senior reviewers and admins): the
     * freeze a true match put on the account is lifted, when the match was wrong or the list entry was
     * withdrawn. Four eyes: never by whoever froze it (61011). Under the case lock, in one transaction:
     * the freeze removed by compare-and-set on its hit (61012 when it was lifted meanwhile or is another
     * hit's), the true match cleared with the reason (remembered against the entry's fingerprint, so the
     * same entry does not raise it again), and the audit entry. The suspicious-activity export stays.
     */
    async liftFreeze(
      staff: StaffMe,
      userId: number,
      request: LiftFreezeRequest,
      now = Date.now(),
    ): Promise<ReviewCase> {
      requirePermission(staff, 'confirm_final');
      // Issue 20 (D79): a closed or held person's freeze is lifted only with the member's recorded reason.
      const access = await closedAccessGate(repos, keyring).require(staff, userId, now);
      const notFrozen = () => new AppError('SCREENING_NOT_FROZEN', undefined, 409);
      await decisionTransaction(repos, async (tx) => {
        await tx.review.lockCase(userId);
        const freeze = await tx.screening.freezeOf(userId);
        if (!freeze || Number(freeze.hit_id) !== request.hitId) throw notFrozen();
        if (Number(freeze.frozen_by) === staff.id)
          throw new AppError('SCREENING_FREEZE_OWN_LIFT', undefined, 403);
        const hit = await tx.screening.findHit(request.hitId);
        if (!hit || hit.state !== 'true_match') throw notFrozen();
        if (!(await tx.screening.liftFreeze(userId, request.hitId))) throw notFrozen();
        const cleared = await tx.screening.transitionHit(
          request.hitId,
          { state: hit.state, version: Number(hit.version) },
          { state: 'cleared', reason: request.reason, resolvedBy: staff.id, resolvedAt: now },
          now,
        );
        if (!cleared) throw hitChanged();
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'screening.freeze.lift',
            subjectUserId: userId,
            caseRef: `screening-hit:${request.hitId}`,
            details: await sealFreeTexts(
              tx.submissions,
              keyring,
              userId,
              now,
              {
                hitId: request.hitId,
                list: hit.list_id,
                listEntryId: hit.list_entry_id,
                frozenBy: Number(freeze.frozen_by),
                frozenAt: Number(freeze.frozen_at),
                reason: request.reason,
                ...accessNote(access),
              },
              ['reason'],
            ),
          },
          now,
        );
      });
      return viewCase(staff, userId, now);
    },

    /**
     * GET /backoffice/api/cases/:userId/screening-export (`decide`): the latest export, opened; the
     * download is audited before the bytes leave.
     */
    async downloadExport(
      staff: StaffMe,
      userId: number,
      now = Date.now(),
    ): Promise<{ id: number; bytes: Buffer }> {
      requirePermission(staff, 'decide');
      const gate = closedAccessGate(repos, keyring);
      const access = await gate.require(staff, userId, now);
      const row = await repos.screening.latestExport(userId);
      // Issue 20: the person's screening results (and exports) were erased: said so (62042, 410).
      if (!row && access && redactedKind(await gate.markers(userId), 'screening_results'))
        throw new AppError('RECORD_REDACTED', undefined, 410);
      if (!row) throw new AppError('SCREENING_EXPORT_UNKNOWN', undefined, 404);
      const bytes = await withStoredDataKey(repos.submissions, keyring, userId, (key) => {
        if (!key) throw new AppError('SCREENING_EXPORT_UNKNOWN', 'the export can no longer be opened', 404);
        return openSarExport(key, row);
      });
      await repos.audit.insert(
        {
          staffId: staff.id,
          action: 'screening.export.download',
          subjectUserId: userId,
          caseRef: `screening-hit:${Number(row.hit_id)}`,
          details: { exportId: Number(row.id), bytes: bytes.length, ...accessNote(access) },
        },
        now,
      );
      return { id: Number(row.id), bytes };
    },

    /** The screening job's part: compliance mailed about every freeze it was not mailed about yet. */
    async notifyPending(now = Date.now()): Promise<number> {
      let sent = 0;
      for (const freeze of await repos.screening.unnotifiedFreezes(50)) {
        try {
          if (await notifyCompliance(Number(freeze.user_id), now)) sent += 1;
        } catch (error) {
          log()?.error(
            { event: 'screening.compliance_mail.failed', user: Number(freeze.user_id), err: error },
            'compliance not mailed about a freeze',
          );
        }
      }
      return sent;
    },
  };
}
export type ResolutionUseCases = ReturnType<typeof resolutionUseCases>;
