/**
 * Onfido adapter (docs/providers-onfido.md), built on Onfido Studio workflows (API v3.6): one applicant
 * per person, created on first use and known to Onfido only by our opaque reference; a NEW workflow run
 * per attempt (Onfido runs cannot be restarted once finished); the Web SDK opened with an SDK token of
 * the applicant and the run's id (`Onfido.init({ token, workflowRunId })`).
 *
 * `sdk.flowName` is the workflow RUN id, not the workflow id: for Onfido the Web SDK's `workflowRunId`
 * option is what names the flow in the browser. `flowNameOf(level)` (kyc-info) stays the workflow id.
 */
import type { KycStepLevel } from '@kyc/contracts';
import type { StartInput, StartedVerification, VendorResult, VerificationProvider } from '../provider.ts';
import type { OnfidoConfig } from '../settings.ts';
import type { VendorHttp } from '../vendor-http.ts';
import { onfidoApi, type OnfidoWorkflowRun } from './onfido-api.ts';
import { outcomeOfRun } from './onfido-outcome.ts';
import { parseOnfidoWebhook } from './onfido-webhook.ts';
import { documentOfRunOutput } from './onfido-document.ts';

/** Onfido's SDK tokens live 90 minutes. */
export const SDK_TOKEN_TTL_MS = 90 * 60_000;
/** Run statuses after which the run takes no more input: the next attempt needs a new run. */
const FINISHED = new Set(['approved', 'declined', 'abandoned', 'error']);

export function createOnfidoProvider(
  config: OnfidoConfig,
  http: VendorHttp,
  now: () => number,
): VerificationProvider {
  const api = onfidoApi(config.baseUrl, config.apiToken, http);
  const flowNameOf = (level: KycStepLevel) => config.workflowIds[level];

  /** The stored run when it belongs to this level and still takes input or is being decided. */
  async function reusableRun(flowId: string | null, storedLevel: KycStepLevel, level: KycStepLevel) {
    if (!flowId || storedLevel !== level) return undefined;
    const run = await api.findWorkflowRun(flowId);
    if (!run || FINISHED.has(run.status) || run.workflow_id !== flowNameOf(level)) return undefined;
    return run;
  }

  return {
    name: 'onfido',
    apiUrl: config.baseUrl,
    flowNameOf,

    async start({ applicant, level }: StartInput): Promise<StartedVerification> {
      const applicantId =
        applicant.vendorApplicantId ?? (await api.createApplicant(applicant.externalUserId)).id;
      const run: OnfidoWorkflowRun =
        (await reusableRun(applicant.flowId, applicant.level, level)) ??
        (await api.createWorkflowRun(flowNameOf(level), applicantId, applicant.externalUserId));
      const token = await api.sdkToken(applicantId);
      return {
        vendorApplicantId: applicantId,
        flowId: run.id,
        sdk: {
          token,
          apiUrl: config.baseUrl,
          flowName: run.id,
          sdkUrl: config.webSdkUrl,
          flowUrl: '',
          expiresAt: now() + SDK_TOKEN_TTL_MS,
        },
      };
    },

    parseWebhook(request) {
      return parseOnfidoWebhook(config.webhookToken, request, now);
    },

    async fetchResult(applicant): Promise<VendorResult> {
      const run = applicant.flowId ? await api.findWorkflowRun(applicant.flowId) : undefined;
      if (!run)
        return {
          outcome: { kind: 'none' },
          occurredAt: now(),
          resultKey: `no-run:${applicant.flowId ?? ''}`,
        };
      const at = Date.parse(run.updated_at);
      return {
        outcome: outcomeOfRun(run),
        occurredAt: Number.isNaN(at) ? now() : at,
        resultKey: `${run.id}:${run.status}:${run.updated_at}`,
      };
    },

    /** Issue 19 (D112): what the Document Report read, from the workflow run's output. */
    async documentOf(applicant) {
      const run = applicant.flowId ? await api.findWorkflowRun(applicant.flowId) : undefined;
      return run ? documentOfRunOutput(run.output) : null;
    },
  };
}
