/**
 * Sumsub webhooks (docs.sumsub.com/docs/user-verification-webhooks): the digest is checked over the raw
 * bytes before anything is parsed, in constant time, under the algorithm the sender names; then the
 * event is read into our VendorEvent. Its key is Sumsub's correlationId + type + createdAtMs, which a
 * redelivery repeats, so a webhook sent twice is applied once; the payload's hash stands in when Sumsub
 * leaves those out. Events are ordered by createdAtMs, as Sumsub's docs ask of receivers.
 */
import { createHash } from 'node:crypto';
import type { KycStepLevel } from '@kyc/contracts';
import { WebhookRejected, type VendorEvent, type WebhookRequest } from '../provider.ts';
import type { SumsubConfig } from '../settings.ts';
import { DIGEST_ALGORITHMS, payloadDigest, sameHex, type DigestAlgorithm } from './signing.ts';
import { outcomeOfEvent, sumsubTime, type SumsubReviewResult } from './review.ts';

const header = (headers: WebhookRequest['headers'], name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Throws WebhookRejected unless X-Payload-Digest is the HMAC of the raw body under the secret. */
export function verifyDigest(secret: string, request: WebhookRequest): void {
  const digest = header(request.headers, 'x-payload-digest');
  if (!digest) throw new WebhookRejected('X-Payload-Digest missing');
  const alg = header(request.headers, 'x-payload-digest-alg') ?? 'HMAC_SHA256_HEX';
  if (!Object.hasOwn(DIGEST_ALGORITHMS, alg))
    throw new WebhookRejected(`X-Payload-Digest-Alg ${alg.slice(0, 40)} is not one Sumsub uses`);
  const expected = payloadDigest(secret, alg as DigestAlgorithm, request.rawBody);
  if (!sameHex(digest, expected)) throw new WebhookRejected('X-Payload-Digest does not match the body');
}

interface SumsubWebhookBody {
  applicantId?: string;
  externalUserId?: string;
  levelName?: string;
  correlationId?: string;
  type?: string;
  reviewStatus?: string;
  createdAtMs?: string | number;
  createdAt?: string;
  reviewResult?: SumsubReviewResult;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Our level of a Sumsub level name (the configured names), or null for another level. */
export function levelOfName(config: SumsubConfig, name: unknown): KycStepLevel | null {
  if (name === config.levelNames[1]) return 1;
  if (name === config.levelNames[2]) return 2;
  return null;
}

export function parseSumsubWebhook(config: SumsubConfig, request: WebhookRequest, now: number): VendorEvent {
  verifyDigest(config.webhookSecret, request);
  let body: SumsubWebhookBody;
  try {
    const parsed: unknown = JSON.parse(request.rawBody.toString('utf8'));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    body = parsed as SumsubWebhookBody;
  } catch {
    throw new WebhookRejected('the body is not a JSON object');
  }
  const type = text(body.type) ?? 'unknown';
  const correlationId = text(body.correlationId);
  const createdAtMs = body.createdAtMs === undefined ? undefined : String(body.createdAtMs);
  const eventKey =
    correlationId && createdAtMs
      ? `${correlationId}:${type}:${createdAtMs}`
      : `sha256:${createHash('sha256').update(request.rawBody).digest('hex')}`;
  return {
    eventKey: eventKey.slice(0, 200),
    type,
    occurredAt: sumsubTime(body.createdAtMs) ?? sumsubTime(body.createdAt) ?? now,
    vendorApplicantId: text(body.applicantId) ?? '',
    externalUserId: text(body.externalUserId) ?? null,
    flowId: null,
    level: levelOfName(config, body.levelName),
    outcome: outcomeOfEvent(type, body.reviewResult),
  };
}
