/**
 * Delivery (docs/sdk.md "Webhooks to partners", D45): sends the due deliveries. Each is first claimed
 * by compare-and-set (its due time moved to the end of the claim), so two instances never send the same
 * delivery at once, and a sender that dies mid-attempt leaves it due again when the claim ends. One
 * POST, signed, with a 5-second timeout and no redirect followed: a 2xx answer delivers; anything else
 * (another status, a redirect, a timeout, a refused connection, a webhook since disabled) counts as a
 * failed attempt, retried after 5 min, 1 h, 5 h and 18 h, the fifth failure being final.
 */
import { PARTNER_WEBHOOK_EVENT_HEADER } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { AttemptOutcome } from '../../data/repositories/partner-webhooks-repo.ts';
import type { PartnerWebhookDeliveryRow } from '../../data/schema/index.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import { webhookHeaders } from './webhook-signature.ts';
import { checkedWebhookUrl, nextAttemptAt } from './webhook-rules.ts';
import { openWebhookSecret } from './webhook-secrets.ts';

export const DELIVERY_TIMEOUT_MS = 5_000;
/** How long a claimed attempt holds its delivery: well past the timeout. */
export const CLAIM_MS = 60_000;
export const DELIVERY_BATCH = 25;

export interface DeliverDeps {
  repos: Repositories;
  keyring: MasterKeyring;
  production: boolean;
  /** The outbound HTTP (tests: a real local receiver through the global fetch, or a stand-in). */
  fetch: typeof fetch;
  now: () => number;
}

/** What one attempt got: the HTTP status, or the reason there was none. */
type Attempt = { statusCode: number; error: null } | { statusCode: number | null; error: string };

async function attempt(deps: DeliverDeps, delivery: PartnerWebhookDeliveryRow): Promise<Attempt> {
  const webhook = await deps.repos.partnerWebhooks.findWebhook(delivery.business_id);
  if (!webhook || Number(webhook.enabled) !== 1) return { statusCode: null, error: 'webhook_disabled' };
  let url: string;
  try {
    url = checkedWebhookUrl(webhook.url, deps.production);
  } catch {
    return { statusCode: null, error: 'url_refused' };
  }
  let secret: string;
  try {
    secret = openWebhookSecret(deps.keyring, delivery.business_id, webhook.secret_sealed);
  } catch {
    return { statusCode: null, error: 'secret_unreadable' };
  }
  try {
    const response = await deps.fetch(url, {
      method: 'POST',
      headers: {
        ...webhookHeaders(secret, delivery.body, deps.now()),
        [PARTNER_WEBHOOK_EVENT_HEADER]: delivery.event_id,
      },
      body: delivery.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    // The answer's body is not read: only its status counts.
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { statusCode: response.status, error: null };
    return { statusCode: response.status, error: `http_${response.status}` };
  } catch (error) {
    const name = (error as { name?: string }).name;
    return { statusCode: null, error: name === 'TimeoutError' ? 'timeout' : 'connection_failed' };
  }
}

function outcomeOf(delivery: PartnerWebhookDeliveryRow, result: Attempt, now: number): AttemptOutcome {
  const attempts = delivery.attempts + 1;
  if (result.error === null)
    return { status: 'delivered', attempts, nextAttemptAt: null, statusCode: result.statusCode, error: null };
  const next = nextAttemptAt(attempts, now);
  return {
    status: next === null ? 'failed' : 'pending',
    attempts,
    nextAttemptAt: next,
    statusCode: result.statusCode,
    error: result.error,
  };
}

/** Sends one batch of due deliveries (in parallel); answers how many attempts it made. */
export async function deliverDue(deps: DeliverDeps): Promise<number> {
  const { repos } = deps;
  const now = deps.now();
  const due = await repos.partnerWebhooks.due(now, DELIVERY_BATCH);
  const results = await Promise.all(
    due.map(async ({ id, nextAttemptAt: readDueAt }) => {
      const until = now + CLAIM_MS;
      const claimed = await repos.partnerWebhooks.claim(id, readDueAt, until, now);
      if (!claimed) return 0;
      const result = await attempt(deps, claimed);
      await repos.partnerWebhooks.settle(id, until, outcomeOf(claimed, result, deps.now()), deps.now());
      return 1;
    }),
  );
  return results.reduce<number>((sum, n) => sum + n, 0);
}
