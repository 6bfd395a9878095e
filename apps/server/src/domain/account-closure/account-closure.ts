/**
 * Closing an account, and the person's erasure request (issue 20, docs/data-lifecycle.md "Closing an
 * account", D76–D77).
 *
 * One transaction, under the person's case lock (the one legal holds and the erasure job take):
 * the closure is recorded once (`recordClosure`, the compare-and-set: of two tabs, two clicks or a staff
 * member at the same moment, exactly one closes and the others answer 62031 with nothing changed); the
 * pending work is withdrawn; every live partner link is revoked and each linked partner gets a signed
 * `account.closed` delivery (sent by the partner-webhooks job after the commit); every session ends and
 * the account is disabled, so no sign-in or SDK token works again; a staff closure is audited last. With
 * an erasure request, what no law requires us to keep goes in the same transaction (blobs after the
 * commit) and the request is recorded with its answer — unless the person is on legal hold, when nothing
 * goes and the answer keeps everything (the person is not told why: that would tip them off).
 *
 * The retention clocks start at the closure: the erasure job reads `account_closures`. The answer says,
 * per kind of record, until when it is kept under the policy version in force and why.
 */
import {
  PERSON_RETENTION_KINDS,
  RETENTION_KINDS,
  type AccountClosureResult,
  type AccountClosureView,
  type ClosedBy,
  type ErasedRecord,
  type RetainedRecord,
  type RetentionKind,
  type StaffMe,
} from '@kyc/contracts';
import type { Repositories, TxRepositories } from '../../data/repositories/index.ts';
import type { NewDelivery } from '../../data/repositories/partner-webhooks-repo.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BlobStore } from '../../lib/uploads/blob-store.ts';
import { requirePermission } from '../backoffice/permissions.ts';
import { newEventId } from '../partner-webhooks/dispatch.ts';
import { closedEventBody } from '../partner-webhooks/webhook-rules.ts';
import {
  addPeriod,
  clockStart,
  policyOf,
  policyTable,
  siteOf,
  type PolicyTable,
} from '../retention/due-rules.ts';
import type { PolicyUseCases } from '../retention/policies.ts';

/** Why records are kept while a legal hold lasts, as the person is told (GDPR Art. 17(3)(b) and (e)). */
export const HELD_SOURCE =
  'GDPR Art. 17(3)(b) and (e): kept to comply with a legal obligation, or for the establishment, exercise or defence of legal claims';

const isPersonKind = (kind: RetentionKind) => (PERSON_RETENTION_KINDS as readonly string[]).includes(kind);

export interface AccountClosureDeps {
  repos: Repositories;
  blobs: BlobStore;
  policies: Pick<PolicyUseCases, 'inForce'>;
  now?: () => number;
}

interface Closing {
  closedBy: ClosedBy;
  staff?: StaffMe;
  reason?: string;
  erasure: boolean;
}

interface PersonClock {
  site: string;
  closedAt: number;
  lastDecision: number | null;
  createdAt: number;
  lastLoginAt: number | null;
}

/**
 * Until when each kind is kept after the closure, under the policies: a person-level kind from its clock
 * (the closure, or a later decision) plus the period; a rolling kind at the latest the closure plus the
 * period (each row counts from its own creation or last change, none later than the closure).
 */
export function retainedRecords(
  table: PolicyTable,
  person: PersonClock,
  kinds: readonly RetentionKind[] = RETENTION_KINDS,
): RetainedRecord[] {
  return kinds.map((kind) => {
    const policy = policyOf(table, person.site, kind);
    const start = isPersonKind(kind)
      ? (clockStart(
          {
            site: person.site,
            relationshipEnd: person.closedAt,
            decision: person.lastDecision,
            creation: person.createdAt,
            lastActivity: person.lastLoginAt,
          },
          policy.clock,
        ) ?? person.closedAt)
      : person.closedAt;
    return {
      kind,
      period: policy.period,
      clock: policy.clock,
      until: addPeriod(start, policy.period),
      legalSource: policy.legalSource,
    };
  });
}

export function accountClosureUseCases(deps: AccountClosureDeps) {
  const { repos, blobs, policies } = deps;
  const now = deps.now ?? Date.now;

  async function personClock(tx: TxRepositories, userId: number, closedAt: number): Promise<PersonClock> {
    const user = await tx.users.findById(userId);
    if (!user) throw new AppError('ACCOUNT_CLOSURE_PERSON_UNKNOWN', undefined, 404);
    const decisions = await tx.retention.lastDecisions([userId]);
    return {
      site: siteOf(user.site),
      closedAt,
      lastDecision: decisions.get(userId) ?? null,
      createdAt: Number(user.created_at),
      lastLoginAt: user.last_login_at === null ? null : Number(user.last_login_at),
    };
  }

  /** Revokes every live link and queues one signed `account.closed` per partner told; answers how many. */
  async function revokeLinks(tx: TxRepositories, userId: number, closedBy: ClosedBy, at: number) {
    // Whom to tell is read before the links end (targetsOf reads live links to partners taking webhooks).
    const targets = await tx.partnerWebhooks.targetsOf([userId]);
    const links = await tx.partnerLinks.listLiveLinksOfUser(userId);
    for (const link of links)
      await tx.partnerLinks.revokeLink(link.id, userId, closedBy === 'self' ? 'user' : 'staff', at);
    const deliveries: NewDelivery[] = targets.map((target) => {
      const eventId = newEventId();
      return {
        businessId: target.businessId,
        userId,
        eventId,
        eventType: 'account.closed',
        body: JSON.stringify(closedEventBody(eventId, target.partnerRef, closedBy, at)),
      };
    });
    await tx.partnerWebhooks.insertDeliveries(deliveries, at);
    return { links: links.length, partnersTold: deliveries.length };
  }

  /**
   * The work staff were doing on the person stops with the closure (D85), in its transaction: open identity
   * transfers are cancelled and claims on the person's cases released, each a compare-and-set with its
   * audit entry. The actor is the closing staff member, or none (`staffId` 0) when the person closed.
   */
  async function stopWorkInFlight(tx: TxRepositories, userId: number, closing: Closing, at: number) {
    const staffId = closing.staff?.id ?? 0;
    const transfers = await tx.accountClosure.cancelOpenTransfers(userId, at);
    for (const transfer of transfers)
      await tx.audit.insert(
        {
          staffId,
          action: 'identity_transfer.cancel',
          subjectUserId: userId,
          caseRef: `transfer:${transfer.id}`,
          details: {
            cause: 'account_closed',
            closedBy: closing.closedBy,
            from: transfer.from,
            sourceUserId: transfer.sourceUserId,
            targetUserId: transfer.targetUserId,
          },
        },
        at,
      );
    const claims = await tx.accountClosure.releaseClaims(userId);
    for (const claim of claims)
      await tx.audit.insert(
        {
          staffId,
          action: 'case.release',
          subjectUserId: userId,
          caseRef: claim.caseRef,
          details: { cause: 'account_closed', closedBy: closing.closedBy, from: claim.staffId },
        },
        at,
      );
    return { transfers: transfers.length, claims: claims.length };
  }

  async function close(userId: number, closing: Closing): Promise<AccountClosureResult> {
    const at = now();
    const policy = await policies.inForce(at);
    const table = policyTable(policy.policies);
    const { result, blobIds } = await repos.transaction(async (tx) => {
      const person = await personClock(tx, userId, at);
      await tx.review.lockCase(userId);
      const recorded = await tx.accountClosures.recordClosure({
        userId,
        closedAt: at,
        closedBy: closing.closedBy,
        staffId: closing.staff?.id ?? null,
        ...(closing.reason === undefined ? {} : { reason: closing.reason }),
      });
      if (!recorded) throw new AppError('ACCOUNT_ALREADY_CLOSED');
      const withdrawn = await tx.accountClosure.withdrawPendingWork(userId, at);
      const stopped = await stopWorkInFlight(tx, userId, closing, at);
      const partners = await revokeLinks(tx, userId, closing.closedBy, at);
      await tx.sessions.deleteAllOf('user', userId);
      await tx.users.update(userId, { disabled: 1 }, at);

      const remains = retainedRecords(table, person);
      let blobIds: string[] = [];
      let closed: AccountClosureResult = {
        closedAt: at,
        closedBy: closing.closedBy,
        site: person.site,
        policyVersion: policy.version,
        remains,
      };
      if (closing.erasure) {
        const held = await tx.retention.isHeld(userId);
        let granted: ErasedRecord[] = [];
        let kept: RetainedRecord[];
        if (held) {
          kept = remains.map((r) => (isPersonKind(r.kind) ? r : { ...r, legalSource: HELD_SOURCE }));
        } else {
          const erased = await tx.accountClosure.eraseOnRequest(userId);
          blobIds = erased.blobIds;
          granted = Object.entries(erased.counts).map(([kind, count]) => ({
            kind: kind as ErasedRecord['kind'],
            count,
          }));
          kept = remains.filter((r) => isPersonKind(r.kind));
        }
        const id = await tx.accountClosure.insertErasureRequest({
          userId,
          requestedAt: at,
          site: person.site,
          policyVersion: policy.version,
          held,
          granted: JSON.stringify(granted),
          kept: JSON.stringify(kept),
        });
        if (id === undefined) throw new AppError('ACCOUNT_ALREADY_CLOSED');
        closed = {
          ...closed,
          remains: kept,
          erasure: { id, requestedAt: at, granted, kept, policyVersion: policy.version },
        };
      }
      if (closing.staff)
        // Last: the audit entry locks the chain head until the commit. The reason stays with the closure
        // (it may name people); the entry says one was given and what the closing did.
        await tx.audit.insert(
          {
            staffId: closing.staff.id,
            action: 'account.close',
            subjectUserId: userId,
            caseRef: `user:${userId}`,
            details: {
              reasonLength: closing.reason?.length ?? 0,
              withdrawn: { ...withdrawn, ...stopped },
              links: partners.links,
              partnersTold: partners.partnersTold,
              policyVersion: policy.version,
            },
          },
          at,
        );
      return { result: closed, blobIds };
    });
    // After the commit; a failure leaves an orphan for the orphan sweep (no row refers to it any more).
    for (const id of blobIds) await blobs.delete(id).catch(() => false);
    return result;
  }

  return {
    /** POST /v3/private/user/account/close (behind scene 30035): the person closes their account. */
    closeBySelf: (userId: number) => close(userId, { closedBy: 'self', erasure: false }),

    /** POST /v3/private/user/account/erasure-request (behind scene 30035): erasure, which closes too. */
    requestErasure: (userId: number) => close(userId, { closedBy: 'self', erasure: true }),

    /** POST /backoffice/api/cases/:userId/close (`close_accounts`): with a reason, audited. */
    async closeByStaff(staff: StaffMe, userId: number, reason: string): Promise<AccountClosureResult> {
      requirePermission(staff, 'close_accounts');
      return close(userId, { closedBy: 'staff', staff, reason: reason.trim(), erasure: false });
    },

    /** GET /backoffice/api/cases/:userId/closure (`view_cases`): the closure, the requests, what remains. */
    async view(staff: StaffMe, userId: number): Promise<AccountClosureView> {
      requirePermission(staff, 'view_cases');
      const closure = await repos.accountClosures.findClosure(userId);
      const requests = await repos.accountClosure.erasureRequestsOf(userId);
      const erasureRequests = requests.map((r) => ({
        id: r.id,
        requestedAt: r.requested_at,
        granted: JSON.parse(r.granted) as ErasedRecord[],
        kept: JSON.parse(r.kept) as RetainedRecord[],
        policyVersion: r.policy_version,
        held: r.held === 1,
      }));
      if (!closure) {
        if (!(await repos.users.findById(userId)))
          throw new AppError('ACCOUNT_CLOSURE_PERSON_UNKNOWN', undefined, 404);
        return { closure: null, erasureRequests, remains: [] };
      }
      const member = closure.staff_id === null ? undefined : await repos.staff.findById(closure.staff_id);
      const policy = await policies.inForce(now());
      const person = await personClock(repos, userId, closure.closed_at);
      return {
        closure: {
          closedAt: closure.closed_at,
          closedBy: closure.closed_by,
          staff:
            closure.staff_id === null ? null : { id: closure.staff_id, name: member?.display_name ?? '' },
          reason: closure.reason,
          erasedAt: closure.erased_at,
        },
        erasureRequests,
        remains: retainedRecords(policyTable(policy.policies), person),
      };
    },
  };
}
export type AccountClosureUseCases = ReturnType<typeof accountClosureUseCases>;
