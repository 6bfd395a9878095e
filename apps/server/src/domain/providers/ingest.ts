/**
 * One event of a vendor, from a webhook or from reconciliation, applied once and in the vendor's order
 * (docs/providers.md "Events"). In ONE transaction: the applicant's review state moves only if the
 * event is not older than the newest one applied (compare-and-set on last_event_at), the outcome is
 * applied to the level (apply-outcome.ts), and the event is stored with what it did, its payload sealed
 * under the person's data key. A second delivery of the same event finds its key taken and changes
 * nothing; the caller's 200 is sent only after this commits.
 */
import type { KycStepLevel } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { VendorApplicantRow, VendorReviewStatus } from '../../data/schema/index.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import { encryptBlob } from '../../lib/crypto/envelope.ts';
import type { VendorName, VendorOutcome } from '../../providers/provider.ts';
import { withDataKey } from '../kyc/data-keys.ts';
import type { ScreeningRequests } from '../screening/screening-service.ts';
import type { RiskRecompute } from '../risk/risk-service.ts';
import { applyOutcome, type OutcomeEffect } from './apply-outcome.ts';

export type IngestEffect = OutcomeEffect | 'stale' | 'duplicate' | 'unknown_applicant';

export interface IngestInput {
  vendor: VendorName;
  eventKey: string;
  eventType: string;
  source: 'webhook' | 'reconciliation';
  occurredAt: number;
  vendorApplicantId: string;
  /** The applicant, when found; an event for no applicant of ours is stored and changes nothing. */
  applicant: VendorApplicantRow | undefined;
  level: KycStepLevel | null;
  outcome: VendorOutcome;
  /** The event as received (raw JSON text), kept sealed for the case history. */
  payload: string;
}

/** The vendor-side review state after an outcome (pending_since kept while the review goes on). */
function reviewStateOf(
  outcome: VendorOutcome,
  applicant: VendorApplicantRow,
  at: number,
): { reviewStatus: VendorReviewStatus; pendingSince: number | null } {
  switch (outcome.kind) {
    case 'pending':
      return { reviewStatus: 'pending', pendingSince: applicant.pending_since ?? at };
    case 'on_hold':
      return { reviewStatus: 'on_hold', pendingSince: applicant.pending_since ?? at };
    case 'reset':
      return { reviewStatus: 'init', pendingSince: null };
    case 'none':
      return { reviewStatus: applicant.review_status, pendingSince: applicant.pending_since };
    default:
      return { reviewStatus: 'completed', pendingSince: null };
  }
}

class Duplicate extends Error {}

/** The object id a stored event's payload is sealed to (moved to another row, it does not open). */
export const eventObjectId = (e: { vendor: string; eventKey: string }) =>
  `vendor-event:${e.vendor}:${e.eventKey}`;

export interface IngestDeps {
  repos: Repositories;
  keyring: MasterKeyring;
  now: () => number;
  /** Issue 18: a verified identity reported by a vendor is screened after the commit (D65). */
  screening?: ScreeningRequests | undefined;
  /** Issue 18 "Risk score": a vendor's approval recomputes the person's risk after the commit. */
  risk?: RiskRecompute | undefined;
}

export function ingestUseCase(deps: IngestDeps) {
  const { repos, keyring, now, screening, risk } = deps;

  return async function ingest(input: IngestInput): Promise<IngestEffect> {
    const at = now();
    const { applicant } = input;
    if (await repos.vendors.hasEvent(input.vendor, input.eventKey)) return 'duplicate';
    const base = {
      provider: input.vendor,
      eventKey: input.eventKey,
      vendorApplicantId: input.vendorApplicantId,
      eventType: input.eventType.slice(0, 100),
      source: input.source,
      occurredAt: input.occurredAt,
      receivedAt: at,
      outcome: input.outcome.kind,
    };
    if (!applicant) {
      const stored = await repos.vendors.insertEvent({
        ...base,
        userId: null,
        level: input.level,
        effect: 'unknown_applicant',
        payloadEnc: null,
      });
      return stored ? 'unknown_applicant' : 'duplicate';
    }
    const userId = Number(applicant.user_id);
    const level = input.level ?? (applicant.level as KycStepLevel);
    const payloadEnc = await withDataKey(repos.submissions, keyring, userId, at, (key) =>
      encryptBlob(key, Buffer.from(input.payload, 'utf8'), { userId, objectId: eventObjectId(input) }),
    );
    try {
      const { effect, screeningRun, approved } = await repos.transaction(async (tx) => {
        const fresh = await tx.vendors.advance(
          Number(applicant.id),
          input.occurredAt,
          { ...reviewStateOf(input.outcome, applicant, at), level },
          at,
        );
        const effect: IngestEffect = fresh
          ? await applyOutcome(tx, {
              userId,
              level,
              vendor: input.vendor,
              outcome: input.outcome,
              eventKey: input.eventKey,
              at,
              holdApproval: screening?.approvalHold,
            })
          : 'stale';
        const stored = await tx.vendors.insertEvent({ ...base, userId, level, effect, payloadEnc });
        if (!stored) throw new Duplicate();
        // The vendor verified the identity: the person is screened (names as we hold them).
        const approved = effect === 'applied' && input.outcome.kind === 'approved';
        const run = approved ? await screening?.request(tx, userId, 'vendor_verified', at) : undefined;
        return { effect, screeningRun: run, approved };
      });
      screening?.soon(screeningRun);
      if (approved) risk?.soon(userId, 'vendor_verified');
      return effect;
    } catch (error) {
      if (error instanceof Duplicate) return 'duplicate';
      throw error;
    }
  };
}
export type Ingest = ReturnType<typeof ingestUseCase>;
