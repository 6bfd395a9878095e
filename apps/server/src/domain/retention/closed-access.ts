/**
 * Staff access after closure (issue 20 slice C, docs/data-lifecycle.md "Back office", D78–D79): the data of
 * a person whose account is closed, or who is on legal hold, opens only to a member whose role has
 * `access_closed_accounts` (62040 otherwise) and who recorded why (62041 until then). The reason is an
 * audit entry (`case.closed_access`); for 30 minutes it opens that person to that member, and every view
 * in that time names it in its own audit entry. The audit log is append-only and hash-chained (D40), so a
 * grant cannot be forged or backdated without the chain showing it. The reason is about the person: since
 * D110 it is sealed under their data key in the grant's entry, and the views copy that sealed value into
 * theirs (nothing opened per view but the member's own reason, to show it back).
 *
 * Also here: the redaction markers a view shows where an erased person's data was, and the person lookup
 * of the hold dialog.
 */
import {
  CLOSED_ACCESS_GRANT_MS,
  normaliseEmail,
  roleCan,
  type ClosedAccess,
  type ClosedAccessRequest,
  type PersonLookupResult,
  type RedactionMarker,
  type StaffMe,
} from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import { isSealedText, openText, sealFreeTexts, type SealedText } from '../audit/sealed-text.ts';
import { withStoredDataKey } from '../kyc/data-keys.ts';
import { requirePermission } from '../backoffice/permissions.ts';

export const CLOSED_ACCESS_ACTION = 'case.closed_access';

type GateRepositories = Pick<Repositories, 'accountClosures' | 'retention' | 'audit' | 'submissions'>;

/**
 * A gate's answer: the access as the member sees it (`reason` opened), and the reason as the grant's
 * audit entry holds it (`stored`: sealed since D110; a string before, or for an erased person).
 */
export interface GateAccess extends ClosedAccess {
  stored?: string | SealedText;
}

/** What a view adds to its audit entry when it opened a closed or held person with a reason. */
export interface AccessNote {
  access?: { reason: string | SealedText; until: number };
}

/** The reason goes into the view's entry as the grant holds it: sealed, never opened into clear (D110). */
export const accessNote = (access: GateAccess | null): AccessNote =>
  access?.reason && access.expiresAt !== null
    ? { access: { reason: access.stored ?? access.reason, until: access.expiresAt } }
    : {};

/** The access as the API answers it (without the stored form). */
export const publicAccess = (access: GateAccess | null): ClosedAccess | null => {
  if (!access) return null;
  const { stored: _stored, ...shown } = access;
  return shown;
};

function reasonOf(details: string): string | SealedText | null {
  try {
    const value = JSON.parse(details) as { reason?: unknown };
    return typeof value.reason === 'string' || isSealedText(value.reason) ? value.reason : null;
  } catch {
    return null;
  }
}

/**
 * The gate every back-office view of one person's data passes (the case, its documents, a questionnaire
 * response and its evidence, the screening export), and the redaction markers those views show.
 */
export function closedAccessGate(repos: GateRepositories, keyring: MasterKeyring) {
  /** Closed (and erased?) or held; undefined while the account is open and not held. */
  async function stateOf(userId: number) {
    const [closure, held] = await Promise.all([
      repos.accountClosures.findClosure(userId),
      repos.retention.isHeld(userId),
    ]);
    if (!closure && !held) return undefined;
    return {
      userId,
      closedAt: closure?.closed_at ?? null,
      held,
      erased: closure?.erased_at != null,
    };
  }

  /** The member's reason for this person still in force (the newest within 30 minutes). */
  async function grantOf(staffId: number, userId: number, now: number) {
    const found = await repos.audit.list({
      staffId,
      subjectUserId: userId,
      action: CLOSED_ACCESS_ACTION,
      from: now - CLOSED_ACCESS_GRANT_MS + 1,
      limit: 1,
    });
    const row = found.rows[0];
    const stored = row ? reasonOf(row.details) : null;
    if (!row || stored === null) return undefined;
    // The member's own reason, shown back to them: one key read for the view, none per row.
    const reason = isSealedText(stored)
      ? await withStoredDataKey(repos.submissions, keyring, userId, (key) => openText(key, userId, stored))
      : stored;
    return { reason: reason ?? '', stored, expiresAt: Number(row.at) + CLOSED_ACCESS_GRANT_MS };
  }

  return {
    stateOf,

    /**
     * Before a view opens the person's data: null when the account is open and not held; else the state
     * with the member's reason, or 62040 (role) / 62041 (no reason in force).
     */
    async require(staff: StaffMe, userId: number, now = Date.now()): Promise<GateAccess | null> {
      const state = await stateOf(userId);
      if (!state) return null;
      if (!roleCan(staff.role, 'access_closed_accounts'))
        throw new AppError('CLOSED_ACCOUNT_ACCESS_DENIED', undefined, 403);
      const grant = await grantOf(staff.id, userId, now);
      if (!grant) throw new AppError('CLOSED_ACCOUNT_REASON_REQUIRED', undefined, 403);
      return { ...state, ...grant };
    },

    /** Where the erasure job redacted the person's data: one marker per kind, oldest first. */
    async markers(userId: number): Promise<RedactionMarker[]> {
      const found = await repos.retention.listRedactions({ userId, limit: 50 });
      return found.rows
        .map((r) => ({ kind: r.kind, redactedAt: r.redacted_at, policyVersion: r.policy_version }))
        .reverse();
    },
  };
}
export type ClosedAccessGate = ReturnType<typeof closedAccessGate>;

/** True when the person's records of `kind` were redacted (a marker says so). */
export const redactedKind = (markers: readonly RedactionMarker[], kind: string) =>
  markers.some((m) => m.kind === kind);

export function closedAccessUseCases(repos: Repositories, keyring: MasterKeyring) {
  const gate = closedAccessGate(repos, keyring);
  return {
    /**
     * POST /backoffice/api/cases/:userId/closed-access (`view_cases` + `access_closed_accounts`): the
     * reason recorded in the audit log; it opens the person's data to this member for 30 minutes. An open
     * account that is not held needs none: nothing is recorded.
     */
    async grant(
      staff: StaffMe,
      userId: number,
      body: ClosedAccessRequest,
      now = Date.now(),
    ): Promise<ClosedAccess> {
      requirePermission(staff, 'view_cases');
      if (!(await repos.users.findById(userId)))
        throw new AppError('PARAMS_ERROR', 'userId: no such applicant', 404);
      const state = await gate.stateOf(userId);
      if (!state)
        return { userId, closedAt: null, held: false, erased: false, reason: null, expiresAt: null };
      if (!roleCan(staff.role, 'access_closed_accounts'))
        throw new AppError('CLOSED_ACCOUNT_ACCESS_DENIED', undefined, 403);
      const reason = body.reason.trim();
      const expiresAt = now + CLOSED_ACCESS_GRANT_MS;
      const details = { reason, closedAt: state.closedAt, held: state.held, erased: state.erased, expiresAt };
      await repos.audit.insert(
        {
          staffId: staff.id,
          action: CLOSED_ACCESS_ACTION,
          subjectUserId: userId,
          caseRef: `user:${userId}`,
          // D110: sealed under the person's key. An erased person's key is gone for good and none is made
          // again for them: their reason stays in clear (written after the erasure, D110 "Consequences").
          details: state.erased
            ? details
            : await sealFreeTexts(repos.submissions, keyring, userId, now, details, ['reason']),
        },
        now,
      );
      return { ...state, reason, expiresAt };
    },

    /**
     * GET /backoffice/api/people/lookup?q= (`manage_legal_holds`): a person by email or user id for the
     * hold dialog; the id and the state, never the person's name or email. 62043 when nobody matches.
     */
    async lookup(staff: StaffMe, q: string): Promise<PersonLookupResult> {
      requirePermission(staff, 'manage_legal_holds');
      const text = q.trim();
      const byId = /^#?[1-9]\d{0,14}$/.test(text);
      const user = byId
        ? await repos.users.findById(Number(text.replace('#', '')))
        : text.includes('@')
          ? await repos.users.findByEmail(normaliseEmail(text))
          : undefined;
      if (!user) throw new AppError('PERSON_NOT_FOUND', undefined, 404);
      const userId = Number(user.id);
      const state = await gate.stateOf(userId);
      return {
        userId,
        site: user.site,
        closedAt: state?.closedAt ?? null,
        erased: state?.erased ?? false,
        held: state?.held ?? false,
      };
    },

    /**
     * Test runs only (POST /dev/test/closures, NODE_ENV=test): records a person's closure at a given time,
     * so an end-to-end run can have people whose periods ran out years ago. Answers the user id.
     */
    async recordClosureForTests(email: string, closedAt: number): Promise<number> {
      const user = await repos.users.findByEmail(normaliseEmail(email));
      if (!user) throw new AppError('PERSON_NOT_FOUND', undefined, 404);
      await repos.accountClosures.recordClosure({ userId: Number(user.id), closedAt, closedBy: 'self' });
      return Number(user.id);
    },
  };
}
export type ClosedAccessUseCases = ReturnType<typeof closedAccessUseCases>;
