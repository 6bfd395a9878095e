/**
 * The pure rules of webhooks to partners (docs/sdk.md "Webhooks to partners"): which URLs are accepted,
 * when the next attempt is due, and the body a partner receives. No I/O, unit-tested.
 */
import {
  PARTNER_WEBHOOK_RETRY_DELAYS_MS,
  type PartnerWebhookEvent,
  type PartnerWebhookEventType,
} from '@kyc/contracts';
import type { StatusOutboxRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * 54101 unless `url` is an absolute https URL (http too outside production), with a host and without
 * user name or password (they would be sent to whoever the URL names, and logged with it).
 */
export function checkedWebhookUrl(url: string, production: boolean): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError('PARTNER_WEBHOOK_URL_INVALID', 'url: not an absolute URL');
  }
  const schemes = production ? ['https:'] : ['https:', 'http:'];
  if (!schemes.includes(parsed.protocol))
    throw new AppError('PARTNER_WEBHOOK_URL_INVALID', `url: ${production ? 'https' : 'http(s)'} only`);
  if (parsed.username !== '' || parsed.password !== '')
    throw new AppError('PARTNER_WEBHOOK_URL_INVALID', 'url: no user name or password');
  if (parsed.hostname === '') throw new AppError('PARTNER_WEBHOOK_URL_INVALID', 'url: no host');
  return parsed.toString();
}

/** After failed attempt number `attempts` (1-based): when the next is due, or null when it was the last. */
export function nextAttemptAt(attempts: number, now: number): number | null {
  const delay = PARTNER_WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : now + delay;
}

export function eventTypeOf(kind: StatusOutboxRow['kind']): PartnerWebhookEventType {
  return kind === 'kyc_level' ? 'kyc_level.status_changed' : 'questionnaire.status_changed';
}

/**
 * Issue 20: the body telling a partner that a person's verification data was erased under the retention
 * policy (`ref`: the kind erased, identity_documents or personal_data), by the partner's own reference.
 */
export function redactedEventBody(
  eventId: string,
  userRef: string,
  kind: string,
  at: number,
): PartnerWebhookEvent {
  return {
    eventId,
    type: 'verification.redacted',
    userRef,
    kind: 'verification',
    ref: kind,
    status: 'REDACTED',
    occurredAt: at,
  };
}

/**
 * Issue 20: the body telling a partner that the person's account was closed (`ref`: who closed it, self
 * or staff) and their link revoked, by the partner's own reference. Sent once per live link at closing.
 */
export function closedEventBody(
  eventId: string,
  userRef: string,
  closedBy: 'self' | 'staff',
  at: number,
): PartnerWebhookEvent {
  return {
    eventId,
    type: 'account.closed',
    userRef,
    kind: 'account',
    ref: closedBy,
    status: 'CLOSED',
    occurredAt: at,
  };
}

/** The body of one event for one partner: the partner's own reference, never our email or user id. */
export function eventBody(event: StatusOutboxRow, eventId: string, userRef: string): PartnerWebhookEvent {
  return {
    eventId,
    type: eventTypeOf(event.kind),
    userRef,
    kind: event.kind,
    ref: event.ref,
    status: event.status,
    occurredAt: event.at,
  };
}
