import type { Db } from '../db.ts';
import type {
  VendorApplicantRow,
  VendorEventRow,
  VendorProviderName,
  VendorReviewStatus,
} from '../schema/index.ts';

export interface NewVendorEvent {
  provider: VendorProviderName;
  eventKey: string;
  userId: number | null;
  vendorApplicantId: string;
  eventType: string;
  source: 'webhook' | 'reconciliation';
  level: number | null;
  occurredAt: number;
  receivedAt: number;
  outcome: string;
  effect: string;
  payloadEnc: Buffer | null;
}

/**
 * Migration 017's vendor applicants and events (docs/providers.md): the only SQL on them. Applicants
 * are read by person and vendor, or by the vendor's own id (webhooks); the reconciliation scan reads
 * the partial index of pending ones in pages.
 */
export function vendorsRepo(db: Db) {
  return {
    async applicantOf(userId: number, provider: VendorProviderName): Promise<VendorApplicantRow | undefined> {
      return db
        .selectFrom('vendor_applicants')
        .selectAll()
        .where('user_id', '=', userId)
        .where('provider', '=', provider)
        .executeTakeFirst();
    },

    async applicantsOfUser(userId: number): Promise<VendorApplicantRow[]> {
      return db.selectFrom('vendor_applicants').selectAll().where('user_id', '=', userId).execute();
    },

    /**
     * By the vendor's applicant id, else by our reference, else by the current flow (an event may carry
     * any of them: Onfido's Studio events name only the workflow run).
     */
    async findApplicant(
      provider: VendorProviderName,
      vendorApplicantId: string,
      externalUserId: string | null,
      flowId: string | null = null,
    ): Promise<VendorApplicantRow | undefined> {
      const byVendorId = vendorApplicantId
        ? await db
            .selectFrom('vendor_applicants')
            .selectAll()
            .where('provider', '=', provider)
            .where('vendor_applicant_id', '=', vendorApplicantId)
            .executeTakeFirst()
        : undefined;
      if (byVendorId) return byVendorId;
      const byReference = externalUserId
        ? await db
            .selectFrom('vendor_applicants')
            .selectAll()
            .where('provider', '=', provider)
            .where('external_user_id', '=', externalUserId)
            .executeTakeFirst()
        : undefined;
      if (byReference || !flowId) return byReference;
      return db
        .selectFrom('vendor_applicants')
        .selectAll()
        .where('provider', '=', provider)
        .where('flow_id', '=', flowId)
        .executeTakeFirst();
    },

    /** Creates the person's applicant row at a vendor once; a concurrent twin's insert does nothing. */
    async ensureApplicant(
      userId: number,
      provider: VendorProviderName,
      externalUserId: string,
      level: number,
      at: number,
    ): Promise<VendorApplicantRow> {
      await db
        .insertInto('vendor_applicants')
        .values({
          user_id: userId,
          provider,
          external_user_id: externalUserId,
          vendor_applicant_id: null,
          flow_id: null,
          level,
          pending_since: null,
          reconciled_at: null,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.columns(['user_id', 'provider']).doNothing())
        .execute();
      return db
        .selectFrom('vendor_applicants')
        .selectAll()
        .where('user_id', '=', userId)
        .where('provider', '=', provider)
        .executeTakeFirstOrThrow();
    },

    /**
     * Records what the vendor answered when a verification was started (its ids, the level), and starts
     * watching it: `pending_since` is set if it was not, so that reconciliation asks the vendor even when
     * every webhook of this attempt is lost.
     */
    async recordStart(
      id: number,
      fields: { vendorApplicantId: string; flowId: string | null; level: number },
      at: number,
    ): Promise<void> {
      await db
        .updateTable('vendor_applicants')
        .set((eb) => ({
          vendor_applicant_id: fields.vendorApplicantId,
          flow_id: fields.flowId,
          level: fields.level,
          pending_since: eb.fn.coalesce('pending_since', eb.val(at)),
          updated_at: at,
        }))
        .where('id', '=', id)
        .execute();
    },

    /**
     * Moves the applicant's review state with an event of the vendor's time `eventAt`, only if no newer
     * event was applied (compare-and-set on last_event_at): false means the event is stale.
     */
    async advance(
      id: number,
      eventAt: number,
      fields: { reviewStatus: VendorReviewStatus; pendingSince: number | null; level?: number },
      at: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('vendor_applicants')
        .set({
          review_status: fields.reviewStatus,
          pending_since: fields.pendingSince,
          last_event_at: eventAt,
          ...(fields.level !== undefined ? { level: fields.level } : {}),
          updated_at: at,
        })
        .where('id', '=', id)
        .where('last_event_at', '<=', eventAt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Watched applicants (pending since before `before`, but not before `notBefore`: an attempt abandoned
     * that long ago is given up until the person starts again) not reconciled since `before`, by id after
     * `afterId` (reconciliation pages).
     */
    async pendingBefore(
      before: number,
      notBefore: number,
      afterId: number,
      limit: number,
    ): Promise<VendorApplicantRow[]> {
      return db
        .selectFrom('vendor_applicants')
        .selectAll()
        .where('pending_since', 'is not', null)
        .where('pending_since', '<', before)
        .where('pending_since', '>=', notBefore)
        .where('id', '>', afterId)
        .where((eb) => eb.or([eb('reconciled_at', 'is', null), eb('reconciled_at', '<', before)]))
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async markReconciled(id: number, at: number): Promise<void> {
      await db.updateTable('vendor_applicants').set({ reconciled_at: at }).where('id', '=', id).execute();
    },

    /** Stores an event once: false when the vendor already sent this one (unique provider + key). */
    async insertEvent(event: NewVendorEvent): Promise<boolean> {
      const result = await db
        .insertInto('vendor_events')
        .values({
          provider: event.provider,
          event_key: event.eventKey,
          user_id: event.userId,
          vendor_applicant_id: event.vendorApplicantId,
          event_type: event.eventType,
          source: event.source,
          level: event.level,
          occurred_at: event.occurredAt,
          received_at: event.receivedAt,
          outcome: event.outcome,
          effect: event.effect,
          payload_enc: event.payloadEnc,
        })
        .onConflict((oc) => oc.columns(['provider', 'event_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return result !== undefined;
    },

    async hasEvent(provider: VendorProviderName, eventKey: string): Promise<boolean> {
      const row = await db
        .selectFrom('vendor_events')
        .select('id')
        .where('provider', '=', provider)
        .where('event_key', '=', eventKey)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The person's vendor events, newest first (the case history), at most `limit`. */
    async eventsOfUser(userId: number, limit: number): Promise<VendorEventRow[]> {
      return db
        .selectFrom('vendor_events')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
export type VendorsRepo = ReturnType<typeof vendorsRepo>;
