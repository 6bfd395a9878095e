/**
 * The case page's "Verification vendor" panel (docs/backoffice.md "Verification vendor"): the person's
 * applicants at the vendors and the vendors' events about them, newest first (at most 50), each event's
 * payload opened under the person's data key for staff and pretty-printed. The payloads are personal
 * data, so the caller audits which events it opened (`case.view` details `openedVendorEvents`).
 */
import type { ReviewVendorEvent, ReviewVendorPanel } from '@kyc/contracts';
import type { Repositories } from '../../../data/repositories/index.ts';
import type { VendorEventRow } from '../../../data/schema/index.ts';
import { decryptBlob, type MasterKeyring } from '../../../lib/crypto/envelope.ts';
import { withStoredDataKey } from '../../kyc/data-keys.ts';
import { eventObjectId } from '../../providers/ingest.ts';

/** The panel shows this many events, newest first. */
export const VENDOR_EVENTS_SHOWN = 50;

/** The payload as staff read it: indented JSON, or the text as received when it is not JSON. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function opened(row: VendorEventRow, userId: number, key: Buffer | undefined): string | null {
  if (row.payload_enc === null || !key) return null;
  try {
    const aad = { userId, objectId: eventObjectId({ vendor: row.provider, eventKey: row.event_key }) };
    return pretty(decryptBlob(key, Buffer.from(row.payload_enc), aad).toString('utf8'));
  } catch {
    return null;
  }
}

export async function vendorPanelOf(
  repos: Pick<Repositories, 'vendors' | 'submissions'>,
  keyring: MasterKeyring,
  userId: number,
): Promise<{ panel: ReviewVendorPanel; openedEvents: number[] }> {
  const [applicants, rows] = await Promise.all([
    repos.vendors.applicantsOfUser(userId),
    repos.vendors.eventsOfUser(userId, VENDOR_EVENTS_SHOWN),
  ]);
  const sealed = rows.some((r) => r.payload_enc !== null);
  const events = (key: Buffer | undefined): ReviewVendorEvent[] =>
    rows.map((r) => {
      const payload = opened(r, userId, key);
      return {
        id: Number(r.id),
        provider: r.provider,
        eventType: r.event_type,
        source: r.source,
        level: r.level === null ? null : Number(r.level),
        occurredAt: Number(r.occurred_at),
        receivedAt: Number(r.received_at),
        outcome: r.outcome,
        effect: r.effect,
        payload,
        payloadUnreadable: r.payload_enc !== null && payload === null,
      };
    });
  // Nothing sealed: no data key is unwrapped at all.
  const list = sealed
    ? await withStoredDataKey(repos.submissions, keyring, userId, events)
    : events(undefined);
  return {
    panel: {
      applicants: applicants.map((a) => ({
        provider: a.provider,
        externalUserId: a.external_user_id,
        vendorApplicantId: a.vendor_applicant_id,
        level: Number(a.level),
        reviewStatus: a.review_status,
        pendingSince: a.pending_since === null ? null : Number(a.pending_since),
        lastEventAt: Number(a.last_event_at) > 0 ? Number(a.last_event_at) : null,
      })),
      events: list,
    },
    openedEvents: list.filter((e) => e.payload !== null).map((e) => e.id),
  };
}
