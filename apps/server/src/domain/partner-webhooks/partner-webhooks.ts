/**
 * Webhooks to partners (issue 13, docs/sdk.md "Webhooks to partners", D45), composed: the back office's
 * use-cases (webhook, deliveries, redelivery) and the minutely job that dispatches the status outbox
 * into deliveries and then sends what is due.
 */
import type { StaffMe, WebhookDeliveryQuery } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import { deliverDue } from './deliver.ts';
import { dispatchEvents } from './dispatch.ts';
import { listDeliveries } from './list-deliveries.ts';
import { redeliver } from './redeliver.ts';
import { registerWebhookUseCases } from './register-webhook.ts';

export interface PartnerWebhookOptions {
  /** The outbound HTTP; the global fetch unless given. */
  fetch?: typeof fetch;
  now?: () => number;
}

export interface PartnerWebhookDeps extends PartnerWebhookOptions {
  repos: Repositories;
  keyring: MasterKeyring;
  production: boolean;
}

export function partnerWebhookUseCases(deps: PartnerWebhookDeps) {
  const { repos, keyring, production } = deps;
  const now = deps.now ?? Date.now;
  const send = deps.fetch ?? ((input, init) => fetch(input, init));
  const webhook = registerWebhookUseCases({ repos, keyring, production });

  /** Turns waiting events into deliveries; answers how many it made. */
  const dispatch = () => dispatchEvents(repos, now());
  /** Sends one batch of due deliveries; answers how many attempts it made. */
  const deliver = () => deliverDue({ repos, keyring, production, fetch: send, now });

  return {
    getWebhook: webhook.get,
    putWebhook: webhook.put,
    listDeliveries: (staff: StaffMe, businessId: string, query: WebhookDeliveryQuery) =>
      listDeliveries(repos, staff, businessId, query),
    redeliver: (staff: StaffMe, deliveryId: number) => redeliver(repos, staff, deliveryId, now()),
    dispatch,
    deliver,
    /** The job (composition.ts, every minute): dispatch, then deliver; answers the rows it changed. */
    async run(): Promise<number> {
      return (await dispatch()) + (await deliver());
    },
  };
}
export type PartnerWebhookUseCases = ReturnType<typeof partnerWebhookUseCases>;
