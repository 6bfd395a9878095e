/**
 * Jumio's workflow callback (docs/providers-jumio.md "Callback"): {callbackSentAt, userReference,
 * workflowExecution: {id, href, definitionKey, status}, account: {id, href}}. It is unsigned and carries no
 * decision, so it is treated as a notice only: accepted from the allowed addresses, then the outcome of a
 * PROCESSED (or ACQUIRED) execution is read from the retrieval API by the domain ('fetch'); any decision
 * a caller puts in the body is ignored. Expired sessions and tokens change nothing: the person starts a
 * new attempt, which opens a new workflow execution.
 */
import { z } from 'zod';
import type { KycStepLevel } from '@kyc/contracts';
import { WebhookRejected, type VendorEvent, type WebhookRequest } from '../provider.ts';
import type { JumioConfig } from '../settings.ts';
import type { IpAllowList } from './ip-allow-list.ts';

const callbackSchema = z.object({
  callbackSentAt: z.string().datetime({ offset: true }),
  userReference: z.string().min(1).max(200).optional(),
  workflowExecution: z.object({
    id: z.string().min(1).max(100),
    href: z.string().optional(),
    definitionKey: z.string().optional(),
    status: z.string().min(1).max(50),
  }),
  account: z.object({ id: z.string().min(1).max(100), href: z.string().optional() }),
});
export type JumioCallback = z.infer<typeof callbackSchema>;

/** The statuses whose result is read from the retrieval API; the others change nothing. */
const FETCHED = new Set(['PROCESSED', 'ACQUIRED']);

/** Our level of a workflow definition key, when the key names one level only (both default to 10013). */
function levelOf(config: Pick<JumioConfig, 'workflowKeys'>, key: string | undefined): KycStepLevel | null {
  const levels = ([1, 2] as const).filter((level) => config.workflowKeys[level] === key);
  return levels.length === 1 ? (levels[0] ?? null) : null;
}

export function parseCallback(
  request: WebhookRequest,
  allowList: IpAllowList,
  config: Pick<JumioConfig, 'workflowKeys'>,
): VendorEvent {
  if (!allowList.allows(request.remoteAddress))
    throw new WebhookRejected(`jumio callback from ${request.remoteAddress}, not an allowed address`);
  let body: unknown;
  try {
    body = JSON.parse(request.rawBody.toString('utf8'));
  } catch {
    throw new WebhookRejected('jumio callback: the body is not JSON');
  }
  const parsed = callbackSchema.safeParse(body);
  if (!parsed.success)
    throw new WebhookRejected(
      `jumio callback: ${parsed.error.issues[0]?.path.join('.') || 'body'} is missing or malformed`,
    );
  const { callbackSentAt, userReference, workflowExecution, account } = parsed.data;
  const status = workflowExecution.status.toUpperCase();
  return {
    eventKey: `${workflowExecution.id}:${status}:${callbackSentAt}`,
    type: `workflowExecution.${status}`,
    occurredAt: Date.parse(callbackSentAt),
    vendorApplicantId: account.id,
    externalUserId: userReference ?? null,
    flowId: workflowExecution.id,
    level: levelOf(config, workflowExecution.definitionKey),
    outcome: FETCHED.has(status) ? 'fetch' : { kind: 'none' },
  };
}
