/**
 * A verification vendor scripted by the test (docs/providers.md "The provider interface"): its webhooks
 * are JSON ScriptedEvents signed by the header `x-test-signature: good`, its results are what the test
 * puts in `state.results`, and `state.down` makes it unreachable. Vendor-neutral rules are tested with it
 * without a vendor's wire format.
 */
import type { FastifyInstance } from 'fastify';
import type { KycStepLevel } from '@kyc/contracts';
import {
  VendorUnavailable,
  WebhookRejected,
  type VendorOutcome,
  type VendorResult,
  type VerificationProvider,
} from '../../src/providers/provider.ts';

export interface ScriptedEvent {
  key: string;
  type: string;
  at: number;
  applicantId: string;
  level?: KycStepLevel;
  outcome: VendorOutcome;
}

/** A scripted vendor that stands in for Sumsub (the adapter) and the knobs the test turns (state). */
export function scriptedVendor() {
  const state = {
    started: 0,
    down: false,
    results: new Map<string, VendorResult>(),
  };
  const adapter: VerificationProvider = {
    name: 'sumsub',
    apiUrl: 'https://vendor.test',
    flowNameOf: (level) => `Scripted${level}`,
    async start({ applicant, level }) {
      if (state.down) throw new VendorUnavailable('sumsub', 'HTTP 503 after retries');
      state.started++;
      return {
        vendorApplicantId: applicant.vendorApplicantId ?? `app-${applicant.externalUserId}`,
        flowId: null,
        sdk: {
          token: `tok-${state.started}`,
          apiUrl: 'https://vendor.test',
          flowName: `Scripted${level}`,
          sdkUrl: 'https://vendor.test/sdk.js',
          flowUrl: '',
          expiresAt: 1,
        },
      };
    },
    parseWebhook({ rawBody, headers }) {
      if (headers['x-test-signature'] !== 'good') throw new WebhookRejected('signature mismatch');
      const e = JSON.parse(rawBody.toString('utf8')) as ScriptedEvent;
      return {
        eventKey: e.key,
        type: e.type,
        occurredAt: e.at,
        vendorApplicantId: e.applicantId,
        externalUserId: null,
        flowId: null,
        level: e.level ?? null,
        outcome: e.outcome,
      };
    },
    async fetchResult({ vendorApplicantId }) {
      if (state.down) throw new VendorUnavailable('sumsub', 'timeout');
      return (
        state.results.get(vendorApplicantId) ?? {
          outcome: { kind: 'none' },
          occurredAt: 0,
          resultKey: 'none',
        }
      );
    },
  };
  return { adapter, state };
}

/** Posts a scripted event to the vendor's webhook endpoint (signed unless another signature is given). */
export function scriptedWebhook(app: FastifyInstance, event: ScriptedEvent, signature = 'good') {
  return app.inject({
    method: 'POST',
    url: '/webhooks/sumsub',
    headers: { 'content-type': 'application/json', 'x-test-signature': signature },
    payload: JSON.stringify(event),
  });
}
