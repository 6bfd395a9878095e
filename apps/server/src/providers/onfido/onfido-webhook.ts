/**
 * Onfido webhooks (https://documentation.onfido.com/api/latest/#webhooks): the X-SHA2-Signature header is
 * the hex HMAC-SHA256 of the raw body under the webhook's token, checked in constant time before the
 * body is even parsed; anything else is WebhookRejected (401, nothing changes).
 *
 * Studio events name the workflow run, never the applicant: `workflow_run.*` carries the run id as
 * `object.id`, `workflow_task.*` as `object.workflow_run_id`. The event therefore answers the run as
 * `flowId` and an empty vendorApplicantId, and the domain finds our applicant by its current flow
 * (vendors-repo findApplicant). A completed run's webhook has its status but not its reasons: an
 * approval or a review is taken from it; a decline is 'fetch' (the reasons are read from the run).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRejected, type VendorEvent, type VendorOutcome, type WebhookRequest } from '../provider.ts';
import { isCaptureTask, outcomeOfRun } from './onfido-outcome.ts';

export const SIGNATURE_HEADER = 'x-sha2-signature';

/** The signature Onfido sends for `rawBody` under `token` (also used by the simulator and the tests). */
export const onfidoSignature = (token: string, rawBody: Buffer | string): string =>
  createHmac('sha256', token).update(rawBody).digest('hex');

export function verifyOnfidoSignature(token: string, request: WebhookRequest): void {
  const header = request.headers[SIGNATURE_HEADER];
  const given = Array.isArray(header) ? header[0] : header;
  if (!given) throw new WebhookRejected('no X-SHA2-Signature header');
  if (!/^[0-9a-fA-F]{64}$/.test(given))
    throw new WebhookRejected('X-SHA2-Signature is not a hex SHA-256 HMAC');
  const expected = Buffer.from(onfidoSignature(token, request.rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex')))
    throw new WebhookRejected('X-SHA2-Signature does not match the body');
}

interface OnfidoEventObject {
  id?: unknown;
  status?: unknown;
  workflow_run_id?: unknown;
  task_def_id?: unknown;
  completed_at_iso8601?: unknown;
  started_at_iso8601?: unknown;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export function parseOnfidoWebhook(token: string, request: WebhookRequest, now: () => number): VendorEvent {
  verifyOnfidoSignature(token, request);
  let body: unknown;
  try {
    body = JSON.parse(request.rawBody.toString('utf8'));
  } catch {
    throw new WebhookRejected('the body is not JSON');
  }
  const payload = (body as { payload?: { resource_type?: unknown; action?: unknown; object?: unknown } })
    ?.payload;
  const object = (payload?.object ?? {}) as OnfidoEventObject;
  const action = text(payload?.action);
  const resourceType = text(payload?.resource_type);
  if (!action || !object || typeof object !== 'object') throw new WebhookRejected('not an Onfido event');

  const runId = resourceType === 'workflow_run' ? text(object.id) : text(object.workflow_run_id);
  const time = text(object.completed_at_iso8601) || text(object.started_at_iso8601);
  const at = Date.parse(time);
  const occurredAt = Number.isNaN(at) ? now() : at;
  const eventKey = time
    ? `${action}:${runId}:${text(object.id)}:${time}`.slice(0, 200)
    : `${action}:${createHash('sha256').update(request.rawBody).digest('hex')}`;

  let outcome: VendorOutcome | 'fetch' = { kind: 'none' };
  if (action === 'workflow_run.completed') {
    const status = text(object.status);
    // A decline needs its reasons, which only the run itself has.
    outcome = status === 'declined' ? 'fetch' : outcomeOfRun({ id: runId, status, reasons: null });
  } else if (action === 'workflow_task.completed' && isCaptureTask(text(object.task_def_id))) {
    outcome = { kind: 'pending' };
  }

  return {
    eventKey,
    type: action,
    occurredAt,
    vendorApplicantId: '',
    externalUserId: null,
    flowId: runId || null,
    level: null,
    outcome,
  };
}
